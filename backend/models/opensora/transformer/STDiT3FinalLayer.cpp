#include "models/opensora/transformer/STDiT3FinalLayer.h"

#include <ATen/ATen.h>

namespace framesmith {

STDiT3FinalLayer::STDiT3FinalLayer(std::int64_t hiddenSize, std::int64_t patchVolume, std::int64_t outChannels)
{
    m_linear = registerModule("linear", std::make_shared<Linear>(hiddenSize, patchVolume * outChannels));
    registerParameter("scale_shift_table", &scaleShiftTable, {2, hiddenSize});
}

at::Tensor STDiT3FinalLayer::modulate(const at::Tensor& x, const at::Tensor& t) const
{
    // (scale_shift_table[None] + t[:, None]).chunk(2, dim=1) -> shift, scale [B, 1, C]
    at::Tensor both = scaleShiftTable.unsqueeze(0) + t.unsqueeze(1);
    at::Tensor shift = both.narrow(1, 0, 1), scale = both.narrow(1, 1, 1);
    return at::layer_norm(x, {x.size(-1)}, {}, {}, 1e-6).mul_(1 + scale).add_(shift);
}

at::Tensor STDiT3FinalLayer::forward(at::Tensor x, const at::Tensor& t, const at::Tensor& t0, const at::Tensor& xMask,
                                     std::int64_t frames, std::int64_t tokensPerFrame) const
{
    at::Tensor out = modulate(x, t);
    x.reset();
    if (xMask.defined()) {
        // The reference normalises the already modulated x for the timestep-0 variant
        // (x = t2i_modulate(norm_final(x), ...) is reassigned before x_zero is computed).
        at::Tensor zero = modulate(out, t0);
        const std::int64_t B = out.size(0), C = out.size(2);
        out = at::where(xMask.view({B, frames, 1, 1}), out.view({B, frames, tokensPerFrame, C}),
                        zero.view({B, frames, tokensPerFrame, C}))
                  .view({B, frames * tokensPerFrame, C});
    }
    return m_linear->forward(out);
}

} // namespace framesmith
