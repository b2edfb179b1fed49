#pragma once
// How a VAE convolution splits its frames into windows: shared by the models (CausalConv3d, the
// up/downsamplers) and the planners (the families' VAE working sets), so both see the same windows.
// A window holds at most VaeOptions::convWindowBytes of (padded) input, and at least one output
// frame; an input whose whole padded extent fits the budget is not windowed at all. The engine
// does not depend on the window (VaeConvolution), so the budget is about memory alone.
// Torch-free and pure; any thread.
#include <cstdint>
#include <vector>

namespace framesmith {

struct ConvWindowRequest {
    std::int64_t frames = 0;        // output frames
    std::int64_t contextFrames = 0; // input frames a window reads before its first output (kernel_t - stride)
    std::int64_t frameBytes = 0;    // one input frame of the window, all batch items and channels
    std::int64_t budgetBytes = 0;   // VaeOptions::convWindowBytes
    std::int64_t stride = 1;        // input frames per output frame: n outputs read n·stride + context
};

class ConvWindowPlan {
public:
    // Output frames per window, in order; they sum to request.frames (none for no frames).
    static std::vector<std::int64_t> windows(const ConvWindowRequest& request);
    // The windows left once the first `count` outputs are computed apart (CausalConv3d's folded
    // first outputs of a first frame batch): taken from the front, emptied windows dropped.
    static std::vector<std::int64_t> withoutFirstOutputs(const std::vector<std::int64_t>& windows, std::int64_t count);
    // Whether a causal conv computes its first contextFrames outputs apart (folded taps over the
    // repeated first frame): a first frame batch (no past frames), in several windows, of more
    // frames than the context, in float or double (elementBytes 4 or 8; bf16/fp16 keep the
    // reference's unfolded sums).
    static bool foldsFirstOutputs(bool hasPast, std::size_t windowCount, std::int64_t frames, std::int64_t contextFrames,
                                  std::int64_t elementBytes);
};

} // namespace framesmith
