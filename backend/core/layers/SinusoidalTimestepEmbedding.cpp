#include "core/layers/SinusoidalTimestepEmbedding.h"

#include "framesmith/Error.h"

#include <ATen/ATen.h>

#include <cmath>

namespace framesmith {

at::Tensor SinusoidalTimestepEmbedding::embed(const at::Tensor& timesteps, std::int64_t dim,
                                              const SinusoidalTimestepOptions& options)
{
    if (timesteps.dim() != 1)
        throw ShapeError("timestep embedding: expected timesteps [N], got " + std::string(c10::str(timesteps.sizes())));
    const std::int64_t half = dim / 2;
    const auto f32 = at::TensorOptions().dtype(at::kFloat).device(timesteps.device());
    // exponent = −ln(max_period)·arange(half) in float32, / (half − shift)
    const at::Tensor exponent = at::arange(0, half, f32).mul(-std::log(options.maxPeriod))
                                    .div(static_cast<double>(half) - options.downscaleFreqShift);
    at::Tensor args = timesteps.to(at::kFloat).unsqueeze(1) * at::exp(exponent).unsqueeze(0); // [N, half]
    if (options.scale != 1.0)
        args = args.mul(options.scale);
    at::Tensor emb = options.flipSinToCos ? at::cat({at::cos(args), at::sin(args)}, -1)
                                          : at::cat({at::sin(args), at::cos(args)}, -1); // [N, 2·half]
    if (dim % 2 == 1)
        emb = at::constant_pad_nd(emb, {0, 1});
    return emb;
}

} // namespace framesmith
