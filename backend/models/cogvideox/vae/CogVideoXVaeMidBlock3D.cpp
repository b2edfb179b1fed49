#include "models/cogvideox/vae/CogVideoXVaeMidBlock3D.h"

namespace framesmith {

CogVideoXVaeMidBlock3D::CogVideoXVaeMidBlock3D(std::int64_t channels, std::int64_t layers, std::int64_t groups,
                                               double eps, std::int64_t spatialNormChannels)
{
    m_resnets = registerModule("resnets", std::make_shared<ModuleList<CogVideoXVaeResnetBlock3D>>());
    for (std::int64_t i = 0; i < layers; ++i)
        m_resnets->append(std::make_shared<CogVideoXVaeResnetBlock3D>(channels, channels, groups, eps, spatialNormChannels));
}

at::Tensor CogVideoXVaeMidBlock3D::forward(at::Tensor x, const at::Tensor& zq, CausalConvCache& cache) const
{
    for (std::size_t i = 0; i < m_resnets->size(); ++i) {
        x = (*m_resnets)[i].forward(std::move(x), zq, cache);
        cache.releaseFreedHostMemory(x);
    }
    return x;
}

} // namespace framesmith
