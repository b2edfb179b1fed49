#pragma once
// vae_temporal.py Encoder: conv_in (3x3x3, no bias), per block num_res_blocks ResBlocks then (but
// after the last block) a stride-2-in-time causal conv where temporal_downsample says so (an
// nn.Identity, holding no weights, otherwise: conv_blocks.i is absent), res_blocks, norm1, act,
// conv2 (1x1x1) to 2 x latent_embed_dim.
#include "core/ModuleGroup.h"
#include "models/opensora/vae/temporal/OpenSoraTemporalResBlock.h"
#include "models/opensora/vae/temporal/OpenSoraTemporalVaeConfig.h"

#include <map>

namespace framesmith {

class OpenSoraTemporalEncoder : public Module {
public:
    explicit OpenSoraTemporalEncoder(const OpenSoraTemporalVaeConfig& config);
    at::Tensor forward(const at::Tensor& x, std::int64_t windowBytes) const; // [B, C, T, H, W] -> [B, 2E, T/f, H, W]

private:
    OpenSoraTemporalVaeConfig m_config;
    std::shared_ptr<CausalConv3d> m_convIn, m_conv2;
    std::vector<std::vector<std::shared_ptr<OpenSoraTemporalResBlock>>> m_blockResBlocks;
    std::map<std::int64_t, std::shared_ptr<CausalConv3d>> m_convBlocks; // block index -> downsampler
    std::shared_ptr<ModuleList<OpenSoraTemporalResBlock>> m_resBlocks;
    std::shared_ptr<GroupNorm> m_norm1;
};

} // namespace framesmith
