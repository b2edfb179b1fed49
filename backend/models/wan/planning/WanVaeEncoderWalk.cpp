#include "models/wan/planning/WanVaeEncoderWalk.h"

#include <vector>

namespace framesmith {

WanVaeEncoderWalk::WanVaeEncoderWalk(const WanVaeConfig& c, const WanVaeWorkload& w, std::int64_t h, std::int64_t wd,
                                     bool isFirstChunk)
    : WanVaeChunkWalk(c, w, h, wd, isFirstChunk ? 1 : WanVaeWorkingSet::temporalCompression(c)),
      m_isFirstChunk(isFirstChunk)
{
    if (isFirstChunk)
        m_cacheFrames = 1;
}

WanVaeChunk WanVaeEncoderWalk::run()
{
    const std::size_t levels = m_c.dimMult.size();
    std::vector<std::int64_t> dims{m_c.baseDim}; // dim · [1] + dim_mult
    for (std::int64_t m : m_c.dimMult)
        dims.push_back(m_c.baseDim * m);
    // conv_in over the chunk (a view of the video): its cache, its padded input, its output.
    m_lastConv = bytes(m_c.inChannels, m_frames + 2) + bytes(dims[0]);
    layer(bytes(m_c.inChannels, m_cacheFrames) + bytes(m_c.inChannels, m_frames + 2) + bytes(dims[0]));
    cache(m_c.inChannels);
    for (std::size_t i = 0; i < levels; ++i) {
        const bool isDown = i + 1 != levels;
        const bool isTemporal = isDown && m_c.temperalDownsample[i];
        const std::int64_t blockInput = bytes(dims[i]);
        m_held = m_c.isResidual ? blockInput : 0; // Wan 2.2 keeps the block's input for AvgDown3D
        std::int64_t in = dims[i];
        for (std::int64_t r = 0; r < m_c.numResBlocks; ++r, in = dims[i + 1])
            resBlock(in, dims[i + 1]);
        if (isDown)
            downsample(dims[i + 1], isTemporal);
        if (m_c.isResidual)
            averageShortcut(blockInput, dims[i + 1], isTemporal);
        m_held = 0;
    }
    const std::int64_t c = dims.back();
    resBlock(c, c); // mid_block
    midAttention(c);
    resBlock(c, c);
    m_lastConv = bytes(c, m_frames + 2) + bytes(2 * m_c.zDim); // conv_out after norm_out and SiLU
    layer(3 * bytes(c) + bytes(c, m_cacheFrames) + bytes(c, m_frames + 2) + bytes(2 * m_c.zDim));
    cache(c);
    return m_chunk;
}

// ZeroPad2d((0, 1, 0, 1)) and the stride-2 3x3 conv per frame: the input, its frame-major copy and
// the padded copy, then the quarter-size output. A temporal downsampler then keeps the chunk's last
// frame and runs its stride-2 (3, 1, 1) time conv over the cached frame and the chunk.
void WanVaeEncoderWalk::downsample(std::int64_t c, bool isTemporal)
{
    const std::int64_t x = bytes(c);
    const std::int64_t padded = m_w.batch * c * m_frames * (m_h + 1) * (m_wd + 1) * m_e;
    layer(2 * x + padded);
    m_h /= 2;
    m_wd /= 2;
    m_lastConv = padded + bytes(c);
    layer(x + padded + bytes(c));
    if (!isTemporal)
        return;
    if (m_isFirstChunk) { // kept whole for the next chunk, no time conv
        layer(2 * bytes(c));
        cache(c, 1);
        return;
    }
    const std::int64_t halved = m_frames / 2 > 0 ? m_frames / 2 : 1;
    m_lastConv = bytes(c, m_frames + 1) + bytes(c, halved);
    layer(bytes(c) + bytes(c, 1) + bytes(c, m_frames + 1) + bytes(c, halved));
    cache(c, 1);
    m_frames = halved;
}

// x + avg_down(block input), beside the held input: its padded and its permuted copies, then the
// mean and x at the block's output size.
void WanVaeEncoderWalk::averageShortcut(std::int64_t in, std::int64_t out, bool isTemporal)
{
    // A first chunk's single frame is padded in front to a pair before it is averaged in time.
    const std::int64_t copy = m_isFirstChunk && isTemporal ? 2 * in : in;
    layer(2 * copy + 2 * bytes(out));
}

} // namespace framesmith
