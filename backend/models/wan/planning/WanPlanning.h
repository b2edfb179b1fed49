#pragma once
// A Wan 2.1 / 2.2 model as the memory planner sees it, from its configs alone: UMT5-XXL
// (text_encoder), the CLIP vision tower of Wan 2.1 I2V (image_encoder), one transformer or two
// experts (transformer, transformer_2: A14B runs one at a time, so the executor streams them as two
// blocked components) with blocks `blocks.N`, and the Wan VAE. Working memory: UMT5 over 512
// tokens, one WanTransformer3DModel forward (WanActivationModel; guidance is two calls), the
// frame-by-frame decode (WanVaeWorkingSet), and a start image's condition: the CLIP tower's read of
// it (WanClipWorkingSet) and the VAE's encode of the image, or of the image and zero frames for the
// channel-concatenated condition of the I2V models. Requests the model cannot take are refused
// before any arithmetic. Pure values; any thread.
#include "memory/planner/ModelPlanning.h"
#include "models/wan/image/WanClipVisionConfig.h"
#include "models/wan/planning/WanActivationModel.h"
#include "models/wan/transformer/WanTransformerConfig.h"
#include "models/wan/vae/WanVaeConfig.h"
#include "text/T5Config.h"

#include <array>
#include <optional>
#include <string>

namespace framesmith {

struct WanPlanningConfigs {
    T5Config textEncoder;
    std::optional<std::string> imageEncoderConfig; // image_encoder/config.json (Wan 2.1 I2V)
    WanTransformerConfig transformer;
    std::optional<WanTransformerConfig> transformer2; // the low-noise expert (A14B)
    WanVaeConfig vae;
    bool isExpandTimesteps = false; // model_index.json expand_timesteps (Wan 2.2 TI2V)
};

class WanPlanning : public ModelPlanning {
public:
    static constexpr std::int64_t kTextTokens = 512; // max_sequence_length: the cross-attention's rows

    explicit WanPlanning(WanPlanningConfigs configs);
    // The configs of the -Diffusers folder at `folder`; FileError naming a missing or bad config.
    static WanPlanning fromFolder(const std::string& folder);

    ModelFootprint footprint(const MemoryPreset& preset) const override;
    std::int64_t textEncodeBytes(const GenerationRequest& request, ComputeDtype dtype) const override;
    std::int64_t denoiseBytes(const GenerationRequest& request, int batch, ComputeDtype dtype,
                              AttentionPath attention) const override;
    double denoiseFlops(const GenerationRequest& request, int batch) const override;
    std::int64_t denoiseSequenceLength(const GenerationRequest& request) const override;
    std::int64_t vaeDecodeBytes(const GenerationRequest& request, const MemoryPreset& preset, bool isCpu) const override;
    std::int64_t conditionEncodeBytes(const GenerationRequest& request, ComponentRole role, const MemoryPreset& preset,
                                      bool isCpu) const override;

    // [F, h, w] of the latents; InvalidRequestError("request") for frames not 4k + 1 or sizes off the grid.
    std::array<std::int64_t, 3> latentSize(const GenerationRequest& request) const;
    // One transformer call: batch 1 whatever the guidance (two calls per step).
    WanStepShape stepShape(const GenerationRequest& request, int batch) const;
    const WanPlanningConfigs& configs() const { return m_configs; }

private:
    std::int64_t imageTokens() const; // CLIP tokens Wan 2.1 I2V prepends to the text rows (257), else 0
    bool isChannelConcat() const;     // I2V: noise, mask and the encoded clip condition as 36 channels

    WanPlanningConfigs m_configs;
    std::int64_t m_imageEncoderElements = 0;
    std::int64_t m_imageTokens = 0;
    std::optional<WanClipVisionConfig> m_imageEncoder;
};

} // namespace framesmith
