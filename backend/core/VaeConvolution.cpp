#include "core/VaeConvolution.h"

#include <ATen/ATen.h>

namespace framesmith {

bool VaeConvolution::isDirectOneDnn(const at::Tensor& input)
{
    return input.is_cpu() && input.scalar_type() == at::kFloat && at::hasMKLDNN()
        && at::globalContext().userEnabledMkldnn();
}

at::Tensor VaeConvolution::run(const at::Tensor& input, const at::Tensor& weight, const at::Tensor& bias,
                               at::IntArrayRef stride, at::IntArrayRef padding)
{
    if (!isDirectOneDnn(input))
        return at::conv3d(input, weight, bias, stride, padding);
    // The call ATen makes once it has chosen oneDNN (ConvBackend::Mkldnn), minus the size test.
    const std::int64_t dilation[] = {1, 1, 1};
    const at::Tensor packedOrDense = weight.is_mkldnn() ? weight : weight.contiguous();
    return at::mkldnn_convolution(input.contiguous(), packedOrDense, bias, padding, stride, dilation, 1);
}

at::Tensor VaeConvolution::prepackedWeight(const at::Tensor& input, const at::Tensor& weight, at::IntArrayRef stride,
                                           at::IntArrayRef padding)
{
    if (!isDirectOneDnn(input) || weight.dim() != 5)
        return weight;
    const std::int64_t dilation[] = {1, 1, 1};
    return at::mkldnn_reorder_conv3d_weight(weight.contiguous().to_mkldnn(), padding, stride, dilation, 1);
}

} // namespace framesmith
