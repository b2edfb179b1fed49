#pragma once
// One chunk of the Wan VAE's causal encode or decode, walked layer by layer: the arithmetic the
// encoder's and the decoder's walks share (WanVaeEncoderWalk, WanVaeDecoderWalk order the layers as
// WanEncoder3d and WanDecoder3d run them). A layer's live set is its input, the RMS norm and SiLU,
// the conv's time-padded input (two cached frames in front) and its output; every temporal 3x3x3
// conv keeps two input frames of its own resolution between chunks (the cache). Pure; any thread.
#include "models/wan/planning/WanVaeWorkingSet.h"

#include <cstdint>

namespace framesmith {

struct WanVaeChunk {
    std::int64_t cache = 0; // bytes kept between chunks
    std::int64_t layer = 0; // widest live set
    // The widest live set with the cache made so far beside it: the peak of a first chunk, which
    // finds no cache from an earlier one (a steady chunk's is cache + layer).
    std::int64_t growingPeak = 0;
};

class WanVaeChunkWalk {
protected:
    // A chunk of `frames` frames over a grid of `height` x `width`.
    WanVaeChunkWalk(const WanVaeConfig& config, const WanVaeWorkload& workload, std::int64_t height,
                    std::int64_t width, std::int64_t frames);

    std::int64_t bytes(std::int64_t channels, std::int64_t frames = -1) const; // one tensor at the current grid
    void cache(std::int64_t channels, std::int64_t frames = -1); // default: m_cacheFrames
    void layer(std::int64_t live);
    // A WanResidualBlock: norm1, SiLU, conv1, norm2, SiLU, conv2, with the shortcut (or x) beside.
    void resBlock(std::int64_t in, std::int64_t out);
    // The mid block's single-head attention over each frame.
    void midAttention(std::int64_t channels);

    const WanVaeConfig& m_c;
    const WanVaeWorkload& m_w;
    std::int64_t m_e, m_h, m_wd;
    std::int64_t m_frames;
    std::int64_t m_lastConv = 0; // the last conv's padded input and output (oneDNN reorders them on the CPU)
    std::int64_t m_held = 0;     // held beside every layer of the current level
    std::int64_t m_cacheFrames = 2; // frames a temporal conv keeps (a first chunk of one frame: one)
    WanVaeChunk m_chunk;
};

} // namespace framesmith
