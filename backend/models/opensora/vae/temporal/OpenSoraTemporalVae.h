#pragma once
// vae_temporal.py VAE_Temporal (checkpoint prefix "temporal_vae."): children encoder, quant_conv,
// post_quant_conv, decoder. encode pads time at the FRONT with zero frames to a multiple of the
// time downsample factor; decode drops that many leading frames of its output.
#include "models/opensora/vae/temporal/OpenSoraTemporalConv.h"
#include "models/opensora/vae/temporal/OpenSoraTemporalVaeConfig.h"

#include <ATen/core/Generator.h>

namespace framesmith {

class OpenSoraTemporalEncoder;
class OpenSoraTemporalDecoder;

struct OpenSoraTemporalPosterior {
    at::Tensor mean, logvar; // [B, embed_dim, T', H, W]; logvar clamped to [-30, 20]
    // mean + exp(logvar / 2) * torch.randn(mean.shape): drawn in float32 on the CPU from gen, then
    // cast to mean's dtype and device (the reference's DiagonalGaussianDistribution.sample).
    at::Tensor sample(at::Generator& gen, at::Tensor* draw = nullptr) const;
};

class OpenSoraTemporalVae : public Module {
public:
    explicit OpenSoraTemporalVae(const OpenSoraTemporalVaeConfig& config);
    ~OpenSoraTemporalVae() override;
    const OpenSoraTemporalVaeConfig& config() const { return m_config; }

    // x [B, in_out, T, H, W] -> posterior over [B, embed_dim, latentFrames(T), H, W].
    OpenSoraTemporalPosterior encode(const at::Tensor& x, std::int64_t windowBytes) const;
    // z [B, embed_dim, L, H, W] -> [B, in_out, L * f - padding(numFrames), H, W], with Python's
    // modulo for padding = (f - numFrames % f) % f (numFrames may be any integer, as in the reference).
    at::Tensor decode(const at::Tensor& z, std::int64_t numFrames, std::int64_t windowBytes) const;

    static std::int64_t frontPadding(std::int64_t frames, std::int64_t factor);

private:
    OpenSoraTemporalVaeConfig m_config;
    std::shared_ptr<OpenSoraTemporalEncoder> m_encoder;
    std::shared_ptr<OpenSoraTemporalDecoder> m_decoder;
    std::shared_ptr<CausalConv3d> m_quantConv, m_postQuantConv;
};

} // namespace framesmith
