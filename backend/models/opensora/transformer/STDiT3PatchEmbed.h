#pragma once
// Open-Sora PatchEmbed3D (`x_embedder`): zero-pads T, H and W at the end to multiples of the
// patch, patchifies with a strided Conv3d and flattens to tokens ordered (t, y, x), x fastest.
#include "core/Layers.h"

#include <array>

namespace framesmith {

class STDiT3PatchEmbed : public Module {
public:
    STDiT3PatchEmbed(std::array<int, 3> patchSize, std::int64_t inChannels, std::int64_t hiddenSize);
    at::Tensor forward(const at::Tensor& x) const; // [B, C, T, H, W] -> [B, T'·H'·W', hidden]
    // The token grid (T', H', W') of an input of T x H x W (get_dynamic_size).
    std::array<std::int64_t, 3> grid(std::int64_t frames, std::int64_t height, std::int64_t width) const;

private:
    std::array<int, 3> m_patch;
    std::shared_ptr<Conv3d> m_proj;
};

} // namespace framesmith
