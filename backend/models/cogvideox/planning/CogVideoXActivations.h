#pragma once
// Working memory (everything but weights) of the CogVideoX stages for one request, from the
// configs. Each term names the tensors it stands for in models/cogvideox; docs/benchmarks.md
// ("Memory planner accuracy") records how they compare to measured peaks. Pure; any thread.
#include "framesmith/GenerationRequest.h"
#include "framesmith/MemoryPreset.h"
#include "memory/planner/ActivationEstimator.h"
#include "models/cogvideox/transformer/CogVideoXTransformerConfig.h"
#include "models/cogvideox/vae/CogVideoXVaeConfig.h"
#include "text/T5Config.h"

#include <cstdint>

namespace framesmith {

struct CogVideoXLatentGeometry {
    int latentFrames = 0; // after the 1.5 padding to a multiple of patch_size_t
    int latentHeight = 0;
    int latentWidth = 0;
    std::int64_t videoTokens = 0;
    std::int64_t sequenceLength = 0; // text + video tokens (the joint attention length)
};

class CogVideoXActivations {
public:
    // Throws InvalidRequestError("request") unless frames >= 1 and the size is a multiple of the
    // VAE's spatial compression.
    static CogVideoXLatentGeometry geometry(const CogVideoXTransformerConfig& transformer, const CogVideoXVaeConfig& vae,
                                            const GenerationRequest& request);
    // Prompt and negative prompt, one at a time (the embeddings of both stay for denoising).
    static std::int64_t textEncode(const T5Config& textEncoder, const CogVideoXTransformerConfig& transformer,
                                   ComputeDtype dtype);
    static std::int64_t denoise(const CogVideoXTransformerConfig& transformer, const CogVideoXVaeConfig& vae,
                                const GenerationRequest& request, int batch, ComputeDtype dtype, AttentionPath attention);
    static std::int64_t vaeDecode(const CogVideoXTransformerConfig& transformer, const CogVideoXVaeConfig& vae,
                                  const GenerationRequest& request, const MemoryPreset& preset, bool isCpu);

private:
    // The peak of one transformer forward over its phases (projections, attention, feed-forward).
    static std::int64_t transformerForward(const CogVideoXTransformerConfig& t, std::int64_t batch,
                                           const CogVideoXLatentGeometry& g, std::int64_t elementBytes,
                                           AttentionPath attention);
    // Positional tables beyond what the weights count (RoPE cos/sin, a sincos table for this grid).
    static std::int64_t positions(const CogVideoXTransformerConfig& t, const CogVideoXLatentGeometry& g,
                                  std::int64_t elementBytes);
};

} // namespace framesmith
