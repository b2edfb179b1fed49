#pragma once
// Working memory (everything but weights) of each stage for one request, from the configs.
// Estimates, not measurements: each term names the tensors it stands for, and
// docs/benchmarks.md ("Memory planner accuracy") records how they compare to measured peaks.
#include "framesmith/GenerationRequest.h"
#include "framesmith/MemoryPreset.h"
#include "memory/planner/ModelConfigs.h"

#include <cstdint>

namespace framesmith {

enum class AttentionPath { Invalid, Fused, ChunkedMath };

struct LatentGeometry {
    int latentFrames = 0;   // after the 1.5 padding to a multiple of patch_size_t
    int latentHeight = 0;
    int latentWidth = 0;
    std::int64_t videoTokens = 0;
    std::int64_t sequenceLength = 0; // text + video tokens (the joint attention length)
};

class ActivationEstimator {
public:
    // The port's attention: SDPA/flash on CUDA with libtorch 2.x, else queries in chunks whose
    // scores stay under this budget.
    static constexpr std::int64_t kScoreBudgetBytes = 256ll << 20;
    // models/cogvideox/CogVideoXAttention applies RoPE in chunks of video tokens of this many
    // float32 bytes (the same rule as CogVideoXAttention::ropeChunkTokens; a test compares them).
    static constexpr std::int64_t kRopeChunkBytes = 16ll << 20;
    static std::int64_t ropeChunkTokens(std::int64_t batch, std::int64_t innerDim, std::int64_t videoTokens);

    static LatentGeometry geometry(const ModelConfigs& configs, const GenerationRequest& request);
    static std::int64_t textEncode(const ModelConfigs& configs, ComputeDtype dtype);
    // batch: 2 with classifier-free guidance on one device, else 1.
    static std::int64_t denoise(const ModelConfigs& configs, const GenerationRequest& request, int batch,
                                ComputeDtype dtype, AttentionPath attention);
    // isCpu: decoding on the CPU (ATen's native convolution path for small inputs).
    static std::int64_t vaeDecode(const ModelConfigs& configs, const GenerationRequest& request,
                                  const MemoryPreset& preset, bool isCpu);
    static std::int64_t attentionWorkspace(std::int64_t batch, std::int64_t heads, std::int64_t sequence,
                                           std::int64_t headDim, AttentionPath attention, std::int64_t elementBytes);

private:
    // The peak of one transformer forward over its phases (projections, attention, feed-forward).
    static std::int64_t transformerForward(const TransformerConfig& t, std::int64_t batch, const LatentGeometry& g,
                                           std::int64_t elementBytes, AttentionPath attention);
    // Positional tables beyond what the weights count (RoPE cos/sin, a sincos table for this grid).
    static std::int64_t positions(const TransformerConfig& t, const LatentGeometry& g, std::int64_t elementBytes);
};

} // namespace framesmith
