#include "models/opensora/vae/spatial/OpenSoraSpatialDownBlock.h"

#include "core/ModuleGroup.h"
#include "models/opensora/vae/spatial/OpenSoraRowConv.h"

#include <ATen/ATen.h>

namespace framesmith {

OpenSoraSpatialDownBlock::OpenSoraSpatialDownBlock(std::int64_t in, std::int64_t out, std::int64_t layers,
                                                   std::int64_t groups, bool hasDownsample, bool isRelu)
{
    m_resnets = registerModule("resnets", std::make_shared<ModuleList<OpenSoraSpatialResnetBlock>>());
    for (std::int64_t i = 0; i < layers; ++i)
        m_resnets->append(std::make_shared<OpenSoraSpatialResnetBlock>(i == 0 ? in : out, out, groups, isRelu));
    if (hasDownsample) {
        auto samplers = registerModule("downsamplers", std::make_shared<ModuleList<ModuleGroup>>());
        auto sampler = samplers->append(std::make_shared<ModuleGroup>());
        m_downsample = sampler->add("conv", std::make_shared<Conv2d>(out, out, std::array<std::int64_t, 2>{3, 3},
                                                                     std::array<std::int64_t, 2>{2, 2}));
    }
}

at::Tensor OpenSoraSpatialDownBlock::forward(at::Tensor x, std::int64_t windowBytes) const
{
    for (std::size_t i = 0; i < m_resnets->size(); ++i)
        x = (*m_resnets)[i].forward(std::move(x), windowBytes);
    if (!m_downsample)
        return x;
    // diffusers Downsample2D with padding 0: F.pad(x, (0, 1, 0, 1)), then the stride-2 conv.
    const at::Tensor padded = at::constant_pad_nd(x, {0, 1, 0, 1}, 0);
    x.reset();
    return OpenSoraRowConv::convolve(padded, m_downsample->weight, m_downsample->bias, {2, 2}, {0, 0});
}

} // namespace framesmith
