#include "models/wan/planning/WanTransformerParameterCount.h"

namespace framesmith {

namespace {

std::int64_t dense(std::int64_t in, std::int64_t out) { return in * out + out; }

// condition_embedder: time_embedder (freq -> D -> D), time_proj (D -> 6D), text_embedder (text -> D
// -> D) and, for Wan 2.1 I2V, image_embedder (LayerNorm, Linear I -> I, GELU, Linear I -> D, LayerNorm).
std::int64_t conditionEmbedder(const WanTransformerConfig& c)
{
    const std::int64_t d = c.innerDim();
    std::int64_t n = dense(c.freqDim, d) + dense(d, d) + dense(d, 6 * d) + dense(c.textDim, d) + dense(d, d);
    if (c.imageDim) {
        const std::int64_t image = *c.imageDim;
        n += 2 * image + dense(image, image) + dense(image, d) + 2 * d;
    }
    return n;
}

} // namespace

TransformerCount WanTransformerParameterCount::fromConfig(const WanTransformerConfig& c)
{
    const std::int64_t d = c.innerDim(), f = c.ffnDim, p = c.patchVolume();
    TransformerCount n;
    n.blockCount = static_cast<int>(c.numLayers);
    // attn1 and attn2: to_q, to_k, to_v, to_out.0 and the RMS norms norm_q / norm_k over D; norm2
    // (affine) with cross_attn_norm; ffn (D -> F -> D); scale_shift_table [1, 6, D]. norm1 and norm3
    // have no weights.
    n.perBlockElements = 2 * (4 * dense(d, d) + 2 * d) + (c.crossAttnNorm ? 2 * d : 0) + dense(d, f) + dense(f, d) + 6 * d;
    n.perBlockMatrixElements = 8 * d * d + 2 * d * f;
    n.perBlockMatrixRows = 8 * d + f + d;
    if (c.addedKvProjDim) { // attn2.add_k_proj, add_v_proj (A -> D) and norm_added_k
        const std::int64_t added = *c.addedKvProjDim;
        n.perBlockElements += 2 * dense(added, d) + d;
        n.perBlockMatrixElements += 2 * added * d;
        n.perBlockMatrixRows += 2 * d;
    }
    n.baseElements = c.inChannels * p * d + d // patch_embedding (Conv3d, kernel = stride = patch)
                     + conditionEmbedder(c)
                     + dense(d, c.outChannels * p) // proj_out
                     + 2 * d;                       // scale_shift_table [1, 2, D]
    return n;
}

} // namespace framesmith
