#pragma once
// diffusers get_timestep_embedding (the DDPM sinusoidal embedding) with its options: frequencies
// exp(−ln(max_period)·i / (half − downscale_freq_shift)) in float32, t·freq (t cast to float32)
// times `scale`, [sin | cos] (or [cos | sin] with flipSinToCos), zero-padded to an odd dim.
// Stateless; any thread.
#include <ATen/core/Tensor.h>

#include <cstdint>

namespace framesmith {

struct SinusoidalTimestepOptions {
    bool flipSinToCos = false;
    double downscaleFreqShift = 1.0;
    double scale = 1.0;
    double maxPeriod = 10000.0;
};

class SinusoidalTimestepEmbedding {
public:
    // timesteps: [N] (any numeric dtype) -> [N, dim] float32 on timesteps' device.
    static at::Tensor embed(const at::Tensor& timesteps, std::int64_t dim, const SinusoidalTimestepOptions& options);
};

} // namespace framesmith
