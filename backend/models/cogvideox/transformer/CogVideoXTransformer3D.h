#pragma once
// CogVideoXTransformer3DModel (diffusers 0.36) for every CogVideoX variant (2b, 5b, 5b-I2V,
// 1.5-5B, 1.5-5B-I2V), driven by transformer/config.json. Children are named like the diffusers
// state dict. forward() is const and may run on the worker thread that owns the model; block hooks
// let memory strategies stream or offload blocks, and a CancelToken is checked between blocks.
#include "core/ChunkedAttention.h"
#include "core/Layers.h"
#include "core/layers/ProjectionMlp.h"
#include "framesmith/CancelToken.h"
#include "models/cogvideox/transformer/CogVideoXAdaLayerNorm.h"
#include "models/cogvideox/transformer/CogVideoXBlock.h"
#include "models/cogvideox/transformer/CogVideoXPatchEmbed.h"
#include "models/cogvideox/transformer/CogVideoXRotaryEmbedding.h"
#include "models/cogvideox/transformer/CogVideoXTransformerConfig.h"

#include <functional>
#include <map>
#include <optional>
#include <string>

namespace framesmith {

class StepCache;

class CogVideoXTransformer3D : public Module {
public:
    using BlockCallback = std::function<void(int blockIndex, bool beforeBlock)>;
    using DebugTensors = std::map<std::string, at::Tensor>;

    explicit CogVideoXTransformer3D(CogVideoXTransformerConfig config);

    // transformerDir holds config.json and diffusion_pytorch_model*.safetensors (single or sharded).
    // Throws FileError, ShapeError (naming the tensor) or Error(UnsupportedModel).
    static std::shared_ptr<CogVideoXTransformer3D> load(const std::string& transformerDir, c10::ScalarType dtype,
                                                        c10::Device device);

    const CogVideoXTransformerConfig& config() const { return m_config; }
    // The pipeline's RoPE table for this config; nullopt when the config uses no RoPE.
    std::optional<RotaryEmbedding> rotaryEmbedding(int heightPx, int widthPx, int latentFrames) const;

    // hiddenStates [B, F, C, H, W], encoderHiddenStates [B, T, text_dim], timestep [B] (or [1]),
    // ofs [1] or [B] (1.5-I2V only) -> [B, F, C_out, H, W]. Throws NumericalError on NaN/inf output,
    // CancelledError when the token asks to stop, InvalidRequestError/ShapeError on bad inputs.
    at::Tensor forward(const at::Tensor& hiddenStates, const at::Tensor& encoderHiddenStates,
                       const at::Tensor& timestep, const std::optional<RotaryEmbedding>& rope,
                       const std::optional<at::Tensor>& ofs) const;
    // forward() without its NaN/inf check, which waits for the device: guidance split over two GPUs
    // launches both halves before checking either, so they overlap. Call checkFinite() on the result.
    at::Tensor forwardUnchecked(const at::Tensor& hiddenStates, const at::Tensor& encoderHiddenStates,
                                const at::Tensor& timestep, const std::optional<RotaryEmbedding>& rope,
                                const std::optional<at::Tensor>& ofs) const;
    // Throws NumericalError naming the timestep when `output` holds NaN or inf.
    void checkFinite(const at::Tensor& output, const at::Tensor& timestep) const;
    // The same, also filling `debug` with the reference's forward-hook tensors (fixture names
    // without the "debug." prefix: time_embedding, ofs_embedding, patch_embed, pos_embedding,
    // block{i}.hidden_states / .encoder_hidden_states, norm_out, proj_out).
    at::Tensor forwardWithDebug(const at::Tensor& hiddenStates, const at::Tensor& encoderHiddenStates,
                                const at::Tensor& timestep, const std::optional<RotaryEmbedding>& rope,
                                const std::optional<at::Tensor>& ofs, DebugTensors& debug) const;

    const ModuleList<CogVideoXBlock>& transformerBlocks() const { return *m_blocks; }
    void setBlockCallback(BlockCallback callback) { m_blockCallback = std::move(callback); }
    void setCancelToken(const CancelToken* token) { m_cancelToken = token; }
    // Step caching for the next forwards (nullptr: none): batch row b is CFG branch firstBranch + b.
    void setStepCache(StepCache* cache, int firstBranch) { m_stepCache = cache; m_firstBranch = firstBranch; }
    void setAttentionOptions(const AttentionOptions& options) { m_attentionOptions = options; }
    const AttentionOptions& attentionOptions() const { return m_attentionOptions; }

private:
    at::Tensor run(const at::Tensor& hiddenStates, const at::Tensor& encoderHiddenStates, const at::Tensor& timestep,
                   const std::optional<RotaryEmbedding>& rope, const std::optional<at::Tensor>& ofs,
                   DebugTensors* debug) const;
    at::Tensor runBlocks(at::Tensor joint, std::int64_t textTokens, const at::Tensor& emb,
                         const std::optional<RotaryEmbedding>& rope, DebugTensors* debug) const;
    at::Tensor runBlockRange(at::Tensor joint, std::size_t begin, std::size_t end, std::int64_t textTokens,
                             const at::Tensor& emb, const std::optional<RotaryEmbedding>& rope,
                             DebugTensors* debug) const;
    c10::Device blockDevice(std::size_t block) const; // where the block's weights are now
    void checkInputs(const at::Tensor& hiddenStates, const at::Tensor& encoderHiddenStates, const at::Tensor& timestep,
                     const std::optional<RotaryEmbedding>& rope, const std::optional<at::Tensor>& ofs) const;
    at::Tensor conditioning(const at::Tensor& timestep, const std::optional<at::Tensor>& ofs, c10::ScalarType dtype,
                            DebugTensors* debug) const;
    at::Tensor unpatchify(const at::Tensor& tokens, const at::IntArrayRef inputShape) const;

    CogVideoXTransformerConfig m_config;
    std::shared_ptr<CogVideoXPatchEmbed> m_patchEmbed;
    // diffusers Timesteps (time_proj / ofs_proj, no weights) + TimestepEmbedding (linear_1, SiLU, linear_2)
    std::shared_ptr<ProjectionMlp> m_timeEmbedding;
    std::shared_ptr<ProjectionMlp> m_ofsEmbedding; // null unless ofs_embed_dim
    // values [N] -> [N, E]: the sinusoidal projection at `width` (linear_1's input), then the MLP.
    at::Tensor embedTimesteps(const ProjectionMlp& embedding, std::int64_t width, const at::Tensor& values,
                              c10::ScalarType dtype) const;
    std::shared_ptr<ModuleList<CogVideoXBlock>> m_blocks;
    std::shared_ptr<LayerNorm> m_normFinal;
    std::shared_ptr<CogVideoXAdaLayerNorm> m_normOut;
    std::shared_ptr<Linear> m_projOut;

    BlockCallback m_blockCallback;
    const CancelToken* m_cancelToken = nullptr;
    StepCache* m_stepCache = nullptr;
    int m_firstBranch = 0;
    AttentionOptions m_attentionOptions;
};

} // namespace framesmith
