#pragma once
// diffusers UNetMidBlock2D of the VAE: resnets.0, then (attentions.i, resnets.i+1) for its one layer.
// Without mid_block_add_attention the attention is skipped (no attentions.* weights).
#include "core/Layers.h"
#include "models/opensora/vae/spatial/OpenSoraSpatialAttention.h"
#include "models/opensora/vae/spatial/OpenSoraSpatialResnetBlock.h"

namespace framesmith {

struct OpenSoraSpatialWindows {
    std::int64_t convWindowBytes;
    std::int64_t attentionScoreBytes;
};

class OpenSoraSpatialMidBlock : public Module {
public:
    OpenSoraSpatialMidBlock(std::int64_t channels, std::int64_t groups, bool hasAttention, bool isRelu);
    at::Tensor forward(at::Tensor x, const OpenSoraSpatialWindows& windows) const; // [B, C, H, W]

private:
    std::shared_ptr<ModuleList<OpenSoraSpatialResnetBlock>> m_resnets;
    std::shared_ptr<ModuleList<OpenSoraSpatialAttention>> m_attentions;
};

} // namespace framesmith
