#include "models/wan/planning/WanVaeWorkingSet.h"

#include <algorithm>
#include <vector>

namespace framesmith {

namespace {

constexpr std::int64_t kVaeFloatBytes = 4;
constexpr std::int64_t kVaeScoreBudgetBytes = 256ll << 20; // ChunkedAttention's default budget

struct Chunk {
    std::int64_t cache = 0; // bytes kept between chunks
    std::int64_t layer = 0; // widest live set
};

// One decoder chunk (a steady one: every temporal upsampler doubles its frames) over a latent grid
// of h x w, walked level by level as WanDecoder3d runs.
class DecoderWalk {
public:
    DecoderWalk(const WanVaeConfig& c, const WanVaeWorkload& w, std::int64_t h, std::int64_t wd)
        : m_c(c), m_w(w), m_e(w.elementBytes), m_h(h), m_wd(wd) {}

    Chunk run()
    {
        const std::size_t levels = m_c.dimMult.size();
        std::vector<std::int64_t> dims{m_c.decoderBaseDim * m_c.dimMult.back()};
        for (std::size_t i = levels; i-- > 0;)
            dims.push_back(m_c.decoderBaseDim * m_c.dimMult[i]);
        cache(m_c.zDim); // conv_in
        resBlock(dims[0], dims[0]);
        midAttention(dims[0]);
        resBlock(dims[0], dims[0]);
        for (std::size_t i = 0; i < levels; ++i) {
            const bool isUp = i + 1 != levels;
            const bool isTemporal = isUp && m_c.temperalDownsample[levels - 2 - i];
            std::int64_t in = m_c.isResidual || i == 0 ? dims[i] : dims[i] / 2; // Wan 2.1: the upsampler halved it
            m_held = m_c.isResidual && isUp ? bytes(in) : 0; // Wan 2.2 keeps the block's input for DupUp3D
            for (std::int64_t r = 0; r <= m_c.numResBlocks; ++r, in = dims[i + 1])
                resBlock(in, dims[i + 1]);
            if (isUp)
                upsample(dims[i + 1], m_c.isResidual ? dims[i + 1] : dims[i + 1] / 2, isTemporal);
        }
        cache(dims.back()); // conv_out after norm_out and SiLU
        layer(bytes(dims.back()) * 3 + bytes(dims.back(), 2) + bytes(dims.back(), m_frames + 2) + bytes(m_c.outChannels));
        return m_chunk;
    }

private:
    std::int64_t bytes(std::int64_t channels, std::int64_t frames = -1) const
    {
        return m_w.batch * channels * (frames < 0 ? m_frames : frames) * m_h * m_wd * m_e;
    }
    void cache(std::int64_t channels) { m_chunk.cache += bytes(channels, 2); }
    void layer(std::int64_t live)
    {
        // oneDNN reorders a conv's padded input and its output on the CPU.
        m_chunk.layer = std::max(m_chunk.layer, m_held + live + (m_w.isCpu ? m_lastConv : 0));
    }
    // x, its RMS norm and SiLU, the conv's time-padded input (two cached frames in front), the output;
    // for conv2 the shortcut (or x) and conv1's output beside.
    void resBlock(std::int64_t in, std::int64_t out)
    {
        // Each conv's new cache (a clone of its input's last two frames) is made before the old one goes.
        cache(in);
        m_lastConv = bytes(in, m_frames + 2) + bytes(out);
        layer(3 * bytes(in) + bytes(in, 2) + bytes(in, m_frames + 2) + bytes(out));
        cache(out);
        m_lastConv = bytes(out, m_frames + 2) + bytes(out);
        const std::int64_t shortcut = in != out ? bytes(out) : 0;
        layer(bytes(in) + shortcut + 3 * bytes(out) + bytes(out, 2) + bytes(out, m_frames + 2) + bytes(out));
    }
    void midAttention(std::int64_t c)
    {
        const std::int64_t hw = m_h * m_wd, groups = m_w.batch * m_frames;
        std::int64_t scores = groups * hw * kVaeFloatBytes;
        if (!m_w.fusedAttention) {
            const std::int64_t budget = std::max<std::int64_t>(1, kVaeScoreBudgetBytes / m_e);
            const std::int64_t rows = std::clamp<std::int64_t>(budget / hw, 1, hw);
            scores = (rows * hw + (rows == hw ? 0 : rows * c)) * m_e;
        }
        // x, its norm, qkv (3C), the attended output and its copy, the projection, the sum.
        layer(bytes(c) * 2 + bytes(3 * c) + 3 * bytes(c) + scores);
    }
    // Nearest-exact x2 per frame in float32 (the widened input, the row-doubled and the full copy, cast
    // back), then the 3x3 conv to `out` channels; a temporal upsampler first doubles the frames
    // through its cached (3, 1, 1) time conv. Wan 2.2 adds the DupUp3D shortcut of the block's input.
    void upsample(std::int64_t c, std::int64_t out, bool isTemporal)
    {
        const std::int64_t wide = m_e == kVaeFloatBytes ? 0 : kVaeFloatBytes;
        if (isTemporal) {
            cache(c);
            layer(bytes(c) + bytes(c, m_frames + 2) + bytes(2 * c) * 2);
            m_frames *= 2;
        }
        const std::int64_t x = bytes(c) / m_e; // elements
        const std::int64_t back = m_e == kVaeFloatBytes ? 0 : 4 * x * m_e;
        // The input, its frame-major copy, then the expression's temporaries to its end.
        layer(2 * x * m_e + x * wide + 2 * x * kVaeFloatBytes + 4 * x * kVaeFloatBytes + back);
        m_lastConv = 4 * x * m_e + 4 * x * out / c * m_e;
        layer(x * m_e + 4 * x * m_e + 4 * x * out / c * m_e);
        m_h *= 2;
        m_wd *= 2;
        if (m_c.isResidual) // x + dupUp(block input): the block's input, its repeated and permuted copies, the sum
            layer(4 * bytes(out));
        m_held = 0;
    }

