#pragma once
// diffusers WanRMS_norm (channel-first, no bias): F.normalize(x, dim=1) · sqrt(dim) · gamma, i.e. an
// L2 normalisation over channels (norm clamped at 1e-12), not the mean-square RMSNorm of the
// transformer. gamma [dim, 1, 1, 1] for videos, [dim, 1, 1] for images. forward is const.
#include "core/Module.h"

namespace framesmith {

class WanRmsNorm : public Module {
public:
    WanRmsNorm(std::int64_t dim, bool isImage);
    at::Tensor forward(const at::Tensor& x) const; // [N, C, ...]
    at::Tensor gamma;

private:
    double m_scale;
};

} // namespace framesmith
