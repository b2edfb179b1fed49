#pragma once
// diffusers AutoencoderKLWan (0.36): the Wan 2.1 VAE (z_dim 16) and the Wan 2.2 VAE (z_dim 48,
// residual blocks, input pixel-unshuffled by patch_size 2), driven by config.json, children named
// like the checkpoint keys. encode runs the encoder on frame chunks 1, 4, 4, ... (T must be 1 + 4k)
// through the causal cache, then quant_conv: the posterior's [mean | logvar]; decode runs
// post_quant_conv, then the decoder one latent frame at a time through the cache, unpatchifies and
// clamps to [-1, 1]. Tiling: WanVaeTiling. Calls are const but use a fresh cache each.
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

    // video [B, 3, 1 + 4k, H, W] in [-1, 1], H and W multiples of spatialCompression(). Throws ShapeError first.
    WanVaePosterior encode(const at::Tensor& video) const;
    // z [B, z_dim, F, h, w] -> [B, 3, 1 + 4(F − 1), s·h, s·w] clamped to [-1, 1] (s = spatialCompression());
    // decoderRaw (optional) receives the decoder output before unpatchify and clamp.
    at::Tensor decode(const at::Tensor& z, at::Tensor* decoderRaw = nullptr) const;

    // The untiled halves WanVaeTiling runs per tile, each with a fresh cache, in patchified space
    // (the identity for patch_size 1): quant_conv of the encoder chunks ([B, 2z, F, h, w];
    // encoderRaw optional), and the decoder output before unpatchify and clamp.
    at::Tensor patchify(const at::Tensor& video) const;   // [B, C, T, H, W] -> [B, C·p², T, H/p, W/p]
    at::Tensor unpatchify(const at::Tensor& x) const;     // the inverse
    at::Tensor encodePatchified(const at::Tensor& x, at::Tensor* encoderRaw = nullptr) const;
    at::Tensor decodePatchified(const at::Tensor& z) const;
    std::int64_t spatialCompression() const;        // pixels per latent: 8 (Wan 2.1), 16 (Wan 2.2)
    std::int64_t patchSize() const { return m_config.patchSize; }

private:
    void checkPatchified(const at::Tensor& x) const;

    WanVaeConfig m_config;
    std::shared_ptr<WanEncoder3d> m_encoder;
    std::shared_ptr<WanDecoder3d> m_decoder;
    std::shared_ptr<CausalConv3d> m_quantConv, m_postQuantConv;
};

} // namespace framesmith
