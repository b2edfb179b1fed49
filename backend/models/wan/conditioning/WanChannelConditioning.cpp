#include "models/wan/conditioning/WanChannelConditioning.h"

#include "framesmith/Error.h"

#include <ATen/ATen.h>

namespace framesmith {

namespace {

constexpr std::int64_t kTemporalFactor = 4; // vae_scale_factor_temporal

std::string shapeOf(const at::Tensor& t) { return c10::str(t.sizes()); }

} // namespace

at::Tensor WanChannelConditioning::mask(std::int64_t batch, std::int64_t frameCount, bool hasLastImage,
                                        std::int64_t height, std::int64_t width)
{
    // mask_lat_size: ones [B, 1, T, h, w], zero on frames 1..T−1 (1..T−2 with an end image)
    at::Tensor m = at::ones({batch, 1, frameCount, height, width}, at::kFloat);
    m.narrow(2, 1, frameCount - (hasLastImage ? 2 : 1)).zero_();
    // frame 0 repeated vae_scale_factor_temporal times: T + 3 = 4F frames, viewed [B, F, 4, h, w] -> [B, 4, F, h, w]
    const at::Tensor first = m.narrow(2, 0, 1).repeat_interleave(kTemporalFactor, 2);
    const at::Tensor all = at::cat({first, m.narrow(2, 1, frameCount - 1)}, 2);
    return all.view({batch, -1, kTemporalFactor, height, width}).transpose(1, 2);
}

WanChannelCondition WanChannelConditioning::build(const WanVae& vae, const at::Tensor& image, const at::Tensor& lastImage,
                                                  std::int64_t frameCount, std::int64_t batch)
{
    if (image.dim() != 4 || image.size(0) != 1 || image.size(1) != 3)
        throw ShapeError("Wan image condition: expected the start image [1, 3, H, W], got " + shapeOf(image));
    if (lastImage.defined() && !lastImage.sizes().equals(image.sizes()))
        throw ShapeError("Wan image condition: the end image " + shapeOf(lastImage) + " differs from the start image " +
                         shapeOf(image));
    if (frameCount < 1 + kTemporalFactor * (lastImage.defined() ? 1 : 0) || (frameCount - 1) % kTemporalFactor != 0)
        throw ShapeError("Wan image condition: the frame count must be 1 + 4k (with an end image at least 5), got " +
                         std::to_string(frameCount));
    const std::int64_t height = image.size(2), width = image.size(3);
    WanChannelCondition out;
    // video_condition: the image, then zeros (and the end image last), encoded once for batch 1
    std::vector<at::Tensor> frames{image.unsqueeze(2)};
    const std::int64_t zeros = frameCount - 1 - (lastImage.defined() ? 1 : 0);
    frames.push_back(at::zeros({1, 3, zeros, height, width}, image.options()));
    if (lastImage.defined())
        frames.push_back(lastImage.unsqueeze(2));
    out.video = at::cat(frames, 2);
    out.posteriorMode = vae.encode(out.video).mean; // retrieve_latents(sample_mode="argmax")
    // (z − mean)·(1 / std), with both tables float32 as torch.tensor(list) makes them
    const auto& c = vae.config();
    const auto f64 = at::TensorOptions().dtype(at::kDouble);
    const at::Tensor mean = at::tensor(c.latentsMean, f64).to(at::kFloat).view({1, c.zDim, 1, 1, 1});
    const at::Tensor inverseStd = at::tensor(c.latentsStd, f64).to(at::kFloat).reciprocal().view({1, c.zDim, 1, 1, 1});
    const at::Tensor z = out.posteriorMode.to(at::kFloat);
    out.latents = ((z - mean.to(z.device())) * inverseStd.to(z.device())).repeat({batch, 1, 1, 1, 1});
    out.mask = mask(batch, frameCount, lastImage.defined(), z.size(3), z.size(4)).to(z.device());
    out.condition = at::cat({out.mask, out.latents}, 1);
    return out;
}

} // namespace framesmith
