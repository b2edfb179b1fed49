#include "models/opensora/planning/OpenSoraVaeWorkingSet.h"

#include "models/opensora/vae/temporal/OpenSoraTemporalConv.h"
#include "models/opensora/vae/spatial/OpenSoraRowConv.h"
#include "models/opensora/vae/spatial/OpenSoraSpatialVae.h"

#include <algorithm>
#include <vector>

namespace framesmith {

namespace {

class Walker {
public:
    explicit Walker(const OpenSoraVaeWorkload& w) : m_w(w), m_b(w.elementBytes) {}

    OpenSoraVaeMemory result(std::int64_t outputBytes) const { return {m_peak, m_stage, outputBytes}; }
    void setStage(const std::string& stage, std::int64_t heldBytes) { m_stageName = stage, m_held = heldBytes; }

    // ---- 2-D layers, one frame of rows x columns ----
    // A k x k conv whose fill (norm, upsampling, copy) writes row windows; `input` is the source
    // tensor kept alive meanwhile, `held` what the block keeps beside it (a residual).
    void rowConv(std::int64_t in, std::int64_t out, std::int64_t kernel, std::int64_t rows, std::int64_t columns,
                 std::int64_t input, std::int64_t held, bool isNormalised)
    {
        const std::int64_t rowBytes = in * columns * m_b;
        const auto sizes = OpenSoraRowConv::windows(rows, kernel, rowBytes, m_w.convWindowBytes);
        const std::int64_t n = *std::max_element(sizes.begin(), sizes.end());
        const std::int64_t window = (n + kernel - 1) * rowBytes, windowOut = n * out * columns * m_b;
        const std::int64_t output = out * rows * columns * m_b;
        const std::int64_t normTemp = !m_w.isCpu && isNormalised ? (n + kernel - 1) * in * columns * 4 : 0;
        observe(input + held + window + output + (sizes.size() > 1 ? windowOut : 0)
                + engine(window, windowOut, in * out * kernel * kernel) + normTemp);
    }
    // A conv on the whole tensor (1x1 shortcuts and quant convs, the stride-2 downsampler).
    void directConv(std::int64_t inputBytes, std::int64_t outputBytes, std::int64_t weights, std::int64_t held)
    {
        observe(inputBytes + outputBytes + held + engine(inputBytes, outputBytes, weights));
    }
    void resnet2d(std::int64_t in, std::int64_t out, std::int64_t rows, std::int64_t columns)
    {
        const std::int64_t x = in * rows * columns * m_b, o = out * rows * columns * m_b;
        const bool hasShortcut = in != out, isResidualFirst = !hasShortcut || out <= in;
        if (hasShortcut && isResidualFirst) {
            directConv(x, o, in * out, 0);
            rowConv(in, out, 3, rows, columns, x, o, true);
            rowConv(out, out, 3, rows, columns, o, o, true);
        } else if (!hasShortcut) {
            rowConv(in, out, 3, rows, columns, x, 0, true);
            rowConv(out, out, 3, rows, columns, o, x, true);
        } else {
            rowConv(in, out, 3, rows, columns, x, 0, true);
            rowConv(out, out, 3, rows, columns, o, x, true);
            directConv(x, o, in * out, o);
        }
    }
    void attention(std::int64_t channels, std::int64_t tokens)
    {
        // x, its normalised copy, q, k, v, the attention output and one chunk of scores.
        const std::int64_t t = channels * tokens * m_b;
        const std::int64_t rows = std::clamp<std::int64_t>(m_w.attentionScoreBytes / m_b / tokens, 1, tokens);
        observe(6 * t + rows * tokens * m_b + (rows < tokens ? rows * channels * m_b : 0));
    }

