#include "models/cogvideox/vae/CogVideoXVae.h"

#include "framesmith/Error.h"
#include "io/WeightLoader.h"
#include "models/cogvideox/vae/CogVideoXVaeDecoder3D.h"
#include "models/cogvideox/vae/CogVideoXVaeEncoder3D.h"
#include "core/VaeProgress.h"
#include "models/cogvideox/vae/CogVideoXVaeTiler.h"

#include <ATen/ATen.h>

#include <optional>

namespace framesmith {

namespace {

std::string shapeText(const at::Tensor& t)
{
    std::string text = "[";
    for (std::int64_t i = 0; i < t.dim(); ++i)
        text += (i ? ", " : "") + std::to_string(t.size(i));
    return text + "]";
}

// Tiles used for an input of `height` x `width` (input units), or none when tiling is off or the
// input fits one tile (diffusers tests the tile minimum of the input's own units).
std::optional<CogVideoXVaeTiler> plannedTiles(const VaeOptions& o, std::int64_t height, std::int64_t width,
                                              std::int64_t tileHeight, std::int64_t tileWidth,
                                              std::int64_t outTileHeight, std::int64_t outTileWidth)
{
    if (!o.tiling || (width <= tileWidth && height <= tileHeight))
        return std::nullopt;
    return CogVideoXVaeTiler(TileAxis::plan(height, tileHeight, outTileHeight, o.tileOverlapHeight, "tileSampleMinHeight"),
                             TileAxis::plan(width, tileWidth, outTileWidth, o.tileOverlapWidth, "tileSampleMinWidth"));
}

std::int64_t latentTile(int samplePixels, std::int64_t spatialScale)
{
    // diffusers: int(tile_sample_min / 2 ** (len(block_out_channels) - 1))
    return static_cast<std::int64_t>(static_cast<double>(samplePixels) / static_cast<double>(spatialScale));
}

} // namespace

at::Tensor LatentDistribution::std() const
{
    return at::exp(logvar * 0.5);
}

at::Tensor LatentDistribution::sample(at::Generator& gen) const
{
    // diffusers randn_tensor: a CPU generator draws on the CPU, then the noise moves.
    at::Tensor noise = at::randn(mean.sizes(), gen, mean.options().device(at::kCPU)).to(mean.device());
    return mean + std() * noise;
}

CogVideoXVae::CogVideoXVae(const CogVideoXVaeConfig& config) : m_config(config)
{
    m_encoder = registerModule("encoder", std::make_shared<CogVideoXVaeEncoder3D>(config));
    m_decoder = registerModule("decoder", std::make_shared<CogVideoXVaeDecoder3D>(config));
    m_probe = parameters().front().tensor; // a member slot: follows to() and weight loading
}

CogVideoXVae::~CogVideoXVae() = default;

std::shared_ptr<CogVideoXVae> CogVideoXVae::load(const std::string& vaeDir, c10::ScalarType dtype, c10::Device device)
{
    auto vae = std::make_shared<CogVideoXVae>(CogVideoXVaeConfig::fromFile(vaeDir + "/config.json"));
    loadWeights(*vae, WeightSource::open(vaeDir), dtype, device);
    return vae;
}

std::vector<std::pair<std::int64_t, std::int64_t>> CogVideoXVae::frameBatches(std::int64_t frames, std::int64_t batchSize)
{
    // diffusers _encode/_decode: max(F // n, 1) batches, the remainder F % n joins the first.
    const std::int64_t count = std::max<std::int64_t>(frames / batchSize, 1);
    const std::int64_t remainder = frames % batchSize;
    std::vector<std::pair<std::int64_t, std::int64_t>> batches;
    for (std::int64_t i = 0; i < count; ++i) {
        const std::int64_t start = batchSize * i + (i == 0 ? 0 : remainder);
        const std::int64_t end = std::min(batchSize * (i + 1) + remainder, frames);
        batches.emplace_back(start, end);
    }
    return batches;
}

at::Tensor CogVideoXVae::prepareInput(const at::Tensor& input, std::int64_t channels, const char* what) const
{
    if (!input.defined() || input.dim() != 5 || input.size(1) != channels || input.numel() == 0)
        throw ShapeError(std::string("VAE ") + what + ": expected [B, " + std::to_string(channels)
                         + ", F, H, W], got " + (input.defined() ? shapeText(input) : std::string("nothing")));
    return input.to(m_probe->device(), m_probe->scalar_type());
}

// The reference's frame batching for either coder: batches run in order with the causal-conv cache
// carried between them, each batch's output written into one preallocated tensor.
template <class Coder>
static at::Tensor runFrameBatches(const Coder& coder, const at::Tensor& input, std::int64_t framesPerBatch,
                                  std::int64_t outChannels, const VaeOptions& options, VaeProgress& progress)
{
    const auto batches = CogVideoXVae::frameBatches(input.size(2), framesPerBatch);
    std::int64_t frames = 0;
    for (const auto& [start, end] : batches)
        frames += coder.framesOut(end - start);
    // [B, C_out, F_out, H_out, W_out]
    at::Tensor output = at::empty({input.size(0), outChannels, frames, coder.sizeOut(input.size(3)),
                                   coder.sizeOut(input.size(4))},
                                  input.options());
    CausalConvCache cache;
    cache.setWindowBytes(options.convWindowBytes);
    std::int64_t offset = 0;
    for (std::size_t k = 0; k < batches.size(); ++k) {
        progress.beforeUnit();
        cache.setNextBatchFollows(k + 1 < batches.size());
        const auto [start, end] = batches[k];
        at::Tensor chunk = coder.forward(input.narrow(2, start, end - start), cache);
        output.narrow(2, offset, chunk.size(2)).copy_(chunk);
        offset += chunk.size(2);
        progress.afterUnit();
    }
    return output;
}

at::Tensor CogVideoXVae::decodeFrames(const at::Tensor& latents, const VaeOptions& options,
                                      VaeProgress& progress) const
{
    return runFrameBatches(*m_decoder, latents, kLatentFramesPerBatch, m_config.outChannels, options, progress);
}

at::Tensor CogVideoXVae::encodeFrames(const at::Tensor& video, const VaeOptions& options,
                                      VaeProgress& progress) const
{
    return runFrameBatches(*m_encoder, video, kSampleFramesPerBatch, 2 * m_config.latentChannels, options, progress);
}

at::Tensor CogVideoXVae::decodeItem(const at::Tensor& latents, const VaeOptions& o, VaeProgress& progress) const
{
    const std::int64_t scale = m_config.spatialCompression();
    auto tiles = plannedTiles(o, latents.size(3), latents.size(4), latentTile(o.tileSampleMinHeight, scale),
                              latentTile(o.tileSampleMinWidth, scale), o.tileSampleMinHeight, o.tileSampleMinWidth);
    if (!tiles)
        return decodeFrames(latents, o, progress);
    return tiles->run(
        latents, [&](const at::Tensor& tile) { return decodeFrames(tile, o, progress); },
        [&](std::int64_t size) { return m_decoder->sizeOut(size); });
}

at::Tensor CogVideoXVae::encodeItem(const at::Tensor& video, const VaeOptions& o, VaeProgress& progress) const
{
    const std::int64_t scale = m_config.spatialCompression();
    auto tiles = plannedTiles(o, video.size(3), video.size(4), o.tileSampleMinHeight, o.tileSampleMinWidth,
                              latentTile(o.tileSampleMinHeight, scale), latentTile(o.tileSampleMinWidth, scale));
    if (!tiles)
        return encodeFrames(video, o, progress);
    return tiles->run(
        video, [&](const at::Tensor& tile) { return encodeFrames(tile, o, progress); },
        [&](std::int64_t size) { return m_encoder->sizeOut(size); });
}

namespace {

// Runs `item` on the whole batch, or (slicing) on one batch item at a time into one output.
template <class Item>
at::Tensor overItems(const at::Tensor& input, bool slicing, const Item& item)
{
    if (!slicing || input.size(0) == 1)
        return item(input);
    at::Tensor output;
    for (std::int64_t b = 0; b < input.size(0); ++b) {
        at::Tensor one = item(input.narrow(0, b, 1));
        if (!output.defined()) {
            auto sizes = one.sizes().vec();
            sizes[0] = input.size(0);
            output = at::empty(sizes, one.options());
        }
        output.narrow(0, b, 1).copy_(one);
    }
    return output;
}

} // namespace

at::Tensor CogVideoXVae::decode(const at::Tensor& latents, const VaeOptions& options) const
{
    at::Tensor z = prepareInput(latents, m_config.latentChannels, "decode latents");
    const std::int64_t scale = m_config.spatialCompression();
    auto tiles = plannedTiles(options, z.size(3), z.size(4), latentTile(options.tileSampleMinHeight, scale),
                              latentTile(options.tileSampleMinWidth, scale), options.tileSampleMinHeight,
                              options.tileSampleMinWidth);
    const std::int64_t items = options.slicing ? z.size(0) : 1;
    const auto chunks = items * static_cast<std::int64_t>(tiles ? tiles->tileCount() : 1)
        * static_cast<std::int64_t>(frameBatches(z.size(2), kLatentFramesPerBatch).size());
    VaeProgress progress(options.cancel, options.progress, static_cast<int>(chunks), "VAE decoding");
    return overItems(z, options.slicing, [&](const at::Tensor& item) { return decodeItem(item, options, progress); });
}

LatentDistribution CogVideoXVae::encode(const at::Tensor& video, const VaeOptions& options) const
{
    at::Tensor x = prepareInput(video, m_config.inChannels, "encode video");
    const std::int64_t scale = m_config.spatialCompression();
    auto tiles = plannedTiles(options, x.size(3), x.size(4), options.tileSampleMinHeight, options.tileSampleMinWidth,
                              latentTile(options.tileSampleMinHeight, scale), latentTile(options.tileSampleMinWidth, scale));
    const std::int64_t items = options.slicing ? x.size(0) : 1;
    const auto chunks = items * static_cast<std::int64_t>(tiles ? tiles->tileCount() : 1)
        * static_cast<std::int64_t>(frameBatches(x.size(2), kSampleFramesPerBatch).size());
    VaeProgress progress(options.cancel, options.progress, static_cast<int>(chunks), "VAE encoding");
    at::Tensor moments = overItems(x, options.slicing, [&](const at::Tensor& item) { return encodeItem(item, options, progress); });
    // diffusers DiagonalGaussianDistribution: chunk(2, dim=1), logvar clamped to [-30, 20].
    LatentDistribution dist;
    dist.logvar = moments.narrow(1, m_config.latentChannels, m_config.latentChannels).clamp(-30.0, 20.0);
    dist.mean = moments.narrow(1, 0, m_config.latentChannels).contiguous();
    return dist;
}

} // namespace framesmith
