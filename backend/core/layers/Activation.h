#pragma once
// The pointwise activations of diffusers' building blocks, named as their configs name them.
// Any thread; stateless.
#include <ATen/core/Tensor.h>

namespace framesmith {

enum class Activation {
    Invalid,
    SiLU,     // "silu"
    Gelu,     // "gelu": exact erf GELU
    GeluTanh, // "gelu-approximate" / "gelu_tanh": GELU(approximate="tanh")
};

at::Tensor applyActivation(Activation activation, const at::Tensor& x);

} // namespace framesmith
