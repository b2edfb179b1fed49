#include "models/cogvideox/vae/CogVideoXVaeUpBlock3D.h"

namespace framesmith {

CogVideoXVaeUpBlock3D::CogVideoXVaeUpBlock3D(std::int64_t in, std::int64_t out, std::int64_t layers,
                                             std::int64_t groups, double eps, std::int64_t latentChannels,
                                             bool addUpsample, bool compressTime)
    : m_compressTime(compressTime)
{
    m_resnets = registerModule("resnets", std::make_shared<ModuleList<CogVideoXVaeResnetBlock3D>>());
    for (std::int64_t i = 0; i < layers; ++i)
        m_resnets->append(
            std::make_shared<CogVideoXVaeResnetBlock3D>(i == 0 ? in : out, out, groups, eps, latentChannels));
    if (addUpsample) {
        m_upsamplers = registerModule("upsamplers", std::make_shared<ModuleList<CogVideoXVaeUpsample3D>>());
        m_upsamplers->append(std::make_shared<CogVideoXVaeUpsample3D>(out, compressTime));
    }
}

at::Tensor CogVideoXVaeUpBlock3D::forward(at::Tensor x, const at::Tensor& zq, CausalConvCache& cache) const
{
    for (std::size_t i = 0; i < m_resnets->size(); ++i) {
        x = (*m_resnets)[i].forward(std::move(x), zq, cache);
        cache.releaseFreedHostMemory(x);
    }
    if (m_upsamplers) {
        x = (*m_upsamplers)[0].forward(std::move(x), cache);
        cache.releaseFreedHostMemory(x);
    }
    return x;
}

std::int64_t CogVideoXVaeUpBlock3D::framesOut(std::int64_t frames) const
{
    return m_upsamplers ? CogVideoXVaeUpsample3D::framesOut(frames, m_compressTime) : frames;
}

} // namespace framesmith
