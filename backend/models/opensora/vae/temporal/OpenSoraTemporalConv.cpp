#include "models/opensora/vae/temporal/OpenSoraTemporalConv.h"

#include <ATen/ATen.h>

namespace framesmith {

CausalConvOptions OpenSoraTemporalConv::options(std::array<std::int64_t, 3> kernel, std::int64_t timeStride,
                                                bool hasBias)
{
    CausalConvOptions options;
    options.kernel = kernel;
    options.timeStride = timeStride; // time padding: the default k_t - stride
    options.padding = CausalPadding::Zeros;
    options.hasBias = hasBias;
    return options;
}

std::shared_ptr<CausalConv3d> OpenSoraTemporalConv::make(std::int64_t in, std::int64_t out,
                                                         std::array<std::int64_t, 3> kernel, std::int64_t timeStride,
                                                         bool hasBias)
{
    return std::make_shared<CausalConv3d>(in, out, options(kernel, timeStride, hasBias));
}

at::Tensor OpenSoraTemporalConv::normalized(const CausalConv3d& conv, const at::Tensor& src, const GroupNorm& norm,
                                            OpenSoraActivation activation, std::int64_t windowBytes)
{
    const at::Tensor input = src.contiguous();
    const OpenSoraGroupNormPlan plan(norm, input, activation);
    auto fill = [&](at::Tensor& dst, const at::Tensor&, std::int64_t begin) { plan.apply(dst, input, begin); };
    return conv.forward(input.size(2), {input.size(0), input.size(1), input.size(3), input.size(4)}, input.options(),
                        fill, windowBytes);
}

} // namespace framesmith
