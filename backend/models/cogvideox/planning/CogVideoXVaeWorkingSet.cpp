#include "models/cogvideox/planning/CogVideoXVaeWorkingSet.h"

#include "core/layers/ConvWindowPlan.h"

#include <algorithm>
#include <cmath>
#include <vector>

namespace framesmith {
namespace {

constexpr std::int64_t kCausalPad = 2; // frames a 3-frame causal kernel prepends

struct Level {
    std::int64_t frames, height, width;
    std::int64_t area() const { return height * width; }
};

// One conv at one level (of its output), with what its caller holds alongside (a resnet's residual).
struct ConvSite {
    std::int64_t in, out;
    Level level;
    std::int64_t heldChannels; // channels x frames x area kept by the caller meanwhile
    Level source{0, 0, 0};     // upsampler: its input grid, before the 2x nearest upsampling
    bool isUpsampler() const { return source.frames > 0; }
    std::int64_t context() const { return isUpsampler() ? 0 : kCausalPad; }
};

class Walk {
public:
    Walk(const CogVideoXVaeConfig& config, const CogVideoXVaeDecodeShape& shape) : m_config(config), m_shape(shape) {}

    // Every causal conv and upsampler of the decoder, in execution order, for a batch of `latentFrames`.
    std::vector<ConvSite> sites(std::int64_t latentFrames) const
    {
        const std::vector<std::int64_t>& channels = m_config.blockOutChannels; // reversed: top of the decoder first
        std::vector<std::int64_t> r(channels.rbegin(), channels.rend());
        Level level{latentFrames, m_shape.latentHeight, m_shape.latentWidth};
        std::vector<ConvSite> out;
        out.push_back({m_config.latentChannels, r[0], level, 0}); // conv_in
        for (int k = 0; k < 2; ++k)                               // mid block
            resnet(out, r[0], r[0], level);
        const int timeLevels = static_cast<int>(std::lround(std::log2(m_config.temporalCompressionRatio)));
        std::int64_t channelsIn = r[0];
        for (std::size_t i = 0; i < r.size(); ++i) {
            for (std::int64_t j = 0; j <= m_config.layersPerBlock; ++j) {
                resnet(out, channelsIn, r[i], level);
                channelsIn = r[i];
            }
            if (i + 1 == r.size())
                break;
            const Level source = level;
            level.height *= 2;
            level.width *= 2;
            if (static_cast<int>(i) < timeLevels && level.frames > 1)
                level.frames = level.frames % 2 ? 1 + 2 * (level.frames - 1) : 2 * level.frames;
            out.push_back({r[i], r[i], level, 0, source});
        }
        out.push_back({r.back(), m_config.outChannels, level, 0}); // norm_out + conv_out
        return out;
    }

    // Bytes live while one conv runs, window by window: its input, the caller's residual, the
    // padded window buffer and the convolution; several windows are copied into the whole output,
    // allocated after the first window's convolution (a single window's result is the output).
    // A first batch's first outputs may be convolved apart beforehand (CausalConv3d), held until
    // that output exists.
    std::int64_t live(const ConvSite& s, bool firstBatch) const
    {
        if (s.isUpsampler())
            return upsamplerLive(s);
        const std::int64_t b = m_shape.elementBytes, a = s.level.area(), t = s.level.frames;
        const std::int64_t frameBytes = s.in * a * b, weights = s.in * s.out * 27 * b, outFrame = s.out * a * b;
        std::vector<std::int64_t> windows = ConvWindowPlan::windows({t, s.context(), frameBytes, m_shape.convWindowBytes});
        const std::int64_t largest = *std::max_element(windows.begin(), windows.end());
        const std::int64_t base = t * frameBytes + s.heldChannels * t * a * b + (largest + s.context()) * frameBytes;
        if (windows.size() == 1)
            return base + convolutionBytes((t + s.context()) * frameBytes, t * outFrame, weights);
        const std::int64_t output = t * outFrame;
        std::int64_t peak = 0, head = 0;
        if (ConvWindowPlan::foldsFirstOutputs(!firstBatch, windows.size(), t, s.context(), b)) {
            for (std::int64_t k = 0; k < s.context(); ++k) { // output k from frames 0..k, a copy unless all of them
                const std::int64_t copy = k + 1 < s.context() ? (k + 1) * frameBytes : 0;
                peak = std::max(peak, base + k * outFrame + copy + convolutionBytes((k + 1) * frameBytes, outFrame, weights));
            }
            head = s.context() * outFrame;
            peak = std::max(peak, base + 2 * head); // the results and their concatenation
            windows = ConvWindowPlan::withoutFirstOutputs(windows, s.context());
        }
        for (std::size_t k = 0; k < windows.size(); ++k) {
            const std::int64_t n = windows[k], copied = k > 0 ? output : head; // the output exists from the first copy on
            peak = std::max({peak, base + copied + convolutionBytes((n + s.context()) * frameBytes, n * outFrame, weights),
                             base + output + head + n * outFrame});
        }
        return peak;
    }

