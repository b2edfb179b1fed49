#include "models/wan/transformer/WanRotaryPosEmbed.h"

#include "core/layers/RopeRotation.h"
#include "framesmith/Error.h"

#include <ATen/ATen.h>

namespace framesmith {

WanRotaryPosEmbed::WanRotaryPosEmbed(std::int64_t headDim, std::int64_t maxSeqLen, double theta)
    : m_hDim(2 * (headDim / 6)), m_wDim(2 * (headDim / 6)), m_maxSeqLen(maxSeqLen)
{
    m_tDim = headDim - m_hDim - m_wDim;
    std::vector<at::Tensor> cos, sin;
    for (std::int64_t dim : {m_tDim, m_hDim, m_wDim}) {
        auto [c, s] = RopeRotation::table(dim, maxSeqLen, theta, RopePairing::Interleaved);
        cos.push_back(c);
        sin.push_back(s);
    }
    m_cos = at::cat(cos, 1); // [max_seq_len, head_dim]
    m_sin = at::cat(sin, 1);
}

std::pair<at::Tensor, at::Tensor> WanRotaryPosEmbed::forward(std::int64_t frames, std::int64_t rows,
                                                             std::int64_t columns, c10::Device device) const
{
    if (frames > m_maxSeqLen || rows > m_maxSeqLen || columns > m_maxSeqLen)
        throw ShapeError("Wan RoPE: the patch grid " + std::to_string(frames) + "x" + std::to_string(rows) + "x" +
                         std::to_string(columns) + " exceeds rope_max_seq_len " + std::to_string(m_maxSeqLen));
    auto grid = [&](const at::Tensor& table) {
        const at::Tensor t = table.narrow(1, 0, m_tDim).narrow(0, 0, frames).reshape({frames, 1, 1, -1})
                                 .expand({frames, rows, columns, m_tDim});
        const at::Tensor h = table.narrow(1, m_tDim, m_hDim).narrow(0, 0, rows).reshape({1, rows, 1, -1})
                                 .expand({frames, rows, columns, m_hDim});
        const at::Tensor w = table.narrow(1, m_tDim + m_hDim, m_wDim).narrow(0, 0, columns).reshape({1, 1, columns, -1})
                                 .expand({frames, rows, columns, m_wDim});
        return at::cat({t, h, w}, -1).reshape({1, frames * rows * columns, 1, -1}).to(device); // [1, seq, 1, d]
    };
    return {grid(m_cos), grid(m_sin)};
}

} // namespace framesmith
