#include "models/wan/vae/WanVaeAttentionBlock.h"

#include <ATen/ATen.h>

namespace framesmith {

WanVaeAttentionBlock::WanVaeAttentionBlock(std::int64_t dim)
{
    m_norm = registerModule("norm", std::make_shared<WanRmsNorm>(dim, true));
    m_toQkv = registerModule("to_qkv", std::make_shared<Conv2d>(dim, dim * 3, std::array<std::int64_t, 2>{1, 1}));
    m_proj = registerModule("proj", std::make_shared<Conv2d>(dim, dim, std::array<std::int64_t, 2>{1, 1}));
}

at::Tensor WanVaeAttentionBlock::forward(const at::Tensor& x) const
{
    const std::int64_t b = x.size(0), c = x.size(1), t = x.size(2), h = x.size(3), w = x.size(4);
    const at::Tensor frames = x.permute({0, 2, 1, 3, 4}).reshape({b * t, c, h, w});
    // qkv [B·T, 3C, H, W] -> [B·T, 1, H·W, 3C] -> q, k, v [B·T, 1, H·W, C]
    const at::Tensor qkv = m_toQkv->forward(m_norm->forward(frames)).reshape({b * t, 1, c * 3, -1}).permute({0, 1, 3, 2});
    const auto parts = qkv.chunk(3, -1);
    const at::Tensor attended = ChunkedAttention::compute(parts[0], parts[1], parts[2]); // [B·T, 1, H·W, C]
    const at::Tensor out = m_proj->forward(attended.squeeze(1).permute({0, 2, 1}).reshape({b * t, c, h, w}));
    return out.view({b, t, c, h, w}).permute({0, 2, 1, 3, 4}) + x;
}

} // namespace framesmith
