#pragma once
// diffusers CogVideoXMidBlock3D: "resnets" at the deepest width (SpatialNorm3D in the decoder).
#include "models/cogvideox/vae/CogVideoXVaeResnetBlock3D.h"

namespace framesmith {

class CogVideoXVaeMidBlock3D : public Module {
public:
    CogVideoXVaeMidBlock3D(std::int64_t channels, std::int64_t layers, std::int64_t groups, double eps,
                           std::int64_t spatialNormChannels);
    at::Tensor forward(at::Tensor x, const at::Tensor& zq, CausalConvCache& cache) const;

private:
    std::shared_ptr<ModuleList<CogVideoXVaeResnetBlock3D>> m_resnets;
};

} // namespace framesmith
