#pragma once
// diffusers AutoencoderKLCogVideoX: the 3D causal VAE of every CogVideoX model (children
// "encoder", "decoder"). encode/decode reproduce the reference's frame batching (2 latent / 8
// sample frames, remainder in the first batch, conv cache carried), slicing and tiling, with
// far less memory: see docs/benchmarks.md "VAE". Thread: any one thread at a time per call;
// the module itself is immutable after load and may be shared.
#include "core/Module.h"
#include "framesmith/CancelToken.h"
#include "models/cogvideox/vae/CogVideoXVaeConfig.h"

#include <ATen/core/Generator.h>
#include <ATen/core/Tensor.h>

#include <functional>
#include <memory>
#include <string>

namespace framesmith {

class CogVideoXVaeEncoder3D;
class CogVideoXVaeDecoder3D;
class VaeProgress;

struct VaeOptions {
    bool slicing = false; // one batch item at a time
    bool tiling = false;  // overlapping spatial tiles
    int tileSampleMinHeight = 240, tileSampleMinWidth = 360; // pixels
    double tileOverlapHeight = 1.0 / 6.0, tileOverlapWidth = 1.0 / 5.0;
    const CancelToken* cancel = nullptr;                     // checked before every chunk/tile
    std::function<void(int done, int total)> progress;       // after every chunk (frame batch of a tile)
    // Largest convolution input materialised at once; bigger ones run a few frames at a time.
    std::int64_t convWindowBytes = std::int64_t{8} << 20;
};

// diffusers DiagonalGaussianDistribution (logvar clamped to [-30, 20]).
struct LatentDistribution {
    at::Tensor mean, logvar; // [B, latent_channels, f, h, w]
    at::Tensor std() const;  // exp(0.5 * logvar)
    // mean + std * randn(mean.shape, gen), drawn on the CPU in mean's dtype like the reference.
    at::Tensor sample(at::Generator& gen) const;
};

class CogVideoXVae : public Module {
public:
    explicit CogVideoXVae(const CogVideoXVaeConfig& config);
    ~CogVideoXVae() override;

    static std::shared_ptr<CogVideoXVae> load(const std::string& vaeDir, c10::ScalarType dtype, c10::Device device);
    const CogVideoXVaeConfig& config() const { return m_config; }

    // video: [B, in_channels, F, H, W] in [-1, 1].
    LatentDistribution encode(const at::Tensor& video, const VaeOptions& options) const;
    // latents: [B, latent_channels, f, h, w], unscaled -> [B, out_channels, F, 8h, 8w].
    at::Tensor decode(const at::Tensor& latents, const VaeOptions& options) const;

    // Frame batches as the reference slices them: [start, end) per batch.
    static std::vector<std::pair<std::int64_t, std::int64_t>> frameBatches(std::int64_t frames, std::int64_t batchSize);
    static constexpr std::int64_t kLatentFramesPerBatch = 2;
    static constexpr std::int64_t kSampleFramesPerBatch = 8;

private:
    at::Tensor encodeItem(const at::Tensor& video, const VaeOptions& options, VaeProgress& progress) const;
    at::Tensor decodeItem(const at::Tensor& latents, const VaeOptions& options, VaeProgress& progress) const;
    at::Tensor encodeFrames(const at::Tensor& video, const VaeOptions& options, VaeProgress& progress) const;
    at::Tensor decodeFrames(const at::Tensor& latents, const VaeOptions& options, VaeProgress& progress) const;
    at::Tensor prepareInput(const at::Tensor& input, std::int64_t channels, const char* what) const;

    CogVideoXVaeConfig m_config;
    std::shared_ptr<CogVideoXVaeEncoder3D> m_encoder;
    std::shared_ptr<CogVideoXVaeDecoder3D> m_decoder;
    const at::Tensor* m_probe = nullptr; // a weight: the device and dtype inputs are moved to
};

} // namespace framesmith
