#include "models/wan/planning/WanVaeChunkWalk.h"

#include <algorithm>

namespace framesmith {

namespace {

constexpr std::int64_t kChunkFloatBytes = 4;
constexpr std::int64_t kChunkScoreBudgetBytes = 256ll << 20; // ChunkedAttention's default budget

} // namespace

WanVaeChunkWalk::WanVaeChunkWalk(const WanVaeConfig& c, const WanVaeWorkload& w, std::int64_t h, std::int64_t wd,
                                 std::int64_t frames)
    : m_c(c), m_w(w), m_e(w.elementBytes), m_h(h), m_wd(wd), m_frames(frames)
{
}

std::int64_t WanVaeChunkWalk::bytes(std::int64_t channels, std::int64_t frames) const
{
    return m_w.batch * channels * (frames < 0 ? m_frames : frames) * m_h * m_wd * m_e;
}

void WanVaeChunkWalk::cache(std::int64_t channels, std::int64_t frames)
{
    m_chunk.cache += bytes(channels, frames < 0 ? m_cacheFrames : frames);
}

void WanVaeChunkWalk::layer(std::int64_t live)
{
    // oneDNN reorders a conv's padded input and its output on the CPU.
    const std::int64_t bytes = m_held + live + (m_w.isCpu ? m_lastConv : 0);
    m_chunk.layer = std::max(m_chunk.layer, bytes);
    m_chunk.growingPeak = std::max(m_chunk.growingPeak, m_chunk.cache + bytes);
}

// x, its RMS norm and SiLU, the conv's time-padded input (two cached frames in front), the output;
// for conv2 the shortcut (or x) and conv1's output beside.
void WanVaeChunkWalk::resBlock(std::int64_t in, std::int64_t out)
{
    // Each conv's new cache (a clone of its input's last two frames) is made before the old one goes:
    // it is in the layer's live set, and in the cache from then on.
    m_lastConv = bytes(in, m_frames + 2) + bytes(out);
    layer(3 * bytes(in) + bytes(in, m_cacheFrames) + bytes(in, m_frames + 2) + bytes(out));
    cache(in);
    m_lastConv = bytes(out, m_frames + 2) + bytes(out);
    const std::int64_t shortcut = in != out ? bytes(out) : 0;
    layer(bytes(in) + shortcut + 3 * bytes(out) + bytes(out, m_cacheFrames) + bytes(out, m_frames + 2) + bytes(out));
    cache(out);
}

void WanVaeChunkWalk::midAttention(std::int64_t c)
{
    const std::int64_t hw = m_h * m_wd, groups = m_w.batch * m_frames;
    std::int64_t scores = groups * hw * kChunkFloatBytes;
    if (!m_w.fusedAttention) {
        const std::int64_t budget = std::max<std::int64_t>(1, kChunkScoreBudgetBytes / m_e);
        const std::int64_t rows = std::clamp<std::int64_t>(budget / hw, 1, hw);
        scores = (rows * hw + (rows == hw ? 0 : rows * c)) * m_e;
    }
    // x, its norm, qkv (3C), the attended output and its copy, the projection, the sum.
    layer(bytes(c) * 2 + bytes(3 * c) + 3 * bytes(c) + scores);
}

} // namespace framesmith
