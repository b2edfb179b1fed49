#include "models/wan/planning/WanVaeDecoderWalk.h"

#include <vector>

namespace framesmith {

namespace {

constexpr std::int64_t kDecoderFloatBytes = 4;

} // namespace

WanVaeDecoderWalk::WanVaeDecoderWalk(const WanVaeConfig& c, const WanVaeWorkload& w, std::int64_t h, std::int64_t wd)
    : WanVaeChunkWalk(c, w, h, wd, 1)
{
}

WanVaeChunk WanVaeDecoderWalk::run()
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

// Nearest-exact x2 per frame in float32 (the widened input, the row-doubled and the full copy, cast
// back), then the 3x3 conv to `out` channels; a temporal upsampler first doubles the frames
// through its cached (3, 1, 1) time conv. Wan 2.2 adds the DupUp3D shortcut of the block's input.
void WanVaeDecoderWalk::upsample(std::int64_t c, std::int64_t out, bool isTemporal)
{
    const std::int64_t wide = m_e == kDecoderFloatBytes ? 0 : kDecoderFloatBytes;
    if (isTemporal) {
        cache(c);
        layer(bytes(c) + bytes(c, m_frames + 2) + bytes(2 * c) * 2);
        m_frames *= 2;
    }
    const std::int64_t x = bytes(c) / m_e; // elements
    const std::int64_t back = m_e == kDecoderFloatBytes ? 0 : 4 * x * m_e;
    // The input, its frame-major copy, then the expression's temporaries to its end.
    layer(2 * x * m_e + x * wide + 2 * x * kDecoderFloatBytes + 4 * x * kDecoderFloatBytes + back);
    m_lastConv = 4 * x * m_e + 4 * x * out / c * m_e;
    layer(x * m_e + 4 * x * m_e + 4 * x * out / c * m_e);
    m_h *= 2;
    m_wd *= 2;
    if (m_c.isResidual) // x + dupUp(block input): the block's input, its repeated and permuted copies, the sum
        layer(4 * bytes(out));
    m_held = 0;
}

} // namespace framesmith
