#include "models/opensora/planning/STDiT3ParameterCount.h"

#include "models/opensora/transformer/STDiT3TimestepEmbedder.h"

namespace framesmith {

namespace {

std::int64_t linear(std::int64_t in, std::int64_t out) { return in * out + out; }

} // namespace

STDiT3ParameterCount STDiT3ParameterCount::fromConfig(const STDiT3Config& c)
{
    const std::int64_t C = c.hiddenSize, H = c.mlpHidden(), D = c.headDim();
    const std::int64_t patchOut = static_cast<std::int64_t>(c.patchVolume()) * c.outChannels();
    STDiT3ParameterCount n;
    n.blockCount = 2 * c.depth;
    // attn (qkv, q_norm, k_norm, proj), cross_attn (q_linear, kv_linear, proj), mlp (fc1, fc2), scale_shift_table
    n.perBlockElements = linear(C, 3 * C) + (c.qkNorm ? 2 * D : 0) + linear(C, C) + linear(C, C) + linear(C, 2 * C) +
                         linear(C, C) + linear(C, H) + linear(H, C) + 6 * C;
    // Every 2-D tensor of a block is narrowed by fp8/int8 storage, the scale_shift_table [6, C] too.
    n.perBlockMatrixElements = C * 3 * C + C * C + C * C + C * 2 * C + C * C + C * H + H * C + 6 * C;
    n.perBlockMatrixRows = 3 * C + C + C + 2 * C + C + H + C + 6;
    const std::int64_t timestepEmbedder = linear(STDiT3TimestepEmbedder::kFrequencyChannels, C) + linear(C, C);
    n.baseElements = static_cast<std::int64_t>(c.inChannels) * c.patchVolume() * C + C // x_embedder.proj
                     + 2 * timestepEmbedder                                         // t_embedder, fps_embedder
                     + linear(C, 6 * C)                                             // t_block.1
                     + linear(c.captionChannels, C) + linear(C, C)                  // y_embedder.y_proj
                     + static_cast<std::int64_t>(c.modelMaxLength) * c.captionChannels // y_embedder.y_embedding
                     + c.ropeFrequencies()                                          // rope.freqs
                     + linear(C, patchOut) + 2 * C;                                 // final_layer
    return n;
}

} // namespace framesmith
