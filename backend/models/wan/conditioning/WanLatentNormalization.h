#pragma once
// The Wan pipelines' latent scaling by the VAE config's latents_mean / latents_std, in float32 as
// diffusers builds both tables (torch.tensor(list), latents_std = 1.0 / tensor): a condition is
// encoded as (z − mean) · (1 / std), the final latents are decoded from latents / (1 / std) + mean.
// Any thread.
#include "models/wan/vae/WanVaeConfig.h"

#include <ATen/core/Tensor.h>

namespace framesmith {

class WanLatentNormalization {
public:
    explicit WanLatentNormalization(const WanVaeConfig& config);

    at::Tensor normalize(const at::Tensor& z) const;         // [B, z, F, h, w] float32
    at::Tensor denormalize(const at::Tensor& latents) const; // vae_decode_input

private:
    at::Tensor m_mean;       // [1, z, 1, 1, 1] float32 on the CPU
    at::Tensor m_inverseStd; // [1, z, 1, 1, 1]
};

} // namespace framesmith
