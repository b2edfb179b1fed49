#pragma once
// Working memory of one STDiT3 denoising step (everything but the weights), from the config and
// the step's shape: which tensors are alive at the peak, per attention path. It follows the port's
// own rules — the residual stream is updated in place one chunk of tokens at a time
// (STDiT3Block::chunkTokens), attention is SDPA (fused) or query chunks under a score budget
// (ChunkedAttention) — so a term changes when, and only when, the code does. Torch-free.
#include "models/opensora/transformer/STDiT3Config.h"

#include <cstdint>

namespace framesmith {

struct STDiT3StepShape {
    std::int64_t batch = 2;           // samples per forward: 2 = [cond, uncond] on one device
    std::int64_t latentFrames = 0;    // T, h, w of the latents
    std::int64_t latentHeight = 0;
    std::int64_t latentWidth = 0;
    std::int64_t textTokens = 300;    // caption rows per sample (y_lens; at most model_max_length)
    bool hasFrameMask = false;        // some frames take the timestep-0 modulation (x_mask)
};

struct STDiT3Activations {
    std::int64_t inputBytes = 0;     // x [B, C_in, T, h, w] in the compute dtype, alive through the forward
    std::int64_t residualBytes = 0;  // the block stream [B, T'·S, C] (T', S after patch padding)
    std::int64_t textBytes = 0;      // caption rows [B, L, C], alive through the forward
    std::int64_t phaseBytes = 0;     // the widest block phase on one chunk of tokens, its attention scores (and
                                     // in the cross phase the block's caption keys and values [B, L, 2C]) included
    std::int64_t attentionBytes = 0; // the largest single attention workspace (scores, or SDPA's row statistics)
    std::int64_t embedBytes = 0;     // patch embedding: the padded input, the conv output and its token-major copy
    std::int64_t finalBytes = 0;     // final layer: normalised stream (+ t0 variant and selection) or patch features
    std::int64_t samplerBytes = 0;   // RFLOW around the call (float32): z, x0, the draw, cat([z, z]), output, v

    std::int64_t blockPeakBytes() const { return inputBytes + residualBytes + textBytes + phaseBytes; }
    // The peak of one guided step: the widest of the three stages, with the sampler's tensors.
    std::int64_t peakBytes() const;
};

class STDiT3ActivationModel {
public:
    static constexpr std::int64_t kDefaultChunkBytes = 256ll << 20;       // STDiT3::setChunkBytes default
    static constexpr std::int64_t kDefaultScoreBudgetBytes = 256ll << 20; // AttentionOptions default

    static STDiT3Activations estimate(const STDiT3Config& config, const STDiT3StepShape& shape,
                                      std::int64_t elementBytes, bool fusedAttention,
                                      std::int64_t chunkBytes = kDefaultChunkBytes,
                                      std::int64_t scoreBudgetBytes = kDefaultScoreBudgetBytes);
    // The attention workspace of one call over [groups·heads] rows of q [Sq] against k [Sk]:
    // ChunkedAttention's block of scores (whole rows of as many heads as fit the budget) and its
    // output chunk, or SDPA's float32 row statistics.
    static std::int64_t attentionWorkspace(bool fused, std::int64_t groupsTimesHeads, std::int64_t queries, std::int64_t keys,
                                           std::int64_t headDim, std::int64_t elementBytes, std::int64_t budgetBytes);

private:
    // The widest block phase over a [B, T·S] stream with L caption rows (phaseBytes, attentionBytes).
    static void blockPhase(const STDiT3Config& config, std::int64_t B, std::int64_t T, std::int64_t S, std::int64_t L,
                           std::int64_t elementBytes, bool fused, std::int64_t chunkBytes, std::int64_t scoreBudgetBytes,
                           STDiT3Activations& out);
};

} // namespace framesmith
