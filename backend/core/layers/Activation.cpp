#include "core/layers/Activation.h"

#include "framesmith/Error.h"

#include <ATen/ATen.h>

namespace framesmith {

at::Tensor applyActivation(Activation activation, const at::Tensor& x)
{
    switch (activation) {
    case Activation::SiLU:
        return at::silu(x);
    case Activation::Gelu:
        return at::gelu(x);
    case Activation::GeluTanh:
        return at::gelu(x, "tanh");
    case Activation::Invalid:
        break;
    }
    throw Error(ErrorCode::Internal, "applyActivation: no activation chosen");
}

} // namespace framesmith
