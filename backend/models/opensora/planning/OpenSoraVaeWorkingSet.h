#pragma once
// The Open-Sora VAE's working memory for a decode or an encode, walked layer by layer the way
// OpenSoraVae runs: the temporal VAE chunk by chunk (micro_frame_size), causal convs reading
// frame windows of at most convWindowBytes, then the 2-D VAE one frame at a time with row-
// windowed convs and the query-chunked mid-block attention. The peak is the largest layer's live
// set (its input, the residual its block holds, the window, the output, the convolution engine's
// buffers) plus what the call holds meanwhile (latents, the decoded video). Pure; any thread.
#include "models/opensora/vae/OpenSoraVaeConfig.h"

#include <cstdint>
#include <string>

namespace framesmith {

struct OpenSoraVaeWorkload {
    std::int64_t batch = 1;
    std::int64_t frames = 0;        // pixel frames (decode's num_frames, encode's input)
    std::int64_t height = 0;        // pixels
    std::int64_t width = 0;
    std::int64_t elementBytes = 4;  // the model's dtype
    std::int64_t microBatchSize = -1; // as OpenSoraVaeRun: -1 the config's, 0 all at once
    std::int64_t microFrameSize = -1;
    std::int64_t convWindowBytes = std::int64_t{32} << 20;
    std::int64_t attentionScoreBytes = std::int64_t{256} << 20;
    // CPU: oneDNN reorders input, output and weights on every call; GPUs: a cuDNN workspace about
    // the size of the operands, and GroupNorm's float32 temporaries.
    bool isCpu = false;
};

struct OpenSoraVaeMemory {
    std::int64_t peakBytes = 0;  // activations and held tensors at the peak (weights excluded)
    std::string peakStage;       // "temporal decoder", "spatial decoder", ...
    std::int64_t outputBytes = 0;
};

class OpenSoraVaeWorkingSet {
public:
    static OpenSoraVaeMemory decode(const OpenSoraVaeConfig& config, const OpenSoraVaeWorkload& workload);
    static OpenSoraVaeMemory encode(const OpenSoraVaeConfig& config, const OpenSoraVaeWorkload& workload);
};

} // namespace framesmith
