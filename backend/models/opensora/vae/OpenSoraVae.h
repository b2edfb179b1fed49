#pragma once
// OpenSoraVAE_V1_2 (opensora/models/vae/vae.py, VideoAutoencoderPipeline): the SDXL-type 2-D
// AutoencoderKL run per frame (children "spatial_vae.module.*") followed by the causal temporal VAE
// (children "temporal_vae.*") in chunks of micro_frame_size pixel frames, latents normalised by
// (z - shift) / scale (buffers "shift", "scale"). Weights all come from the VAE repo's checkpoint;
// the 2-D VAE folder (PixArt-alpha/pixart_sigma_sdxlvae_T5_diffusers/vae) only supplies its config.
// Thread: one call at a time per object; the weights are not changed by encode/decode.
#include "core/Module.h"
#include "framesmith/CancelToken.h"
#include "models/opensora/vae/OpenSoraVaeConfig.h"

#include <ATen/core/Generator.h>
#include <ATen/core/Tensor.h>
#include <c10/core/Device.h>
#include <c10/core/ScalarType.h>

#include <cstdint>
#include <functional>
#include <memory>
#include <string>
#include <vector>

namespace framesmith {

class OpenSoraSpatialVae;
class OpenSoraTemporalVae;

// How one encode/decode runs: never changes the result beyond float rounding, except the micro
// sizes, which are part of the reference's computation (draw shapes, temporal GroupNorm extent).
struct OpenSoraVaeRun {
    std::int64_t microBatchSize = -1;  // frames per 2-D micro-batch; -1: the config's, 0: all at once
    std::int64_t microFrameSize = -1;  // pixel frames per temporal chunk; -1: the config's, 0: no chunks
    const CancelToken* cancel = nullptr;          // a stop request is honoured between chunks
    std::function<void(int done, int total)> progress; // after every temporal chunk and 2-D micro-batch
    // Largest padded convolution input materialised at once; bigger ones run a few rows (2-D) or
    // frames (temporal) at a time. Memory only: results do not depend on it beyond rounding.
    std::int64_t convWindowBytes = std::int64_t{32} << 20;
    std::int64_t attentionScoreBytes = std::int64_t{256} << 20; // 2-D mid-block attention chunks
};

// The intermediate tensors of a run, for tests and evaluation (not needed by the pipeline).
struct OpenSoraVaeTrace {
    at::Tensor spatialLatents;        // encode: x_z, the temporal VAE's input; decode: its output
    std::vector<at::Tensor> draws;    // encode: every noise draw, in the order the generator made them
};

class OpenSoraVae : public Module {
public:
    // vaeRepoFolder: hpcai-tech/OpenSora-VAE-v1.2 (config.json + model.safetensors or an index);
    // sdxlVaeFolder: the 2-D VAE's diffusers folder (only its config.json is read). dtype float32,
    // bfloat16 or float16. Throws FileError/ShapeError naming the file, key or tensor.
    OpenSoraVae(const std::string& vaeRepoFolder, const std::string& sdxlVaeFolder, c10::Device device,
                c10::ScalarType dtype);
    explicit OpenSoraVae(const OpenSoraVaeConfig& config); // weights unset: for planning and tests
    ~OpenSoraVae() override;

    const OpenSoraVaeConfig& config() const { return m_config; }
    c10::Device device() const;
    c10::ScalarType dtype() const;

    // get_latent_size([frames, height, width]) -> [T, h, w].
    std::vector<std::int64_t> latentSize(int frames, int height, int width) const;
    std::vector<std::int64_t> latentSize(int frames, int height, int width, const OpenSoraVaeRun& run) const;

    // z [B, C_latent, T, h, w] (normalised latents) -> video [B, 3, F, 8h, 8w] in about [-1, 1],
    // not clamped, in the model's dtype on its device.
    at::Tensor decode(const at::Tensor& z, int numFrames, const std::function<void(int, int)>& progress);
    at::Tensor decode(const at::Tensor& z, int numFrames, const OpenSoraVaeRun& run,
                      OpenSoraVaeTrace* trace = nullptr) const;
    // video [B, 3, F, H, W] in [-1, 1] -> z [B, C_latent, T, H/8, W/8], posteriors sampled from
    // `gen` (a CPU generator) in the reference's order: every 2-D micro-batch, then every chunk.
    at::Tensor encode(const at::Tensor& video, at::Generator& gen);
    at::Tensor encode(const at::Tensor& video, at::Generator& gen, const OpenSoraVaeRun& run,
                      OpenSoraVaeTrace* trace = nullptr) const;

    OpenSoraSpatialVae& spatialVae() const { return *m_spatial; }
    OpenSoraTemporalVae& temporalVae() const { return *m_temporal; }
    // The micro sizes a run uses (its own or the config's).
    std::int64_t microBatchSize(const OpenSoraVaeRun& run) const;
    std::int64_t microFrameSize(const OpenSoraVaeRun& run) const;

private:
    at::Tensor prepare(const at::Tensor& input, std::int64_t channels, const char* what) const;

    OpenSoraVaeConfig m_config;
    std::shared_ptr<OpenSoraSpatialVae> m_spatial;
    std::shared_ptr<OpenSoraTemporalVae> m_temporal;
    at::Tensor m_scale; // [1, C, 1, 1, 1] or [] (config "scale")
    at::Tensor m_shift;
};

} // namespace framesmith
