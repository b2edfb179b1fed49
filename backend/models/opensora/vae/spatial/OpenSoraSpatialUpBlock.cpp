#include "models/opensora/vae/spatial/OpenSoraSpatialUpBlock.h"

#include "core/ModuleGroup.h"
#include "models/opensora/vae/spatial/OpenSoraRowConv.h"

#include <ATen/ATen.h>

namespace framesmith {

OpenSoraSpatialUpBlock::OpenSoraSpatialUpBlock(std::int64_t in, std::int64_t out, std::int64_t layers,
                                               std::int64_t groups, bool hasUpsample, bool isRelu)
{
    m_resnets = registerModule("resnets", std::make_shared<ModuleList<OpenSoraSpatialResnetBlock>>());
    for (std::int64_t i = 0; i < layers; ++i)
        m_resnets->append(std::make_shared<OpenSoraSpatialResnetBlock>(i == 0 ? in : out, out, groups, isRelu));
    if (hasUpsample) {
        auto samplers = registerModule("upsamplers", std::make_shared<ModuleList<ModuleGroup>>());
        auto sampler = samplers->append(std::make_shared<ModuleGroup>());
        m_upsample = sampler->add("conv", std::make_shared<Conv2d>(out, out, std::array<std::int64_t, 2>{3, 3},
                                                                   std::array<std::int64_t, 2>{1, 1},
                                                                   std::array<std::int64_t, 2>{1, 1}));
    }
}

at::Tensor OpenSoraSpatialUpBlock::forward(at::Tensor x, std::int64_t windowBytes) const
{
    for (std::size_t i = 0; i < m_resnets->size(); ++i)
        x = (*m_resnets)[i].forward(std::move(x), windowBytes);
    if (!m_upsample)
        return x;
    const std::int64_t batch = x.size(0), channels = x.size(1), rows = x.size(2), columns = x.size(3);
    // F.interpolate(scale_factor=2, mode="nearest"): output row r, column c read x[r / 2, c / 2].
    auto fill = [&](at::Tensor& dst, std::int64_t rowBegin) {
        const std::int64_t n = dst.size(2), first = rowBegin / 2, last = (rowBegin + n - 1) / 2;
        const at::Tensor source = x.narrow(2, first, last - first + 1);
        const at::Tensor doubled = source.unsqueeze(3).unsqueeze(5)
                                       .expand({batch, channels, last - first + 1, 2, columns, 2})
                                       .reshape({batch, channels, 2 * (last - first + 1), 2 * columns});
        dst.copy_(doubled.narrow(2, rowBegin - 2 * first, n));
    };
    return OpenSoraRowConv::run(batch, 2 * rows, 2 * columns, fill, *m_upsample, windowBytes, x.options());
}

} // namespace framesmith
