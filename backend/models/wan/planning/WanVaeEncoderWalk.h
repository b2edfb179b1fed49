#pragma once
// One encoder chunk of the Wan VAE, walked level by level as WanEncoder3d runs it: a steady one (four
// pixel frames in; every temporal downsampler halves them), or a video's first (one frame, nothing
// cached before it: the only chunk of a single image). Pure; any thread.
#include "models/wan/planning/WanVaeChunkWalk.h"

namespace framesmith {

class WanVaeEncoderWalk : private WanVaeChunkWalk {
public:
    // Over the (patchified) pixel grid of `height` x `width`.
    WanVaeEncoderWalk(const WanVaeConfig& config, const WanVaeWorkload& workload, std::int64_t height,
                      std::int64_t width, bool isFirstChunk);
    WanVaeChunk run();

private:
    void downsample(std::int64_t channels, bool isTemporal);
    void averageShortcut(std::int64_t inputBytes, std::int64_t out, bool isTemporal); // Wan 2.2's AvgDown3D

    bool m_isFirstChunk;
};

} // namespace framesmith
