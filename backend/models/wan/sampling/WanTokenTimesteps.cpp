#include "models/wan/sampling/WanTokenTimesteps.h"

#include "framesmith/Error.h"

#include <ATen/ATen.h>

namespace framesmith {

at::Tensor WanTokenTimesteps::expand(const at::Tensor& mask, double timestep, std::int64_t batch)
{
    if (mask.dim() != 5 || mask.size(0) < 1 || mask.size(1) < 1)
        throw ShapeError("Wan token timesteps: expected a mask [1, 1, F, h, w], got " + std::string(c10::str(mask.sizes())));
    // mask[0][0][:, ::2, ::2] · t (a float32 mask times the int64 timestep stays float32), flattened
    const at::Tensor grid = mask[0][0].slice(1, 0, c10::nullopt, 2).slice(2, 0, c10::nullopt, 2).to(at::kFloat);
    const at::Tensor perToken = grid.mul(at::scalar_tensor(timestep, at::kDouble).to(at::kFloat)).flatten();
    return perToken.unsqueeze(0).expand({batch, -1});
}

at::Tensor WanTokenTimesteps::firstFrameMask(std::int64_t frames, std::int64_t height, std::int64_t width)
{
    at::Tensor mask = at::ones({1, 1, frames, height, width}, at::kFloat);
    mask.select(2, 0).zero_(); // first_frame_mask[:, :, 0] = 0
    return mask;
}

} // namespace framesmith
