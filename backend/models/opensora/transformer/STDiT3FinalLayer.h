#pragma once
// Open-Sora T2IFinalLayer (`final_layer`): LayerNorm (no affine), modulation by its own 2-row
// scale_shift_table plus the timestep embedding t (not t_mlp), then the linear map to
// patch_volume × out_channels features per token.
#include "core/Layers.h"

namespace framesmith {

class STDiT3FinalLayer : public Module {
public:
    STDiT3FinalLayer(std::int64_t hiddenSize, std::int64_t patchVolume, std::int64_t outChannels);
    // x [B, T·S, hidden] (consumed), t / t0 [B, hidden]; xMask [B, T] bool or undefined (then t0 is
    // unused) -> [B, T·S, patch_volume · out_channels].
    at::Tensor forward(at::Tensor x, const at::Tensor& t, const at::Tensor& t0, const at::Tensor& xMask,
                       std::int64_t frames, std::int64_t tokensPerFrame) const;

    at::Tensor scaleShiftTable; // [2, hidden]

private:
    at::Tensor modulate(const at::Tensor& x, const at::Tensor& t) const;
    std::shared_ptr<Linear> m_linear;
};

} // namespace framesmith
