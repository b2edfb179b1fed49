#include "models/cogvideox/CogVideoXTimestepEmbedding.h"

#include <ATen/ATen.h>

#include <cmath>

namespace framesmith {

CogVideoXTimestepEmbedding::CogVideoXTimestepEmbedding(int projectionDim, int embedDim, bool flipSinToCos,
                                                       int freqShift)
    : m_projectionDim(projectionDim), m_flipSinToCos(flipSinToCos), m_freqShift(freqShift)
{
    m_linear1 = registerModule("linear_1", std::make_shared<Linear>(projectionDim, embedDim));
    m_linear2 = registerModule("linear_2", std::make_shared<Linear>(embedDim, embedDim));
}

at::Tensor CogVideoXTimestepEmbedding::sinusoidal(const at::Tensor& timesteps, int dim, bool flipSinToCos,
                                                  double freqShift)
{
    const std::int64_t half = dim / 2;
    auto f32 = at::TensorOptions().dtype(at::kFloat).device(timesteps.device());
    // exponent = -log(10000) * arange(half) / (half - shift), all float32 as in the reference.
    at::Tensor exponent = at::arange(half, f32).mul(-std::log(10000.0)).div(static_cast<double>(half) - freqShift);
    at::Tensor freqs = at::exp(exponent);
    at::Tensor args = timesteps.reshape({-1, 1}).to(at::kFloat) * freqs.unsqueeze(0); // [N, half]
    at::Tensor emb = flipSinToCos ? at::cat({at::cos(args), at::sin(args)}, 1)
                                  : at::cat({at::sin(args), at::cos(args)}, 1);
    if (dim % 2 == 1)
        emb = at::constant_pad_nd(emb, {0, 1});
    return emb;
}

at::Tensor CogVideoXTimestepEmbedding::forward(const at::Tensor& timesteps, c10::ScalarType dtype) const
{
    at::Tensor proj = sinusoidal(timesteps, m_projectionDim, m_flipSinToCos, m_freqShift).to(dtype);
    return m_linear2->forward(at::silu(m_linear1->forward(proj)));
}

} // namespace framesmith
