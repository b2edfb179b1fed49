#pragma once
// One steady decoder chunk of the Wan VAE (one latent frame in; every temporal upsampler doubles its
// frames), walked level by level as WanDecoder3d runs it. Pure; any thread.
#include "models/wan/planning/WanVaeChunkWalk.h"

namespace framesmith {

class WanVaeDecoderWalk : private WanVaeChunkWalk {
public:
    // Over a latent grid of `height` x `width`.
    WanVaeDecoderWalk(const WanVaeConfig& config, const WanVaeWorkload& workload, std::int64_t height, std::int64_t width);
    WanVaeChunk run();

private:
    void upsample(std::int64_t channels, std::int64_t out, bool isTemporal);
};

} // namespace framesmith
