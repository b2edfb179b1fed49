#pragma once
// Wan 2.2 TI2V's expanded timesteps (expand_timesteps): one timestep per transformer token,
// (first_frame_mask[0][0][:, ::2, ::2] · t).flatten() expanded over the batch: t everywhere for
// text-to-video (a mask of ones), 0 on latent frame 0's tokens for image-to-video (whose first frame
// is the clean condition). Stateless; any thread.
#include <ATen/core/Tensor.h>

#include <cstdint>

namespace framesmith {

class WanTokenTimesteps {
public:
    // mask [1, 1, F, h, w] float32 (ones, or 0 on frame 0); t the step's timestep -> [batch, F·h/2·w/2] float32
    static at::Tensor expand(const at::Tensor& mask, double timestep, std::int64_t batch);
    // The image-to-video mask: ones [1, 1, F, h, w] with latent frame 0 set to 0.
    static at::Tensor firstFrameMask(std::int64_t frames, std::int64_t height, std::int64_t width);
};

} // namespace framesmith
