#pragma once
// diffusers CogVideoXPatchEmbed: text projection, video patchify (Conv2d per frame for 1.0, a
// Linear over (C, p_t, p_h, p_w) features for 1.5), concatenated text-first, plus the positional
// table (sincos for 2b, learned for 5b-I2V) where the config has one.
#include "core/Layers.h"
#include "models/cogvideox/transformer/CogVideoXTransformerConfig.h"

#include <mutex>

namespace framesmith {

class CogVideoXPatchEmbed : public Module {
public:
    explicit CogVideoXPatchEmbed(const CogVideoXTransformerConfig& config);

    // text: [B, T, text_dim]; video: [B, F, C, H, W] -> [B, T + N, D] (positions added).
    // positionsUsed (optional) receives the [1, T + N, D] table that was added.
    at::Tensor forward(const at::Tensor& text, const at::Tensor& video, at::Tensor* positionsUsed = nullptr) const;

    // The table added for a latent video of F x H x W (reference rules; throws InvalidRequestError
    // where the reference raises). Undefined when the config has no positional table.
    at::Tensor positionTable(std::int64_t frames, std::int64_t height, std::int64_t width, std::int64_t textTokens,
                             c10::ScalarType dtype, c10::Device device) const;

    at::Tensor pos_embedding; // learned table [1, T + N_sample, D] (5b-I2V only)

private:
    at::Tensor patchify(const at::Tensor& video) const; // -> [B, N, D]
    at::Tensor sincosTable(std::int64_t frames, std::int64_t height, std::int64_t width, std::int64_t textTokens,
                           c10::ScalarType dtype, c10::Device device) const;

    CogVideoXTransformerConfig m_config;
    std::shared_ptr<Conv2d> m_conv;   // "proj" for 1.0
    std::shared_ptr<Linear> m_linear; // "proj" for 1.5
    std::shared_ptr<Linear> m_textProj;

    // One cached sincos table (the sample size at first, as the reference builds it at
    // construction; replaced when another size is asked for). forward() may run on any thread.
    mutable std::mutex m_cacheMutex;
    mutable at::Tensor m_cachedTable;   // float32 on the CPU, [1, T + N, D]
    mutable std::array<std::int64_t, 4> m_cachedKey{-1, -1, -1, -1};
    mutable at::Tensor m_cachedOnDevice;
};

} // namespace framesmith
