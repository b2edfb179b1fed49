#include "models/wan/planning/WanVaeWorkingSet.h"

#include "models/wan/planning/WanVaeDecoderWalk.h"
#include "models/wan/planning/WanVaeEncoderWalk.h"

#include <algorithm>
#include <vector>

namespace framesmith {

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
    const WanVaeChunk chunk = WanVaeDecoderWalk(c, w, th, tw).run();
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

WanVaeMemory WanVaeWorkingSet::encode(const WanVaeConfig& c, const WanVaeWorkload& w)
{
    const std::int64_t s = spatialCompression(c), e = w.elementBytes;
    const std::int64_t frames = 1 + temporalCompression(c) * (w.latentFrames - 1);
    // Chunks of 1, 4, 4, ... frames: a steady one when there is more than the first.
    const WanVaeChunk chunk = WanVaeEncoderWalk(c, w, w.height / c.patchSize, w.width / c.patchSize, w.latentFrames == 1).run();
    WanVaeMemory m;
    m.cacheBytes = chunk.cache;
    m.layerBytes = chunk.layer;
    // The encoder's output per chunk, their concatenation, quant_conv's and the clamped log-variance.
    m.outputBytes = w.batch * 2 * c.zDim * w.latentFrames * (w.height / s) * (w.width / s) * e;
    // Wan 2.2 patchifies the video first: a contiguous copy of the whole input.
    const std::int64_t patchified = c.patchSize > 1 ? w.batch * 3 * frames * w.height * w.width * e : 0;
    m.peakBytes = patchified + m.outputBytes + (w.latentFrames == 1 ? chunk.growingPeak : chunk.cache + chunk.layer);
    const std::int64_t assembly = patchified + 4 * m.outputBytes;
    m.peakStage = m.peakBytes >= assembly ? "chunk" : "assembly";
    m.peakBytes = std::max(m.peakBytes, assembly);
    return m;
}

} // namespace framesmith
