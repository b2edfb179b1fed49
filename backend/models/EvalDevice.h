#pragma once
// Where `eval` runs a case; every family's eval handlers ask here. By default the CPU in the
// case's dtype, like the fixtures were made.
// FRAMESMITH_EVAL_DEVICE=cuda[:N] and FRAMESMITH_EVAL_DTYPE=float32|bfloat16|float16 run the
// model kinds (text-encoder, transformer, vae) elsewhere: the GPU runbook's parity step
// (bench/gpu/run.sh parity). Outputs are written from the CPU either way.
#include <ATen/core/Tensor.h>
#include <c10/core/Device.h>
#include <c10/core/ScalarType.h>

namespace framesmith {

c10::Device evalDevice();                          // throws InvalidRequestError for a bad name
c10::ScalarType evalDtype(c10::ScalarType caseDtype);
at::Tensor onEvalDevice(const at::Tensor& input);  // floating inputs keep their dtype

} // namespace framesmith
