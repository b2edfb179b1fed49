#include "models/opensora/vae/OpenSoraVae.h"

#include "core/ModuleGroup.h"
#include "framesmith/Error.h"
#include "io/WeightLoader.h"
#include "models/opensora/vae/spatial/OpenSoraSpatialVae.h"
#include "models/opensora/vae/temporal/OpenSoraTemporalVae.h"
#include "core/VaeProgress.h"

#include <ATen/ATen.h>
#include <ATen/core/grad_mode.h>

#include <filesystem>

namespace framesmith {

namespace {

std::vector<std::int64_t> bufferShape(bool isScalar, std::size_t count)
{
    // VideoAutoencoderPipeline: a list becomes [1, C, 1, 1, 1], a number a 0-d tensor.
    if (isScalar)
        return {};
    return {1, static_cast<std::int64_t>(count), 1, 1, 1};
}

void checkDtype(c10::ScalarType dtype)
{
    if (dtype != at::kFloat && dtype != at::kBFloat16 && dtype != at::kHalf)
        throw InvalidRequestError("dtype", std::string("the Open-Sora VAE runs in float32, bfloat16 or float16, not ")
                                               + c10::toString(dtype));
}

// libtorch before 2.x has no float16 convolutions on the CPU; probe once instead of guessing by version.
bool cpuSupportsHalfConvolution()
{
    static const bool isSupported = [] {
        try {
            const at::Tensor one = at::ones({1, 1, 1, 1, 1}, at::TensorOptions().dtype(at::kHalf));
            return at::conv3d(one, one).item<float>() == 1.0f && at::conv2d(one[0], one[0]).item<float>() == 1.0f;
        } catch (const c10::Error&) {
            return false;
        }
    }();
    return isSupported;
}

} // namespace

OpenSoraVae::OpenSoraVae(const OpenSoraVaeConfig& config) : m_config(config)
{
    auto spatialGroup = registerModule("spatial_vae", std::make_shared<ModuleGroup>());
    m_spatial = spatialGroup->add("module", std::make_shared<OpenSoraSpatialVae>(config.spatial, config.spatialScalingFactor));
    m_temporal = registerModule("temporal_vae", std::make_shared<OpenSoraTemporalVae>(config.temporal));
    registerParameter("scale", &m_scale, bufferShape(config.isScaleScalar, config.scale.size()));
    registerParameter("shift", &m_shift, bufferShape(config.isShiftScalar, config.shift.size()));
}

OpenSoraVae::OpenSoraVae(const std::string& vaeRepoFolder, const std::string& sdxlVaeFolder, c10::Device device,
                         c10::ScalarType dtype)
    : OpenSoraVae(OpenSoraVaeConfig::fromFiles((std::filesystem::path(vaeRepoFolder) / "config.json").string(),
                                               (std::filesystem::path(sdxlVaeFolder) / "config.json").string()))
{
    checkDtype(dtype);
    // Every weight, the 2-D VAE's included, comes from the VAE repo: VideoAutoencoderPipeline.from_pretrained
    // overwrites the spatial_vae.module.* tensors it first loaded from the 2-D folder.
    const WeightSource source = WeightSource::open(vaeRepoFolder);
    const WeightCheck check = loadWeights(*this, source, dtype, device);
    if (!check.unexpected.empty())
        throw ShapeError(vaeRepoFolder + ": the checkpoint holds tensors this VAE configuration does not have ("
                         + check.describe() + "); check config.json's vae_temporal sizes and the 2-D VAE config "
                         + sdxlVaeFolder + "/config.json");
}

OpenSoraVae::~OpenSoraVae() = default;

c10::Device OpenSoraVae::device() const
{
    return m_scale.defined() ? m_scale.device() : c10::Device(c10::kCPU);
}

c10::ScalarType OpenSoraVae::dtype() const
{
    return m_scale.defined() ? m_scale.scalar_type() : at::kFloat;
}

std::int64_t OpenSoraVae::microBatchSize(const OpenSoraVaeRun& run) const
{
    return run.microBatchSize >= 0 ? run.microBatchSize : m_config.microBatchSize;
}

std::int64_t OpenSoraVae::microFrameSize(const OpenSoraVaeRun& run) const
{
    return run.microFrameSize >= 0 ? run.microFrameSize : m_config.microFrameSize;
}

std::vector<std::int64_t> OpenSoraVae::latentSize(int frames, int height, int width) const
{
    return latentSize(frames, height, width, OpenSoraVaeRun());
}

std::vector<std::int64_t> OpenSoraVae::latentSize(int frames, int height, int width, const OpenSoraVaeRun& run) const
{
    if (frames < 1 || height < 1 || width < 1)
        throw InvalidRequestError("size", "frames, height and width must be positive, got " + std::to_string(frames)
                                              + " x " + std::to_string(height) + " x " + std::to_string(width));
    // VideoAutoencoderPipeline.get_latent_size: whole micro-frame chunks, then the remainder.
    const auto& temporal = m_config.temporal;
    const std::int64_t chunk = microFrameSize(run);
    std::int64_t latentFrames = temporal.latentFrames(frames);
    if (chunk > 0) {
        latentFrames = temporal.latentFrames(chunk) * (frames / chunk);
        if (frames % chunk > 0)
            latentFrames += temporal.latentFrames(frames % chunk);
    }
    return {latentFrames, height / OpenSoraVaeConfig::kSpatialPatch, width / OpenSoraVaeConfig::kSpatialPatch};
}

at::Tensor OpenSoraVae::prepare(const at::Tensor& input, std::int64_t channels, const char* what) const
{
    if (!m_scale.defined())
        throw Error(ErrorCode::Internal, "Open-Sora VAE: no weights loaded");
    if (dtype() == at::kHalf && device().is_cpu() && !cpuSupportsHalfConvolution())
        throw Error(ErrorCode::Unavailable, "Open-Sora VAE: this libtorch has no float16 convolutions on the CPU; load "
                                            "the VAE in bfloat16 or float32 to run it on the CPU");
    if (!input.defined() || input.dim() != 5 || input.size(1) != channels || input.numel() == 0)
        throw ShapeError(std::string("Open-Sora VAE ") + what + ": expected [B, " + std::to_string(channels)
                         + ", T, H, W], got " + (input.defined() ? c10::str(input.sizes()) : std::string("nothing")));
    return input.to(device(), dtype()).contiguous();
}

at::Tensor OpenSoraVae::decode(const at::Tensor& z, int numFrames, const std::function<void(int, int)>& progress)
{
    OpenSoraVaeRun run;
    run.progress = progress;
    return decode(z, numFrames, run);
}

at::Tensor OpenSoraVae::encode(const at::Tensor& video, at::Generator& gen)
{
    return encode(video, gen, OpenSoraVaeRun());
}

namespace {

// Latent frames per temporal chunk and the frame count each chunk decodes to (decode's loop).
struct DecodeChunk {
    std::int64_t begin, length, numFrames, outFrames;
};

std::vector<DecodeChunk> decodeChunks(const OpenSoraTemporalVaeConfig& temporal, std::int64_t latentFrames,
                                      std::int64_t numFrames, std::int64_t microFrameSize)
{
    const std::int64_t factor = temporal.timeDownsampleFactor();
    std::vector<DecodeChunk> chunks;
    if (microFrameSize <= 0) {
        const std::int64_t out = latentFrames * factor - OpenSoraTemporalVae::frontPadding(numFrames, factor);
        return {{0, latentFrames, numFrames, out}};
    }
    // for i in range(0, T, micro_z): decode(z[:, :, i:i + micro_z], min(micro_frame_size, n)); n -= micro_frame_size
    const std::int64_t step = temporal.latentFrames(microFrameSize);
    std::int64_t remaining = numFrames;
    for (std::int64_t begin = 0; begin < latentFrames; begin += step) {
        const std::int64_t length = std::min(step, latentFrames - begin);
        const std::int64_t frames = std::min(microFrameSize, remaining);
        chunks.push_back({begin, length, frames, length * factor - OpenSoraTemporalVae::frontPadding(frames, factor)});
        remaining -= microFrameSize;
    }
    return chunks;
}

int unitCount(std::size_t chunks, std::size_t microBatches)
{
    return static_cast<int>(chunks + microBatches);
}

} // namespace

at::Tensor OpenSoraVae::decode(const at::Tensor& z, int numFrames, const OpenSoraVaeRun& run, OpenSoraVaeTrace* trace) const
{
    at::NoGradGuard noGrad;
    if (numFrames < 1)
        throw InvalidRequestError("numFrames", "must be at least 1, got " + std::to_string(numFrames));
    at::Tensor latents = prepare(z, m_config.temporal.embedDim, "decode latents");
    const auto chunks = decodeChunks(m_config.temporal, latents.size(2), numFrames, microFrameSize(run));
    std::int64_t frames = 0;
    for (const auto& chunk : chunks) {
        if (chunk.outFrames < 1)
            throw InvalidRequestError("numFrames", std::to_string(numFrames) + " frames do not fit "
                                      + std::to_string(latents.size(2)) + " latent frames");
        frames += chunk.outFrames;
    }
    const auto microBatches = OpenSoraSpatialVae::microBatches(latents.size(0) * frames, microBatchSize(run));
    VaeProgress progress(run.cancel, run.progress, unitCount(chunks.size(), microBatches.size()), "VAE decoding");
    // z * scale + shift, in the latents' dtype
    latents = latents * m_scale + m_shift;
    at::Tensor spatialLatents; // [B, C, F, h, w]: the temporal VAE's output, the 2-D VAE's input
    std::int64_t offset = 0;
    for (const auto& chunk : chunks) {
        progress.beforeUnit();
        at::Tensor part = m_temporal->decode(latents.narrow(2, chunk.begin, chunk.length), chunk.numFrames,
                                             run.convWindowBytes);
        if (!spatialLatents.defined())
            spatialLatents = at::empty({part.size(0), part.size(1), frames, part.size(3), part.size(4)}, part.options());
        spatialLatents.narrow(2, offset, part.size(2)).copy_(part);
        offset += part.size(2);
        progress.afterUnit();
    }
    latents.reset();
    if (trace)
        trace->spatialLatents = spatialLatents;
    const OpenSoraSpatialWindows windows{run.convWindowBytes, run.attentionScoreBytes};
    return m_spatial->decode(spatialLatents, microBatchSize(run), windows, progress);
}

at::Tensor OpenSoraVae::encode(const at::Tensor& video, at::Generator& gen, const OpenSoraVaeRun& run,
                               OpenSoraVaeTrace* trace) const
{
    at::NoGradGuard noGrad;
    const at::Tensor x = prepare(video, m_config.spatial.inChannels, "encode video");
    const std::int64_t frames = x.size(2), chunk = microFrameSize(run);
    const std::int64_t chunkFrames = chunk > 0 ? chunk : frames;
    const std::size_t chunkCount = static_cast<std::size_t>((frames + chunkFrames - 1) / chunkFrames);
    const auto microBatches = OpenSoraSpatialVae::microBatches(x.size(0) * frames, microBatchSize(run));
    VaeProgress progress(run.cancel, run.progress, unitCount(chunkCount, microBatches.size()), "VAE encoding");
    const OpenSoraSpatialWindows windows{run.convWindowBytes, run.attentionScoreBytes};
    std::vector<at::Tensor>* draws = trace ? &trace->draws : nullptr;
    const at::Tensor spatialLatents = m_spatial->encode(x, gen, microBatchSize(run), windows, progress, draws);
    if (trace)
        trace->spatialLatents = spatialLatents;
    // One posterior per chunk of micro_frame_size frames, sampled right after its encode.
    std::vector<at::Tensor> parts;
    for (std::int64_t begin = 0; begin < frames; begin += chunkFrames) {
        progress.beforeUnit();
        const auto posterior = m_temporal->encode(spatialLatents.narrow(2, begin, std::min(chunkFrames, frames - begin)),
                                                  run.convWindowBytes);
        at::Tensor draw;
        parts.push_back(posterior.sample(gen, &draw));
        if (draws)
            draws->push_back(draw);
        progress.afterUnit();
    }
    // (z - shift) / scale
    return (at::cat(parts, 2) - m_shift) / m_scale;
}

} // namespace framesmith
