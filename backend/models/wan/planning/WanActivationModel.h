#pragma once
// Working memory of one WanTransformer3DModel forward (everything but the weights), from the config
// and the step's shape, following the port's own lifetimes (models/wan/transformer): the stream is
// not chunked, so the peak is the widest phase of one block over all S tokens: the modulated norm
// (float32, as diffusers' FP32LayerNorm), self-attention (q, k, v, RoPE's float32 rotation), the
// float32 residual updates, cross-attention over the 512 text rows (+ 257 image rows for Wan 2.1
// I2V) and the feed-forward. In float32 the widening casts are no-ops, so they cost nothing there.
// Torch-free; any thread.
#include "models/wan/transformer/WanTransformerConfig.h"

#include <cstdint>

namespace framesmith {

struct WanStepShape {
    std::int64_t batch = 1;         // samples per forward (Wan runs guidance as two calls: 1)
    std::int64_t latentFrames = 0;  // F, h, w of the latents
    std::int64_t latentHeight = 0;
    std::int64_t latentWidth = 0;
    std::int64_t contextRows = 512; // text rows (+ image rows for Wan 2.1 I2V)
    bool isPerTokenTimestep = false; // Wan 2.2 TI2V (expand_timesteps): [B, S, 6, D] modulation
};

struct WanActivations {
    std::int64_t heldBytes = 0;      // through every block: the stream, the context, RoPE tables, modulation
    std::int64_t phaseBytes = 0;     // the widest block phase on top of them
    std::int64_t attentionBytes = 0; // the largest attention workspace inside it
    std::int64_t samplerBytes = 0;   // the scheduler's float32 latents around the call
    std::int64_t peakBytes() const { return heldBytes + phaseBytes + samplerBytes; }
};

class WanActivationModel {
public:
    static std::int64_t tokens(const WanTransformerConfig& config, const WanStepShape& shape);
    static WanActivations estimate(const WanTransformerConfig& config, const WanStepShape& shape,
                                   std::int64_t elementBytes, bool fusedAttention);
};

} // namespace framesmith
