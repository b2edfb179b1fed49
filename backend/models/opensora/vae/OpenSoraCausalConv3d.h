#pragma once
// Open-Sora's CausalConv3d (vae_temporal.py): a Conv3d (child "conv") whose input is padded in time
// with (k_t - 1) + (1 - stride) ZERO frames in front (no cache between chunks: each temporal chunk
// is encoded/decoded on its own) and with zeros k/2 in height and width. Like the 2-D row windows,
// the caller's fill writes its transform of the input (GroupNorm + activation, a copy) straight
// into the frames window the conv reads; windows hold at most `windowBytes` of input.
#include "core/Layers.h"
#include "models/opensora/vae/OpenSoraGroupNormPlan.h"

#include <array>
#include <functional>

namespace framesmith {

class OpenSoraCausalConv3d : public Module {
public:
    // Write frames [frameBegin, frameBegin + dst.size(2)) of the transformed input into dst
    // [B, C, n, H, W] (a slice of the window buffer: each channel's frames contiguous).
    using Fill = std::function<void(at::Tensor& dst, std::int64_t frameBegin)>;

    OpenSoraCausalConv3d(std::int64_t in, std::int64_t out, std::array<std::int64_t, 3> kernel,
                         std::int64_t timeStride, bool hasBias);

    // src [B, in, T, H, W] -> [B, out, T', H, W] with T' = (T + timePad - k_t) / stride + 1.
    at::Tensor forward(const at::Tensor& src, std::int64_t windowBytes) const;
    // conv(act(norm(src))): GroupNorm statistics over the whole input (every frame of the chunk).
    at::Tensor normalized(const at::Tensor& src, const GroupNorm& norm, OpenSoraActivation activation,
                          std::int64_t windowBytes) const;
    at::Tensor forward(std::int64_t frames, at::IntArrayRef frameShape /* B, C, H, W */, const Fill& fill,
                       const at::TensorOptions& options, std::int64_t windowBytes) const;

    std::int64_t timePad() const { return m_kernel[0] - 1 + 1 - m_timeStride; }
    std::int64_t outputFrames(std::int64_t frames) const { return (frames + timePad() - m_kernel[0]) / m_timeStride + 1; }
    // Output frames per window (input of `frameBytes` per frame, budget `windowBytes`).
    std::vector<std::int64_t> windows(std::int64_t frames, std::int64_t frameBytes, std::int64_t windowBytes) const;
    const Conv3d& conv() const { return *m_conv; }

private:
    std::array<std::int64_t, 3> m_kernel;
    std::int64_t m_timeStride;
    std::shared_ptr<Conv3d> m_conv;
};

} // namespace framesmith
