#include "models/cogvideox/vae/CogVideoXVaeDownBlock3D.h"

namespace framesmith {

CogVideoXVaeDownBlock3D::CogVideoXVaeDownBlock3D(std::int64_t in, std::int64_t out, std::int64_t layers,
                                                 std::int64_t groups, double eps, bool addDownsample,
                                                 bool compressTime)
    : m_compressTime(compressTime)
{
    m_resnets = registerModule("resnets", std::make_shared<ModuleList<CogVideoXVaeResnetBlock3D>>());
    for (std::int64_t i = 0; i < layers; ++i)
        m_resnets->append(std::make_shared<CogVideoXVaeResnetBlock3D>(i == 0 ? in : out, out, groups, eps, 0));
    if (addDownsample) {
        m_downsamplers = registerModule("downsamplers", std::make_shared<ModuleList<CogVideoXVaeDownsample3D>>());
        m_downsamplers->append(std::make_shared<CogVideoXVaeDownsample3D>(out, compressTime));
    }
}

at::Tensor CogVideoXVaeDownBlock3D::forward(at::Tensor x, CausalConvCache& cache) const
{
    for (std::size_t i = 0; i < m_resnets->size(); ++i) {
        x = (*m_resnets)[i].forward(std::move(x), at::Tensor(), cache);
        cache.releaseFreedHostMemory(x);
    }
    if (m_downsamplers) {
        x = (*m_downsamplers)[0].forward(std::move(x), cache);
        cache.releaseFreedHostMemory(x);
    }
    return x;
}

std::int64_t CogVideoXVaeDownBlock3D::framesOut(std::int64_t frames) const
{
    return m_downsamplers ? CogVideoXVaeDownsample3D::framesOut(frames, m_compressTime) : frames;
}

} // namespace framesmith
