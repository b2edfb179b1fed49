#pragma once
// Open-Sora TimestepEmbedder / SizeEmbedder (`t_embedder`, `fps_embedder`): a 256-channel
// sinusoidal embedding [cos | sin] of a scalar per sample, then mlp.0 -> SiLU -> mlp.2.
#include "core/Layers.h"

namespace framesmith {

class STDiT3TimestepEmbedder : public Module {
public:
    static constexpr int kFrequencyChannels = 256;

    explicit STDiT3TimestepEmbedder(std::int64_t hiddenSize);
    // values [N] (any floating dtype; the frequencies use float32 as the reference) -> [N, hidden] in `dtype`.
    at::Tensor forward(const at::Tensor& values, c10::ScalarType dtype) const;
    // The sinusoidal part alone: [N] -> [N, 256] float32.
    static at::Tensor frequencies(const at::Tensor& values);

private:
    std::shared_ptr<Linear> m_linear1; // mlp.0
    std::shared_ptr<Linear> m_linear2; // mlp.2
};

} // namespace framesmith