    // ---- temporal layers, B x frames x (h x w) ----
    std::int64_t temporalConv(std::int64_t in, std::int64_t out, std::int64_t kernel, std::int64_t stride,
                              std::int64_t frames, std::int64_t input, std::int64_t held, bool isNormalised)
    {
        const CausalConv3d conv(in, out, OpenSoraTemporalConv::options({kernel, kernel == 1 ? 1 : 3, kernel == 1 ? 1 : 3}, stride, false));
        const std::int64_t area = m_h * m_wd, frameBytes = m_w.batch * in * area * m_b;
        const auto sizes = conv.windows(frames, frameBytes, m_w.convWindowBytes);
        const std::int64_t n = *std::max_element(sizes.begin(), sizes.end());
        const std::int64_t outFrames = conv.outputFrames(frames);
        const std::int64_t window = ((n - 1) * stride + kernel) * frameBytes;
        const std::int64_t windowOut = n * m_w.batch * out * area * m_b;
        const std::int64_t output = outFrames * m_w.batch * out * area * m_b;
        const std::int64_t normTemp = !m_w.isCpu && isNormalised ? window / m_b * 4 : 0;
        const std::int64_t spatialKernel = kernel == 1 ? 1 : 9;
        observe(input + held + window + output + (sizes.size() > 1 ? windowOut : 0)
                + engine(window, windowOut, in * out * kernel * spatialKernel) + normTemp);
        return outFrames;
    }
    void resnet3d(std::int64_t in, std::int64_t out, std::int64_t frames)
    {
        const std::int64_t perChannel = m_w.batch * frames * m_h * m_wd * m_b;
        const std::int64_t x = in * perChannel, o = out * perChannel;
        const bool hasShortcut = in != out, isResidualFirst = !hasShortcut || out <= in;
        if (hasShortcut && isResidualFirst) {
            temporalConv(in, out, 1, 1, frames, x, 0, false);
            temporalConv(in, out, 3, 1, frames, x, o, true);
            temporalConv(out, out, 3, 1, frames, o, o, true);
        } else if (!hasShortcut) {
            temporalConv(in, out, 3, 1, frames, x, 0, true);
            temporalConv(out, out, 3, 1, frames, o, x, true);
        } else {
            temporalConv(in, out, 3, 1, frames, x, 0, true);
            temporalConv(out, out, 3, 1, frames, o, x, true);
            temporalConv(in, out, 1, 1, frames, x, o, false);
        }
    }
    void setLatentArea(std::int64_t h, std::int64_t w) { m_h = h, m_wd = w; }
    std::int64_t temporalBytes(std::int64_t channels, std::int64_t frames) const
    {
        return m_w.batch * channels * frames * m_h * m_wd * m_b;
    }
    void observe(std::int64_t bytes)
    {
        if (bytes + m_held > m_peak) {
            m_peak = bytes + m_held;
            m_stage = m_stageName;
        }
    }
    std::int64_t elementBytes() const { return m_b; }

private:
    std::int64_t engine(std::int64_t input, std::int64_t output, std::int64_t weightElements) const
    {
        // oneDNN reorders operands (and weights) into blocked layouts; cuDNN's workspace is modelled
        // at about the size of the operands.
        return input + output + (m_w.isCpu ? weightElements * m_b : 0);
    }

