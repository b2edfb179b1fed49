#pragma once
// diffusers CogVideoXDownBlock3D: "resnets" then an optional "downsamplers.0".
#include "models/cogvideox/vae/CogVideoXVaeDownsample3D.h"
#include "models/cogvideox/vae/CogVideoXVaeResnetBlock3D.h"

namespace framesmith {

class CogVideoXVaeDownBlock3D : public Module {
public:
    CogVideoXVaeDownBlock3D(std::int64_t in, std::int64_t out, std::int64_t layers, std::int64_t groups, double eps,
                            bool addDownsample, bool compressTime);
    at::Tensor forward(at::Tensor x, CausalConvCache& cache) const;
    std::int64_t framesOut(std::int64_t frames) const;

private:
    std::shared_ptr<ModuleList<CogVideoXVaeResnetBlock3D>> m_resnets;
    std::shared_ptr<ModuleList<CogVideoXVaeDownsample3D>> m_downsamplers;
    bool m_compressTime;
};

} // namespace framesmith
