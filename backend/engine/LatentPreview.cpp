#include "engine/LatentPreview.h"

#include <ATen/ATen.h>

#include <cmath>
#include <cstring>

namespace framesmith {

at::Tensor LatentPreview::projection(std::int64_t channels)
{
    // Three smooth, mutually different weightings of the channels, normalised so a standard-normal
    // latent gives unit-variance colours.
    at::Tensor w = at::empty({3, channels}, at::kFloat);
    for (int r = 0; r < 3; ++r)
        for (std::int64_t c = 0; c < channels; ++c)
            w[r][c] = static_cast<float>(std::cos(2.0 * M_PI * (c + 0.5) * (r + 1) / channels + r) /
                                         std::sqrt(channels / 2.0));
    return w;
}

PreviewFrames LatentPreview::render(const at::Tensor& latents, int step)
{
    at::Tensor z = latents[0].detach().to(at::kCPU, at::kFloat);                    // [F, C, h, w]
    at::Tensor rgb = at::einsum("rc,fchw->fhwr", {projection(z.size(1)), z});       // [F, h, w, 3]
    rgb = ((at::tanh(rgb) * 0.5 + 0.5) * 255.0).round().clamp(0, 255).to(at::kByte).contiguous();
    PreviewFrames out;
    out.step = step;
    out.frameCount = static_cast<int>(rgb.size(0));
    out.height = static_cast<int>(rgb.size(1));
    out.width = static_cast<int>(rgb.size(2));
    out.rgb.resize(rgb.numel());
    std::memcpy(out.rgb.data(), rgb.data_ptr<std::uint8_t>(), out.rgb.size());
    return out;
}

} // namespace framesmith
