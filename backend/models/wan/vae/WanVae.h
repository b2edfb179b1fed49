#pragma once
// diffusers AutoencoderKLWan (0.36) for the Wan 2.1 VAE (z_dim 16), driven by its config.json,
// children named like the checkpoint keys. encode runs the encoder on frame chunks 1, 4, 4, ... (T
// must be 1 + 4k) through the causal cache, then quant_conv: the posterior's [mean | logvar];
// decode runs post_quant_conv, then the decoder one latent frame at a time through the cache, and
// clamps to [-1, 1]. Untiled for now. Calls are const but use a fresh cache each: one at a time
// per thread.
#include "models/wan/vae/WanDecoder3d.h"
#include "models/wan/vae/WanEncoder3d.h"
#include "models/wan/vae/WanVaeConfig.h"

#include <memory>
#include <string>

namespace framesmith {

struct WanVaePosterior {
    at::Tensor parameters; // [B, 2z, F, h, w]: quant_conv output (mean | raw logvar)
    at::Tensor mean;       // [B, z, F, h, w] (= mode())
    at::Tensor logvar;     // clamped to [-30, 20] as DiagonalGaussianDistribution does
    at::Tensor encoderRaw; // [B, 2z, F, h, w]: the chunks' encoder outputs before quant_conv
};

class WanVae : public Module {
public:
    explicit WanVae(WanVaeConfig config);

    // folder: vae/ with config.json and the safetensors. Missing, misshapen or unknown tensors throw
    // ShapeError naming them and the files.
    static std::shared_ptr<WanVae> load(const std::string& folder, c10::ScalarType dtype, c10::Device device);

    const WanVaeConfig& config() const { return m_config; }

    // video [B, in_channels, 1 + 4k, H, W] in [-1, 1], H and W multiples of 8. Throws ShapeError first.
    WanVaePosterior encode(const at::Tensor& video) const;
    // z [B, z_dim, F, h, w] -> [B, out_channels, 1 + 4(F − 1), 8h, 8w] clamped to [-1, 1];
    // decoderRaw (optional) receives the unclamped decoder output.
    at::Tensor decode(const at::Tensor& z, at::Tensor* decoderRaw = nullptr) const;

    // The untiled halves WanVaeTiling runs per tile, each with a fresh cache: quant_conv of the
    // encoder chunks ([B, 2z, F, h, w]; encoderRaw optional), and the unclamped decoder output.
    at::Tensor encodeParameters(const at::Tensor& video, at::Tensor* encoderRaw = nullptr) const;
    at::Tensor decodeUnclamped(const at::Tensor& z) const;
    std::int64_t spatialCompression() const; // 8 for the Wan 2.1 VAE

private:
    void checkVideo(const at::Tensor& video) const;

    WanVaeConfig m_config;
    std::shared_ptr<WanEncoder3d> m_encoder;
    std::shared_ptr<WanDecoder3d> m_decoder;
    std::shared_ptr<WanCausalConv3d> m_quantConv, m_postQuantConv;
};

} // namespace framesmith
