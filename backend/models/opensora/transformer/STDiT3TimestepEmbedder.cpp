#include "models/opensora/transformer/STDiT3TimestepEmbedder.h"

#include "core/ModuleGroup.h"
#include "core/layers/SinusoidalTimestepEmbedding.h"

#include <ATen/ATen.h>

namespace framesmith {

STDiT3TimestepEmbedder::STDiT3TimestepEmbedder(std::int64_t hiddenSize)
{
    auto mlp = registerModule("mlp", std::make_shared<ModuleGroup>()); // nn.Sequential(Linear, SiLU, Linear)
    m_linear1 = mlp->add("0", std::make_shared<Linear>(kFrequencyChannels, hiddenSize));
    m_linear2 = mlp->add("2", std::make_shared<Linear>(hiddenSize, hiddenSize));
}

at::Tensor STDiT3TimestepEmbedder::frequencies(const at::Tensor& values)
{
    // TimestepEmbedder.timestep_embedding: exp(-ln(10000) * arange(half) / half), [cos | sin], op
    // for op in float32 (t near 1000 makes the arguments large, so the last bit of each frequency shows).
    SinusoidalTimestepOptions options;
    options.flipSinToCos = true;
    options.downscaleFreqShift = 0.0;
    return SinusoidalTimestepEmbedding::embed(values.reshape({-1}), kFrequencyChannels, options);
}

at::Tensor STDiT3TimestepEmbedder::forward(const at::Tensor& values, c10::ScalarType dtype) const
{
    at::Tensor hidden = m_linear1->forward(frequencies(values).to(dtype));
    return m_linear2->forward(at::silu(hidden));
}

} // namespace framesmith
