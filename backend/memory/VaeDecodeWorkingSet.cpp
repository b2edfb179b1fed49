#include "memory/VaeDecodeWorkingSet.h"

#include <algorithm>
#include <cmath>
#include <vector>

namespace framesmith {
namespace {

// ATen 1.13-2.x ConvParams::use_mkldnn for a 3x3x3 float conv of batch 1: oneDNN only when
// N * C * D * H exceeds this; below it the native slow_conv3d unfolds its input.
constexpr std::int64_t kNativeConvLimit = 20480;
constexpr std::int64_t kCausalPad = 2;   // frames a 3-frame causal kernel prepends
constexpr std::int64_t kKernelVolume = 27;

struct Level {
    std::int64_t frames, height, width;
    std::int64_t area() const { return height * width; }
};

// One causal 3x3x3 conv at one level, with what its caller holds alongside (a resnet's residual).
struct ConvSite {
    std::int64_t in, out;
    Level level;
    std::int64_t heldChannels; // channels x frames x area kept by the caller meanwhile
};

class Walk {
public:
    Walk(const VaeConfig& config, const VaeDecodeShape& shape) : m_config(config), m_shape(shape) {}

    // Every causal conv of the decoder, in execution order, for a batch of `latentFrames`.
    std::vector<ConvSite> sites(std::int64_t latentFrames) const
    {
        const std::vector<int>& channels = m_config.blockOutChannels; // reversed: top of the decoder first
        std::vector<std::int64_t> r(channels.rbegin(), channels.rend());
        Level level{latentFrames, m_shape.latentHeight, m_shape.latentWidth};
        std::vector<ConvSite> out;
        out.push_back({m_config.latentChannels, r[0], level, 0}); // conv_in
        for (int k = 0; k < 2; ++k)                               // mid block
            resnet(out, r[0], r[0], level);
        const int timeLevels = static_cast<int>(std::lround(std::log2(m_config.temporalCompressionRatio)));
        std::int64_t channelsIn = r[0];
        for (std::size_t i = 0; i < r.size(); ++i) {
            for (int j = 0; j <= m_config.layersPerBlock; ++j) {
                resnet(out, channelsIn, r[i], level);
                channelsIn = r[i];
            }
            if (i + 1 == r.size())
                break;
            level.height *= 2; // the upsampler's 2D conv has no cache and smaller buffers than the resnets
            level.width *= 2;
            if (static_cast<int>(i) < timeLevels && level.frames > 1)
                level.frames = level.frames % 2 ? 1 + 2 * (level.frames - 1) : 2 * level.frames;
        }
        out.push_back({r.back(), m_config.outChannels, level, 0}); // norm_out + conv_out
        return out;
    }

    // Bytes live while one conv runs: its input, the caller's residual, the padded window, the
    // output and the convolution engine's buffers.
    std::int64_t live(const ConvSite& s) const
    {
        const std::int64_t b = m_shape.elementBytes, a = s.level.area(), t = s.level.frames;
        const std::int64_t frameBytes = s.in * a * b;
        const std::int64_t fit = std::max<std::int64_t>(1, m_shape.convWindowBytes / frameBytes - kCausalPad);
        const std::int64_t n = std::min(t, fit);
        const std::int64_t window = (n + kCausalPad) * frameBytes;
        const std::int64_t output = t * s.out * a * b;
        // The last window may be shorter (and take another convolution path).
        const std::int64_t last = t % n ? t % n : n;
        const std::int64_t engine = std::max(engineBytes(s, n), engineBytes(s, last));
        return t * frameBytes + s.heldChannels * t * a * b + window + output + engine;
    }

    // The convolution's own buffers for a window of n output frames.
    std::int64_t engineBytes(const ConvSite& s, std::int64_t n) const
    {
        const std::int64_t b = m_shape.elementBytes, a = s.level.area();
        const std::int64_t windowBytes = (n + kCausalPad) * s.in * a * b;
        if (!m_shape.isCpu)
            return windowBytes + n * s.out * a * b; // cuDNN: workspace about the size of its operands
        if (s.in * (n + kCausalPad) * s.level.height <= kNativeConvLimit)
            return kKernelVolume * n * s.in * a * b; // slow_conv3d's unfolded columns
        // oneDNN reorders input, output and weights on every call.
        return windowBytes + n * s.out * a * b + s.in * s.out * kKernelVolume * b;
    }

    std::int64_t cacheBytes(const ConvSite& s) const { return kCausalPad * s.in * s.level.area() * m_shape.elementBytes; }

private:
    static void resnet(std::vector<ConvSite>& out, std::int64_t in, std::int64_t channels, const Level& level)
    {
        // conv1 runs beside the shortcut's output (or the input itself, its residual); conv2
        // beside the residual.
        out.push_back({in, channels, level, in != channels ? channels : 0});
        out.push_back({channels, channels, level, channels});
    }

    const VaeConfig& m_config;
    const VaeDecodeShape& m_shape;
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

std::int64_t VaeDecodeWorkingSet::peakBytes(const VaeConfig& config, const VaeDecodeShape& shape)
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
            peak = std::max(peak, walk.live(s) + left + found);
            before += walk.cacheBytes(s);
        }
    }
    return peak + shape.outputBytes;
}

} // namespace framesmith
