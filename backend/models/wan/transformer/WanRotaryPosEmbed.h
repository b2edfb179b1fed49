#pragma once
// diffusers WanRotaryPosEmbed: per head, head_dim split t / h / w = d − 4·(d/6), 2·(d/6), 2·(d/6)
// (128: 44/42/42), each part a 1-D interleaved table over rope_max_seq_len positions (theta
// 10000, float64 rounded to float32); a token's angles are its frame, row and column tables side by
// side. No parameters; forward is const.
#include <ATen/core/Tensor.h>

#include <cstdint>
#include <utility>
#include <vector>

namespace framesmith {

class WanRotaryPosEmbed {
public:
    WanRotaryPosEmbed(std::int64_t headDim, std::int64_t maxSeqLen, double theta = 10000.0);

    // The patch grid (frames, rows, columns after patching) -> (cos, sin), each [1, F·H·W, 1, head_dim]
    // float32 on `device`, tokens in (f, h, w) order. Throws ShapeError past max_seq_len.
    std::pair<at::Tensor, at::Tensor> forward(std::int64_t frames, std::int64_t rows, std::int64_t columns,
                                              c10::Device device) const;

private:
    std::int64_t m_tDim, m_hDim, m_wDim, m_maxSeqLen;
    at::Tensor m_cos, m_sin; // [max_seq_len, head_dim]: [t | h | w] tables side by side
};

} // namespace framesmith