    const OpenSoraVaeWorkload& m_w;
    std::int64_t m_b;
    std::int64_t m_h = 0, m_wd = 0;
    std::int64_t m_peak = 0, m_held = 0;
    std::string m_stage, m_stageName;
};

std::int64_t effective(std::int64_t requested, std::int64_t configured)
{
    return requested >= 0 ? requested : configured;
}

// Pixel frames per temporal chunk for an input of `frames` (decode: the frames each chunk yields).
std::vector<std::int64_t> chunks(std::int64_t frames, std::int64_t chunk)
{
    std::vector<std::int64_t> out;
    const std::int64_t size = chunk > 0 ? chunk : frames;
    for (std::int64_t start = 0; start < frames; start += size)
        out.push_back(std::min(size, frames - start));
    return out;
}

void temporalDecoder(Walker& walk, const OpenSoraTemporalVaeConfig& t, std::int64_t latentFrames)
{
    std::int64_t frames = latentFrames;
    walk.temporalConv(t.embedDim, t.latentEmbedDim, 1, 1, frames, walk.temporalBytes(t.embedDim, frames), 0, false);
    const std::int64_t deepest = t.filters * t.channelMultipliers.back();
    walk.temporalConv(t.latentEmbedDim, deepest, 3, 1, frames, walk.temporalBytes(t.latentEmbedDim, frames), 0, false);
    for (std::int64_t j = 0; j < t.numResBlocks; ++j)
        walk.resnet3d(deepest, deepest, frames);
    std::int64_t previous = deepest;
    for (std::int64_t i = t.blocks() - 1; i >= 0; --i) {
        const std::int64_t filters = t.filters * t.channelMultipliers[static_cast<std::size_t>(i)];
        for (std::int64_t j = 0; j < t.numResBlocks; ++j) {
            walk.resnet3d(previous, filters, frames);
            previous = filters;
        }
        if (i > 0 && t.downsamplesTime(i - 1)) {
            walk.temporalConv(previous, 2 * previous, 3, 1, frames, walk.temporalBytes(previous, frames), 0, false);
            // depth to space: the conv's output and its rearranged copy
            walk.observe(2 * walk.temporalBytes(2 * previous, frames));
            frames *= 2;
        }
    }
    walk.temporalConv(previous, t.inOutChannels, 3, 1, frames, walk.temporalBytes(previous, frames), 0, true);
}

void spatialDecoder(Walker& walk, const OpenSoraSpatialVaeConfig& s, std::int64_t h, std::int64_t w)
{
    const std::int64_t b = walk.elementBytes();
    const std::vector<std::int64_t> r(s.blockOutChannels.rbegin(), s.blockOutChannels.rend());
    walk.directConv(s.latentChannels * h * w * b, s.latentChannels * h * w * b, s.latentChannels * s.latentChannels, 0);
    walk.rowConv(s.latentChannels, r[0], 3, h, w, s.latentChannels * h * w * b, 0, false);
    walk.resnet2d(r[0], r[0], h, w);
    if (s.midBlockAddAttention)
        walk.attention(r[0], h * w);
    walk.resnet2d(r[0], r[0], h, w);
    std::int64_t in = r[0];
    for (std::size_t i = 0; i < r.size(); ++i) {
        for (std::int64_t j = 0; j <= s.layersPerBlock; ++j) {
            walk.resnet2d(in, r[i], h, w);
            in = r[i];
        }
        if (i + 1 < r.size()) { // nearest x2 written into the conv's windows
            walk.rowConv(in, in, 3, 2 * h, 2 * w, in * h * w * b, 0, false);
            h *= 2, w *= 2;
        }
    }
    walk.rowConv(in, s.outChannels, 3, h, w, in * h * w * b, 0, true);
}

void spatialEncoder(Walker& walk, const OpenSoraSpatialVaeConfig& s, std::int64_t h, std::int64_t w)
{
    const std::int64_t b = walk.elementBytes();
    const auto& c = s.blockOutChannels;
    walk.rowConv(s.inChannels, c[0], 3, h, w, s.inChannels * h * w * b, 0, false);
    std::int64_t in = c[0];
    for (std::size_t i = 0; i < c.size(); ++i) {
        for (std::int64_t j = 0; j < s.layersPerBlock; ++j) {
            walk.resnet2d(in, c[i], h, w);
            in = c[i];
        }
        if (i + 1 < c.size()) { // pad (0, 1, 0, 1), then the stride-2 conv
            const std::int64_t padded = in * (h + 1) * (w + 1) * b;
            walk.observe(in * h * w * b + padded);
            h /= 2, w /= 2;
            walk.directConv(padded, in * h * w * b, in * in * 9, 0);
        }
    }
    walk.resnet2d(in, in, h, w);
    if (s.midBlockAddAttention)
        walk.attention(in, h * w);
    walk.resnet2d(in, in, h, w);
    walk.rowConv(in, 2 * s.latentChannels, 3, h, w, in * h * w * b, 0, true);
    const std::int64_t moments = 2 * s.latentChannels * h * w * b;
    walk.directConv(moments, moments, 4 * s.latentChannels * s.latentChannels, 0);
}

void temporalEncoder(Walker& walk, const OpenSoraTemporalVaeConfig& t, std::int64_t frames)
{
    const std::int64_t padded = frames + (t.timeDownsampleFactor() - frames % t.timeDownsampleFactor()) % t.timeDownsampleFactor();
    walk.observe(walk.temporalBytes(t.inOutChannels, frames + padded));
    frames = padded;
    walk.temporalConv(t.inOutChannels, t.filters, 3, 1, frames, walk.temporalBytes(t.inOutChannels, frames), 0, false);
    std::int64_t previous = t.filters;
    for (std::int64_t i = 0; i < t.blocks(); ++i) {
        const std::int64_t filters = t.filters * t.channelMultipliers[static_cast<std::size_t>(i)];
        for (std::int64_t j = 0; j < t.numResBlocks; ++j) {
            walk.resnet3d(previous, filters, frames);
            previous = filters;
        }
        if (i + 1 < t.blocks() && t.downsamplesTime(i))
            frames = walk.temporalConv(previous, filters, 3, 2, frames, walk.temporalBytes(previous, frames), 0, false);
    }
    for (std::int64_t j = 0; j < t.numResBlocks; ++j)
        walk.resnet3d(previous, previous, frames);
    walk.temporalConv(previous, 2 * t.latentEmbedDim, 1, 1, frames, walk.temporalBytes(previous, frames), 0, true);
    walk.temporalConv(2 * t.latentEmbedDim, 2 * t.embedDim, 1, 1, frames,
                      walk.temporalBytes(2 * t.latentEmbedDim, frames), 0, false);
}

} // namespace

OpenSoraVaeMemory OpenSoraVaeWorkingSet::decode(const OpenSoraVaeConfig& c, const OpenSoraVaeWorkload& w)
{
    Walker walk(w);
    const std::int64_t b = w.elementBytes, h = w.height / OpenSoraVaeConfig::kSpatialPatch,
                       wd = w.width / OpenSoraVaeConfig::kSpatialPatch;
    const std::int64_t scale = c.spatial.spatialCompression(), height = h * scale, width = wd * scale;
    walk.setLatentArea(h, wd);
    const std::int64_t chunk = effective(w.microFrameSize, c.microFrameSize);
    const std::int64_t spatialLatents = walk.temporalBytes(c.temporal.inOutChannels, w.frames);
    const std::int64_t latentFrames = c.temporal.latentFrames(chunk > 0 ? std::min(chunk, w.frames) : w.frames);
    // The normalised latents and the temporal output collected so far stay alive.
    walk.setStage("temporal decoder", 2 * walk.temporalBytes(c.temporal.embedDim, latentFrames * 2) + spatialLatents);
    temporalDecoder(walk, c.temporal, latentFrames);
    // 2-D: the decoded video, the temporal output, a micro-batch's gathered latents and frames.
    const std::int64_t video = w.batch * c.spatial.outChannels * w.frames * height * width * b;
    const std::int64_t micro = std::max<std::int64_t>(1, effective(w.microBatchSize, c.microBatchSize) > 0
                                                             ? effective(w.microBatchSize, c.microBatchSize)
                                                             : w.batch * w.frames);
    const std::int64_t microFrames = std::min(micro, w.batch * w.frames);
    walk.setStage("spatial decoder", video + spatialLatents + microFrames * c.spatial.outChannels * height * width * b
                                         + microFrames * c.spatial.latentChannels * h * wd * b);
    spatialDecoder(walk, c.spatial, h, wd);
    return walk.result(video);
}

OpenSoraVaeMemory OpenSoraVaeWorkingSet::encode(const OpenSoraVaeConfig& c, const OpenSoraVaeWorkload& w)
{
    Walker walk(w);
    const std::int64_t b = w.elementBytes, scale = c.spatial.spatialCompression();
    const std::int64_t h = w.height / scale, wd = w.width / scale;
    walk.setLatentArea(h, wd);
    const std::int64_t video = w.batch * c.spatial.inChannels * w.frames * w.height * w.width * b;
    const std::int64_t spatialLatents = walk.temporalBytes(c.spatial.latentChannels, w.frames);
    const std::int64_t micro = effective(w.microBatchSize, c.microBatchSize);
    const std::int64_t microFrames = micro > 0 ? std::min(micro, w.batch * w.frames) : w.batch * w.frames;
    walk.setStage("spatial encoder", video + spatialLatents
                                         + microFrames * (c.spatial.inChannels * w.height * w.width + 2 * c.spatial.latentChannels * h * wd) * b);
    spatialEncoder(walk, c.spatial, w.height, w.width);
    const std::int64_t chunk = effective(w.microFrameSize, c.microFrameSize);
    const std::int64_t latents = walk.temporalBytes(c.temporal.embedDim, c.temporal.latentFrames(w.frames) + 1);
    walk.setStage("temporal encoder", video + spatialLatents + 2 * latents);
    for (std::int64_t frames : chunks(w.frames, chunk))
        temporalEncoder(walk, c.temporal, frames);
    return walk.result(latents);
}

} // namespace framesmith
