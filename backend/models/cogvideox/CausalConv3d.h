#pragma once
// diffusers CogVideoXCausalConv3d: a Conv3d (child "conv") whose input is padded in time by
// kernel-1 frames taken from the previous frame batch (or, on the first batch, copies of the
// first frame) and by zeros in height and width.
//
// Lean form: the time-padded input is one buffer that the caller's `fill` writes straight into
// (e.g. GroupNorm + SiLU), so neither the normalised tensor nor a concatenation exists on its own.
#include "core/Layers.h"
#include "models/cogvideox/CausalConvCache.h"

#include <functional>

namespace framesmith {

class CausalConv3d : public Module {
public:
    // dst: [B, C, T, H, W] view inside the padded buffer; src: what the caller passed.
    using Fill = std::function<void(at::Tensor& dst, const at::Tensor& src)>;

    CausalConv3d(std::int64_t in, std::int64_t out, std::int64_t kernel);

    // src is released (this handle) as soon as it has been written into the buffer: pass it with
    // std::move when the caller no longer needs it. [B, Cin, T, H, W] -> [B, Cout, T, H, W]
    at::Tensor forward(at::Tensor src, const Fill& fill, CausalConvCache& cache) const;
    at::Tensor forward(at::Tensor src, CausalConvCache& cache) const; // fill = copy

    std::int64_t timeKernel() const { return m_kernel; }
    const at::Tensor& weight() const { return m_conv->weight; }
    const at::Tensor& bias() const { return m_conv->bias; }

private:
    std::int64_t m_kernel;
    std::shared_ptr<Conv3d> m_conv;
};

} // namespace framesmith
