#pragma once
// diffusers WanTransformer3DModel (0.36) driven by its config.json, children named like the
// checkpoint keys: patch (1, 2, 2) Conv3d embedding, 3-D RoPE, condition embedder, `blocks`, output
// adaLN (scale_shift_table + temb) and proj_out, unpatchified in (p_t, p_h, p_w, C) order. Serves
// every Wan 2.1 / 2.2 variant: 16 or 48 channels, 36-channel I2V input (noise + mask + condition),
// per-token timesteps (Wan 2.2 TI2V) and Wan 2.1 I2V's image rows. forward is const and runs on
// the thread that owns the model; a CancelToken is checked between blocks.
#include "core/ChunkedAttention.h"
#include "core/Layers.h"
#include "framesmith/CancelToken.h"
#include "models/wan/transformer/WanConditionEmbedder.h"
#include "models/wan/transformer/WanRotaryPosEmbed.h"
#include "models/wan/transformer/WanTransformerBlock.h"
#include "models/wan/transformer/WanTransformerConfig.h"

#include <functional>
#include <map>
#include <memory>
#include <string>
#include <vector>

namespace framesmith {

class StepCache;

// WanTransformer3DModel.forward(hidden_states, timestep, encoder_hidden_states, encoder_hidden_states_image)
struct WanTransformerInputs {
    at::Tensor hiddenStates;        // [B, in_channels, F, H, W], F/H/W multiples of the patch
    at::Tensor timestep;            // [B] (int64 or float) or [B, F·H·W/4] per token (expand_timesteps)
    at::Tensor encoderHiddenStates; // [B, L, text_dim] (L = 512 from the pipeline, zero rows included)
    at::Tensor encoderHiddenStatesImage; // [B, N, image_dim]: Wan 2.1 I2V only, else undefined
    int cacheBranch = 0; // the step cache's branch of batch row 0 (CFG: cond 0, uncond 1)
};

class WanTransformer3DModel : public Module {
public:
    // Taps named as the fixtures name them without "tap_" (rope_cos, rope_sin, patch_embed, temb,
    // timestep_proj, text_embed, image_embed, block0_out, last_block_out, proj_out).
    using DebugTensors = std::map<std::string, at::Tensor>;

    explicit WanTransformer3DModel(WanTransformerConfig config);

    // folder: a transformer/ (or transformer_2/) folder with config.json and the safetensors (one
    // file or shards with their index). Missing, misshapen or unknown tensors throw ShapeError naming
    // the tensor, shapes and files (norm_added_q, which diffusers ignores, is allowed).
    static std::shared_ptr<WanTransformer3DModel> load(const std::string& folder, c10::ScalarType dtype,
                                                       c10::Device device);

    const WanTransformerConfig& config() const { return m_config; }

    // -> [B, out_channels, F, H, W] in the model's dtype. Throws ShapeError on bad inputs (before
    // any block runs), CancelledError when the token asks to stop.
    at::Tensor forward(const WanTransformerInputs& inputs) const;
    at::Tensor forwardWithDebug(const WanTransformerInputs& inputs, DebugTensors& debug) const;

    void setCancelToken(const CancelToken* token) { m_cancelToken = token; }
    // Called around every block (index, before): the placement streams blocks through it.
    void setBlockCallback(std::function<void(int, bool)> callback) { m_blockCallback = std::move(callback); }
    std::vector<Module*> blockModules() const; // `blocks` in the order they run
    // The run's step cache (nullptr: every block runs); a debug forward never caches.
    void setStepCache(StepCache* cache) { m_stepCache = cache; }
    void setAttentionOptions(const AttentionOptions& options) { m_attentionOptions = options; }

private:
    at::Tensor run(const WanTransformerInputs& inputs, DebugTensors* debug) const;
    void checkInputs(const WanTransformerInputs& in) const;
    at::Tensor runBlocks(at::Tensor hidden, std::size_t begin, std::size_t end, const at::Tensor& context,
                         const at::Tensor& timestepProj, const WanAttention::Rope& rope, DebugTensors* debug) const;
    at::Tensor outputNorm(const at::Tensor& x, const at::Tensor& temb) const;
    at::Tensor unpatchify(const at::Tensor& tokens, at::IntArrayRef inputShape) const;

    WanTransformerConfig m_config;
    WanRotaryPosEmbed m_rope;
    std::shared_ptr<Conv3d> m_patchEmbedding;
    std::shared_ptr<WanConditionEmbedder> m_conditionEmbedder;
    std::shared_ptr<ModuleList<WanTransformerBlock>> m_blocks;
    std::shared_ptr<LayerNorm> m_normOut;
    std::shared_ptr<Linear> m_projOut;
    at::Tensor m_scaleShiftTable; // [1, 2, D]

    const CancelToken* m_cancelToken = nullptr;
    std::function<void(int, bool)> m_blockCallback;
    StepCache* m_stepCache = nullptr;
    AttentionOptions m_attentionOptions;
};

} // namespace framesmith
