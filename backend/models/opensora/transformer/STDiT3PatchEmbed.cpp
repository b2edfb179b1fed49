#include "models/opensora/transformer/STDiT3PatchEmbed.h"

#include <ATen/ATen.h>

namespace framesmith {

namespace {

std::int64_t padTo(std::int64_t n, std::int64_t multiple) { return (multiple - n % multiple) % multiple; }

} // namespace

STDiT3PatchEmbed::STDiT3PatchEmbed(std::array<int, 3> patchSize, std::int64_t inChannels, std::int64_t hiddenSize)
    : m_patch(patchSize)
{
    const std::array<std::int64_t, 3> kernel{patchSize[0], patchSize[1], patchSize[2]};
    m_proj = registerModule("proj", std::make_shared<Conv3d>(inChannels, hiddenSize, kernel, kernel));
}

std::array<std::int64_t, 3> STDiT3PatchEmbed::grid(std::int64_t frames, std::int64_t height, std::int64_t width) const
{
    return {(frames + padTo(frames, m_patch[0])) / m_patch[0], (height + padTo(height, m_patch[1])) / m_patch[1],
            (width + padTo(width, m_patch[2])) / m_patch[2]};
}

at::Tensor STDiT3PatchEmbed::forward(const at::Tensor& x) const
{
    // F.pad order: (W_left, W_right, H_top, H_bottom, T_front, T_back); zeros only at the end.
    const std::int64_t padT = padTo(x.size(2), m_patch[0]), padH = padTo(x.size(3), m_patch[1]),
                       padW = padTo(x.size(4), m_patch[2]);
    at::Tensor padded = padT || padH || padW ? at::constant_pad_nd(x, {0, padW, 0, padH, 0, padT}, 0) : x;
    at::Tensor tokens = m_proj->forward(padded); // [B, hidden, T', H', W']
    return tokens.flatten(2).transpose(1, 2);    // [B, N, hidden] (a view; the caller's add makes it dense)
}

} // namespace framesmith
