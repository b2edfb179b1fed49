#pragma once
// x0 from the model output for the three diffusers prediction types, with float64 coefficients
// applied to the sample's dtype (the reference multiplies float32 tensors by float64 0-dim tensors).
#include <ATen/core/Tensor.h>

#include <string>

namespace framesmith {

at::Tensor predictOriginalSample(const std::string& predictionType, const at::Tensor& modelOutput,
                                 const at::Tensor& sample, double alphaProdT);

} // namespace framesmith