    // CogVideoXVaeUpsample3D: four 2x2 convs (4 x out channels, one padded row and column more)
    // on windows of source frames, each window's phases interleaved into the whole output, which
    // is allocated after the first window's convolution.
    std::int64_t upsamplerLive(const ConvSite& s) const
    {
        const std::int64_t b = m_shape.elementBytes, a = s.source.area(), t = s.source.frames;
        const std::int64_t phaseArea = (s.source.height + 1) * (s.source.width + 1);
        // Windowed like the upsampled frames they stand for.
        const std::vector<std::int64_t> windows =
            ConvWindowPlan::windows({t, 0, s.in * s.level.area() * b, m_shape.convWindowBytes});
        const std::int64_t output = s.level.frames * s.out * s.level.area() * b;
        const std::int64_t weights = 16 * s.in * s.out * b; // the folded phase kernels, held throughout
        const std::int64_t base = t * s.in * a * b + weights;
        std::int64_t peak = 0;
        for (std::size_t k = 0; k < windows.size(); ++k) {
            const std::int64_t window = windows[k] * s.in * a * b;
            const std::int64_t copy = windows.size() > 1 ? window : 0; // a narrow's contiguous copy
            const std::int64_t phases = windows[k] * 4 * s.out * phaseArea * b;
            const std::int64_t copied = k > 0 ? output : 0;
            peak = std::max({peak, base + copy + copied + convolutionBytes(window, phases, weights),
                             base + phases + output});
        }
        return peak;
    }

    // One convolution at its largest: its result and the engine's buffers.
    std::int64_t convolutionBytes(std::int64_t inputBytes, std::int64_t resultBytes, std::int64_t weightBytes) const
    {
        if (!m_shape.isCpu)
            return inputBytes + 2 * resultBytes; // cuDNN: workspace about the size of its operands
        // oneDNN (core/VaeConvolution) reorders input and weights into its blocked layout and
        // computes a blocked result; ATen frees the input's and weights' copies before it reorders
        // that result into the dense one, so the two phases never meet.
        return resultBytes + std::max(inputBytes + weightBytes, resultBytes);
    }

    std::int64_t cacheBytes(const ConvSite& s) const
    {
        return s.isUpsampler() ? 0 : kCausalPad * s.in * s.level.area() * m_shape.elementBytes;
    }

private:
    static void resnet(std::vector<ConvSite>& out, std::int64_t in, std::int64_t channels, const Level& level)
    {
        // conv1 runs beside the shortcut's output (or the input itself, its residual); conv2
        // beside the residual.
        out.push_back({in, channels, level, in != channels ? channels : 0});
        out.push_back({channels, channels, level, channels});
    }

    const CogVideoXVaeConfig& m_config;
    const CogVideoXVaeDecodeShape& m_shape;
};

std::vector<std::int64_t> batchSizes(std::int64_t frames)
{
    // CogVideoXVae::frameBatches: max(F / 2, 1) batches of 2, the remainder joins the first.
    const std::int64_t count = std::max<std::int64_t>(frames / 2, 1);
    std::vector<std::int64_t> sizes(count, 2);
    sizes.front() = std::min<std::int64_t>(frames, 2 + frames % 2);
    return sizes;
}

} // namespace

std::int64_t CogVideoXVaeWorkingSet::peakBytes(const CogVideoXVaeConfig& config, const CogVideoXVaeDecodeShape& shape)
{
    const Walk walk(config, shape);
    const std::vector<std::int64_t> batches = batchSizes(shape.latentFrames);
    std::int64_t peak = 0;
    for (std::size_t k = 0; k < batches.size(); ++k) {
        const std::vector<ConvSite> sites = walk.sites(batches[k]);
        // Caches: a batch with a successor leaves each conv's last frames behind (held from that
        // conv on); a batch with a predecessor finds them (held until that conv takes them).
        std::int64_t allCaches = 0;
        for (const ConvSite& s : sites)
            allCaches += walk.cacheBytes(s);
        std::int64_t before = 0;
        for (const ConvSite& s : sites) {
            const std::int64_t left = k + 1 < batches.size() ? before : 0;
            const std::int64_t found = k > 0 ? allCaches - before - walk.cacheBytes(s) : 0;
            peak = std::max(peak, walk.live(s, k == 0) + left + found);
            before += walk.cacheBytes(s);
        }
    }
    return peak + shape.outputBytes;
}

} // namespace framesmith
