#pragma once
// How a VAE convolution splits its frames into windows: shared by the model (CausalConv3d, the
// up/downsamplers) and the planner (memory/VaeDecodeWorkingSet), so both see the same windows.
//
// The budget bounds the padded input a window materialises. On the CPU the window also decides
// ATen's engine: a float conv of batch 1 goes to oneDNN only when N*C*D*H > 20480
// (ConvParams::use_mkldnn, libtorch 1.13-2.x); below that slow_conv3d unfolds the window
// (kernel volume x the window) and runs several times slower. So where the whole input can reach
// oneDNN, windows are raised to the smallest that does, and a short remainder joins the window
// before it instead of falling back to the native path. GPUs (cuDNN) have no such limit.
// Torch-free and pure; any thread.
#include <cstdint>
#include <vector>

namespace framesmith {

struct ConvWindowRequest {
    std::int64_t frames = 0;        // output frames
    std::int64_t contextFrames = 0; // input frames a window reads before its first output (kernel_t - 1)
    std::int64_t frameBytes = 0;    // one input frame of the window, all batch items and channels
    std::int64_t budgetBytes = 0;   // VaeOptions::convWindowBytes
    // N * C * H of one window frame where ATen's CPU float dispatch applies; 0 elsewhere (GPUs,
    // other dtypes), where windows follow the budget alone.
    std::int64_t dispatchRows = 0;
};

class ConvWindowPlan {
public:
    // Output frames per window, in order; they sum to request.frames.
    static std::vector<std::int64_t> windows(const ConvWindowRequest& request);
    // Whether ATen runs a window of `windowFrames` input frames on its native (unfolding) path.
    static bool isNative(std::int64_t dispatchRows, std::int64_t windowFrames);

    static constexpr std::int64_t kOneDnnMinRows = 20480; // use_mkldnn: N*C*D*H must exceed this
};

} // namespace framesmith
