#include "models/opensora/stdit3/STDiT3TimestepEmbedder.h"

#include "core/ModuleGroup.h"

#include <ATen/ATen.h>

#include <cmath>

namespace framesmith {

STDiT3TimestepEmbedder::STDiT3TimestepEmbedder(std::int64_t hiddenSize)
{
    auto mlp = registerModule("mlp", std::make_shared<ModuleGroup>()); // nn.Sequential(Linear, SiLU, Linear)
    m_linear1 = mlp->add("0", std::make_shared<Linear>(kFrequencyChannels, hiddenSize));
    m_linear2 = mlp->add("2", std::make_shared<Linear>(hiddenSize, hiddenSize));
}

at::Tensor STDiT3TimestepEmbedder::frequencies(const at::Tensor& values)
{
    // TimestepEmbedder.timestep_embedding, op for op in float32 (t near 1000 makes the arguments
    // large, so the last bit of each frequency shows): exp(-ln(10000) * arange(half) / half).
    const std::int64_t half = kFrequencyChannels / 2;
    const auto f32 = at::TensorOptions().dtype(at::kFloat).device(values.device());
    at::Tensor freqs = at::arange(0, half, f32).mul(-std::log(10000.0)).div(half).exp();
    at::Tensor args = values.reshape({-1, 1}).to(at::kFloat) * freqs.unsqueeze(0);
    return at::cat({at::cos(args), at::sin(args)}, -1);
}

at::Tensor STDiT3TimestepEmbedder::forward(const at::Tensor& values, c10::ScalarType dtype) const
{
    at::Tensor hidden = m_linear1->forward(frequencies(values).to(dtype));
    return m_linear2->forward(at::silu(hidden));
}

} // namespace framesmith
