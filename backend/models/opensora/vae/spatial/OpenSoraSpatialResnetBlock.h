#pragma once
// diffusers ResnetBlock2D as the SDXL VAE uses it (no time embedding, output scale 1, eps 1e-6):
// norm1 -> act -> conv1 -> norm2 -> act -> conv2, plus the input (through conv_shortcut, a 1x1
// conv, when the channel count changes). Children: norm1, conv1, norm2, conv2, conv_shortcut.
#include "core/Layers.h"

namespace framesmith {

class OpenSoraSpatialResnetBlock : public Module {
public:
    OpenSoraSpatialResnetBlock(std::int64_t in, std::int64_t out, std::int64_t groups, bool isRelu);

    // x [B, in, H, W] -> [B, out, H, W]; x is released early when passed with std::move.
    at::Tensor forward(at::Tensor x, std::int64_t windowBytes) const;

private:
    std::int64_t m_in, m_out;
    bool m_isRelu;
    std::shared_ptr<GroupNorm> m_norm1, m_norm2;
    std::shared_ptr<Conv2d> m_conv1, m_conv2, m_shortcut;
};

} // namespace framesmith