    const WanVaeConfig& m_c;
    const WanVaeWorkload& m_w;
    std::int64_t m_e, m_h, m_wd;
    std::int64_t m_frames = 1;
    std::int64_t m_lastConv = 0;
    std::int64_t m_held = 0; // held beside every layer of the current level
    Chunk m_chunk;
};

} // namespace

std::int64_t WanVaeWorkingSet::spatialCompression(const WanVaeConfig& c)
{
    return (std::int64_t{1} << (c.dimMult.size() - 1)) * c.patchSize;
}

std::int64_t WanVaeWorkingSet::temporalCompression(const WanVaeConfig& c)
{
    return std::int64_t{1} << std::count(c.temperalDownsample.begin(), c.temperalDownsample.end(), true);
}

WanVaeMemory WanVaeWorkingSet::decode(const WanVaeConfig& c, const WanVaeWorkload& w)
{
    const std::int64_t s = spatialCompression(c), e = w.elementBytes;
    const std::int64_t h = w.height / s, wd = w.width / s;
    const bool isTiled = w.tileHeight > 0 && w.tileWidth > 0 && (h > w.tileHeight / s || wd > w.tileWidth / s);
    const std::int64_t th = isTiled ? std::min(h, w.tileHeight / s) : h, tw = isTiled ? std::min(wd, w.tileWidth / s) : wd;
    const Chunk chunk = DecoderWalk(c, w, th, tw).run();
    const std::int64_t frames = 1 + temporalCompression(c) * (w.latentFrames - 1);
    WanVaeMemory m;
    m.cacheBytes = chunk.cache;
    m.layerBytes = chunk.layer;
    m.outputBytes = w.batch * c.outChannels / (c.patchSize * c.patchSize) * frames * w.height * w.width * e;
    // The latents and post_quant_conv's output live through the decode.
    const std::int64_t latents = 2 * w.batch * c.zDim * w.latentFrames * h * wd * e;
    // Tiles: every tile's decoded clip is held until blending (overlaps counted twice), then the blend.
    std::int64_t collected = m.outputBytes;
    if (isTiled) {
        const std::int64_t sh = std::max<std::int64_t>(1, w.strideHeight / s), sw = std::max<std::int64_t>(1, w.strideWidth / s);
        const std::int64_t rows = (h + sh - 1) / sh, columns = (wd + sw - 1) / sw;
        collected = m.outputBytes * (rows * th * columns * tw) / std::max<std::int64_t>(1, h * wd);
    }
    const std::int64_t duringChunks = latents + collected + chunk.cache + chunk.layer;
    // cat of the chunks (or the blended tiles), then unpatchify (Wan 2.2) and clamp.
    const std::int64_t assembly = latents + std::max(collected + m.outputBytes, (c.patchSize > 1 ? 3 : 2) * m.outputBytes);
    m.peakBytes = std::max(duringChunks, assembly);
    m.peakStage = duringChunks >= assembly ? "chunk" : "assembly";
    return m;
}

} // namespace framesmith
