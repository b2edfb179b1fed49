#pragma once
// GroupNorm (+ the activation that always follows it in both Open-Sora VAEs) taken once over a
// whole input and written on demand into slices of a convolution's input window, so neither the
// normalised tensor nor the activation exists at full size. Statistics per (batch item, group) over
// everything of src, as torch.nn.GroupNorm computes them. The CPU path uses the shared VAE kernels
// (double accumulation); other devices use tensor ops with float32 statistics. Any thread.
#include "core/Layers.h"

#include <ATen/core/Tensor.h>

#include <cstdint>
#include <vector>

namespace framesmith {

enum class OpenSoraActivation { None, Silu, Relu };

class OpenSoraGroupNormPlan {
public:
    // src: contiguous [B, C, T, H, W] (a 2-D frame is passed as [B, C, H, 1, W]: rows are "frames").
    OpenSoraGroupNormPlan(const GroupNorm& norm, const at::Tensor& src, OpenSoraActivation activation);

    // dst = act(norm(src frames [begin, begin + dst.size(2)))): dst [B, C, n, H, W] with each
    // channel's n frames contiguous (a slice of a window buffer).
    void apply(at::Tensor& dst, const at::Tensor& src, std::int64_t begin) const;

    // Forces the tensor-op path on the CPU too (tests compare both paths).
    static void setPortablePathForTests(bool isForced);

private:
    const GroupNorm& m_norm;
    OpenSoraActivation m_activation;
    bool m_isKernelPath = false;
    std::vector<float> m_mean, m_rstd;  // kernel path: [B * groups]
    at::Tensor m_scale, m_shift;        // tensor path: [B, C, 1, 1, 1] float32
};

} // namespace framesmith
