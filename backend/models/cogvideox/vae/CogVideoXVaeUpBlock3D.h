#pragma once
// diffusers CogVideoXUpBlock3D: "resnets" (SpatialNorm3D on zq) then an optional "upsamplers.0".
#include "models/cogvideox/vae/CogVideoXVaeResnetBlock3D.h"
#include "models/cogvideox/vae/CogVideoXVaeUpsample3D.h"

namespace framesmith {

class CogVideoXVaeUpBlock3D : public Module {
public:
    CogVideoXVaeUpBlock3D(std::int64_t in, std::int64_t out, std::int64_t layers, std::int64_t groups, double eps,
                          std::int64_t latentChannels, bool addUpsample, bool compressTime);
    at::Tensor forward(at::Tensor x, const at::Tensor& zq, CausalConvCache& cache) const;
    std::int64_t framesOut(std::int64_t frames) const;

private:
    std::shared_ptr<ModuleList<CogVideoXVaeResnetBlock3D>> m_resnets;
    std::shared_ptr<ModuleList<CogVideoXVaeUpsample3D>> m_upsamplers;
    bool m_compressTime;
};

} // namespace framesmith
