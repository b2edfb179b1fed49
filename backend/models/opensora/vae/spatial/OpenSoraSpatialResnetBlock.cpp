#include "models/opensora/vae/spatial/OpenSoraSpatialResnetBlock.h"

#include "models/opensora/vae/spatial/OpenSoraRowConv.h"

#include <ATen/ATen.h>

namespace framesmith {

namespace {
constexpr double kResnetEps = 1e-6; // diffusers Encoder/Decoder: resnet_eps=1e-6
}

OpenSoraSpatialResnetBlock::OpenSoraSpatialResnetBlock(std::int64_t in, std::int64_t out, std::int64_t groups,
                                                       bool isRelu)
    : m_in(in), m_out(out), m_isRelu(isRelu)
{
    m_norm1 = registerModule("norm1", std::make_shared<GroupNorm>(groups, in, kResnetEps));
    m_conv1 = registerModule("conv1", std::make_shared<Conv2d>(in, out, std::array<std::int64_t, 2>{3, 3},
                                                               std::array<std::int64_t, 2>{1, 1},
                                                               std::array<std::int64_t, 2>{1, 1}));
    m_norm2 = registerModule("norm2", std::make_shared<GroupNorm>(groups, out, kResnetEps));
    m_conv2 = registerModule("conv2", std::make_shared<Conv2d>(out, out, std::array<std::int64_t, 2>{3, 3},
                                                               std::array<std::int64_t, 2>{1, 1},
                                                               std::array<std::int64_t, 2>{1, 1}));
    if (in != out)
        m_shortcut = registerModule("conv_shortcut", std::make_shared<Conv2d>(in, out, std::array<std::int64_t, 2>{1, 1}));
}

at::Tensor OpenSoraSpatialResnetBlock::forward(at::Tensor x, std::int64_t windowBytes) const
{
    const auto act = m_isRelu ? OpenSoraActivation::Relu : OpenSoraActivation::Silu;
    // When the shortcut shrinks the channels, take it first and let the wide input go with conv1.
    const bool isResidualFirst = !m_shortcut || m_out <= m_in;
    at::Tensor residual;
    if (isResidualFirst)
        residual = m_shortcut ? OpenSoraRowConv::convolve(x, m_shortcut->weight, m_shortcut->bias, {1, 1}, {0, 0}) : x;
    at::Tensor h = OpenSoraRowConv::normalized(x, *m_norm1, act, *m_conv1, windowBytes);
    if (isResidualFirst)
        x.reset();
    h = OpenSoraRowConv::normalized(h, *m_norm2, act, *m_conv2, windowBytes);
    if (!isResidualFirst) {
        residual = OpenSoraRowConv::convolve(x, m_shortcut->weight, m_shortcut->bias, {1, 1}, {0, 0});
        x.reset();
    }
    // diffusers: (input_tensor + hidden_states) / output_scale_factor (1)
    return h.add_(residual);
}

} // namespace framesmith
