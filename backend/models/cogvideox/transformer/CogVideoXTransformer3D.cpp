#include "models/cogvideox/transformer/CogVideoXTransformer3D.h"

#include "core/layers/SinusoidalTimestepEmbedding.h"
#include "framesmith/Error.h"
#include "io/WeightLoader.h"
#include "io/WeightSource.h"
#include "models/cogvideox/transformer/CogVideoXBlockSplit.h"
#include "sampling/StepCache.h"

#include <ATen/ATen.h>
#include <c10/core/InferenceMode.h>

#include <sstream>

namespace framesmith {

namespace {

std::string shapeOf(const at::Tensor& t) { return c10::str(t.sizes()); }

} // namespace

CogVideoXTransformer3D::CogVideoXTransformer3D(CogVideoXTransformerConfig config) : m_config(std::move(config))
{
    const auto& c = m_config;
    const int dim = c.innerDim();
    m_patchEmbed = registerModule("patch_embed", std::make_shared<CogVideoXPatchEmbed>(c));
    // time_proj projects to the hidden size (not time_embed_dim), as diffusers builds it.
    m_timeEmbedding = registerModule("time_embedding", std::make_shared<ProjectionMlp>(
                                                           dim, c.timeEmbedDim, c.timeEmbedDim, Activation::SiLU));
    if (c.ofsEmbedDim) {
        if (*c.ofsEmbedDim != c.timeEmbedDim)
            throw Error(ErrorCode::UnsupportedModel, "transformer config: ofs_embed_dim " + std::to_string(*c.ofsEmbedDim) +
                                                         " must equal time_embed_dim " + std::to_string(c.timeEmbedDim) +
                                                         " (the ofs embedding is added to the time embedding)");
        m_ofsEmbedding = registerModule("ofs_embedding", std::make_shared<ProjectionMlp>(
                                                             *c.ofsEmbedDim, *c.ofsEmbedDim, *c.ofsEmbedDim, Activation::SiLU));
    }
    m_blocks = registerModule("transformer_blocks", std::make_shared<ModuleList<CogVideoXBlock>>());
    for (int i = 0; i < c.numLayers; ++i)
        m_blocks->append(std::make_shared<CogVideoXBlock>(c));
    m_normFinal = registerModule("norm_final", std::make_shared<LayerNorm>(dim, c.normEps, c.normElementwiseAffine));
    m_normOut = registerModule("norm_out", std::make_shared<CogVideoXAdaLayerNorm>(c.timeEmbedDim, dim,
                                                                                  c.normElementwiseAffine, c.normEps));
    const int outFeatures = c.patchSize * c.patchSize * c.patchSizeTemporal() * c.outChannels;
    m_projOut = registerModule("proj_out", std::make_shared<Linear>(dim, outFeatures));
}

std::shared_ptr<CogVideoXTransformer3D> CogVideoXTransformer3D::load(const std::string& transformerDir,
                                                                     c10::ScalarType dtype, c10::Device device)
{
    auto config = CogVideoXTransformerConfig::fromFile(transformerDir + "/config.json");
    auto model = std::make_shared<CogVideoXTransformer3D>(config);
    WeightSource source = WeightSource::open(transformerDir);
    loadWeights(*model, source, dtype, device);
    return model;
}

std::optional<RotaryEmbedding> CogVideoXTransformer3D::rotaryEmbedding(int heightPx, int widthPx, int latentFrames) const
{
    return CogVideoXRotaryEmbedding::forVideo(m_config, heightPx, widthPx, latentFrames);
}

at::Tensor CogVideoXTransformer3D::forward(const at::Tensor& hiddenStates, const at::Tensor& encoderHiddenStates,
                                           const at::Tensor& timestep, const std::optional<RotaryEmbedding>& rope,
                                           const std::optional<at::Tensor>& ofs) const
{
    at::Tensor output = run(hiddenStates, encoderHiddenStates, timestep, rope, ofs, nullptr);
    checkFinite(output, timestep);
    return output;
}

at::Tensor CogVideoXTransformer3D::forwardUnchecked(const at::Tensor& hiddenStates, const at::Tensor& encoderHiddenStates,
                                                    const at::Tensor& timestep,
                                                    const std::optional<RotaryEmbedding>& rope,
                                                    const std::optional<at::Tensor>& ofs) const
{
    return run(hiddenStates, encoderHiddenStates, timestep, rope, ofs, nullptr);
}

at::Tensor CogVideoXTransformer3D::forwardWithDebug(const at::Tensor& hiddenStates,
                                                    const at::Tensor& encoderHiddenStates, const at::Tensor& timestep,
                                                    const std::optional<RotaryEmbedding>& rope,
                                                    const std::optional<at::Tensor>& ofs, DebugTensors& debug) const
{
    at::Tensor output = run(hiddenStates, encoderHiddenStates, timestep, rope, ofs, &debug);
    checkFinite(output, timestep);
    return output;
}

void CogVideoXTransformer3D::checkInputs(const at::Tensor& x, const at::Tensor& text, const at::Tensor& timestep,
                                         const std::optional<RotaryEmbedding>& rope,
                                         const std::optional<at::Tensor>& ofs) const
{
    const auto& c = m_config;
    if (x.dim() != 5 || x.size(2) != c.inChannels || x.size(3) % c.patchSize || x.size(4) % c.patchSize ||
        x.size(1) % c.patchSizeTemporal())
        throw ShapeError("transformer hidden_states: expected [B, F, " + std::to_string(c.inChannels) +
                         ", H, W] with H, W multiples of " + std::to_string(c.patchSize) + " and F a multiple of " +
                         std::to_string(c.patchSizeTemporal()) + ", got " + shapeOf(x));
    if (text.dim() != 3 || text.size(0) != x.size(0) || text.size(2) != c.textEmbedDim)
        throw ShapeError("transformer encoder_hidden_states: expected [" + std::to_string(x.size(0)) + ", T, " +
                         std::to_string(c.textEmbedDim) + "], got " + shapeOf(text));
    if (timestep.numel() != x.size(0) && timestep.numel() != 1)
        throw ShapeError("transformer timestep: expected [" + std::to_string(x.size(0)) + "] or [1], got " +
                         shapeOf(timestep));
    if (c.useRotaryPositionalEmbeddings && !rope)
        throw InvalidRequestError("image_rotary_emb", "this transformer uses RoPE: pass rotaryEmbedding(...)");
    if (m_ofsEmbedding && !ofs)
        throw InvalidRequestError("ofs", "this transformer (CogVideoX 1.5 I2V) needs the ofs input");
}

at::Tensor CogVideoXTransformer3D::embedTimesteps(const ProjectionMlp& embedding, std::int64_t width,
                                                  const at::Tensor& values, c10::ScalarType dtype) const
{
    // diffusers get_timestep_embedding(scale=1, max_period=10000) at linear_1's width, float32.
    SinusoidalTimestepOptions options;
    options.flipSinToCos = m_config.flipSinToCos;
    options.downscaleFreqShift = m_config.freqShift;
    return embedding.forward(SinusoidalTimestepEmbedding::embed(values, width, options).to(dtype));
}

at::Tensor CogVideoXTransformer3D::conditioning(const at::Tensor& timestep, const std::optional<at::Tensor>& ofs,
                                                c10::ScalarType dtype, DebugTensors* debug) const
{
    at::Tensor emb = embedTimesteps(*m_timeEmbedding, m_config.innerDim(), timestep.reshape({-1}), dtype); // [B, E]
    if (debug)
        (*debug)["time_embedding"] = emb.clone();
    if (m_ofsEmbedding) {
        at::Tensor ofsEmb = embedTimesteps(*m_ofsEmbedding, *m_config.ofsEmbedDim, ofs->reshape({-1}).to(timestep.device()), dtype);
        if (debug)
            (*debug)["ofs_embedding"] = ofsEmb;
        emb = emb + ofsEmb;
    }
    return emb;
}

at::Tensor CogVideoXTransformer3D::unpatchify(const at::Tensor& tokens, const at::IntArrayRef s) const
{
    const std::int64_t B = s[0], F = s[1], H = s[3], W = s[4], p = m_config.patchSize;
    const std::int64_t cOut = m_config.outChannels;
    if (!m_config.patchSizeT) // features (C, p_h, p_w), tokens (f, h, w)
        return tokens.view({B, F, H / p, W / p, cOut, p, p}).permute({0, 1, 4, 2, 5, 3, 6}).reshape({B, F, cOut, H, W});
    const std::int64_t pt = *m_config.patchSizeT; // features (C, p_t, p_h, p_w)
    return tokens.view({B, F / pt, H / p, W / p, cOut, pt, p, p})
        .permute({0, 1, 5, 4, 2, 6, 3, 7})
        .reshape({B, F, cOut, H, W});
}

void CogVideoXTransformer3D::checkFinite(const at::Tensor& output, const at::Tensor& timestep) const
{
    if (at::isfinite(output).all().item<bool>())
        return;
    std::ostringstream s;
    at::Tensor steps = timestep.reshape({-1}).to(at::kCPU).to(at::kDouble);
    s << "transformer output contains NaN or inf at timestep";
    for (std::int64_t i = 0; i < steps.numel(); ++i)
        s << (i ? ", " : " ") << steps[i].item<double>();
    s << " (" << c10::toString(output.scalar_type()) << " on " << output.device() << ")";
    if (output.scalar_type() == at::kHalf)
        s << ": float16 overflows on some CogVideoX weights; use bfloat16 or float32";
    throw NumericalError(s.str());
}

// With a step cache the stack runs as block 0 and the rest (CogVideoXBlockSplit); a debug run
// records every block and never caches.
at::Tensor CogVideoXTransformer3D::runBlocks(at::Tensor joint, std::int64_t textTokens, const at::Tensor& emb,
                                             const std::optional<RotaryEmbedding>& rope, DebugTensors* debug) const
{
    const std::size_t count = m_blocks->size();
    if (m_stepCache && !debug && count > 0) {
        const CogVideoXBlockSplit split(
            [&](const at::Tensor& state, std::size_t begin, std::size_t end, const at::Tensor& embRows) {
                return runBlockRange(state, begin, end, textTokens, embRows, rope, nullptr);
            },
            count, emb, textTokens);
        joint = m_stepCache->run(joint, m_firstBranch, split);
    } else {
        joint = runBlockRange(std::move(joint), 0, count, textTokens, emb, rope, debug);
    }
    return joint.to(m_projOut->weight.device()); // the output layers rest with the embeddings
}

at::Tensor CogVideoXTransformer3D::runBlockRange(at::Tensor joint, std::size_t begin, std::size_t end,
                                                 std::int64_t textTokens, const at::Tensor& emb,
                                                 const std::optional<RotaryEmbedding>& rope, DebugTensors* debug) const
{
    const std::int64_t videoTokens = joint.size(1) - textTokens;
    at::Tensor embHere = emb;
    std::optional<RotaryEmbedding> ropeHere = rope;
    for (std::size_t i = begin; i < end; ++i) {
        if (m_cancelToken && m_cancelToken->isStopRequested())
            throw CancelledError("transformer block " + std::to_string(i));
        if (m_blockCallback)
            m_blockCallback(static_cast<int>(i), true);
        // Blocks spread over several GPUs: the activations follow the block (after the callback,
        // which may just have brought the block in).
        const c10::Device device = blockDevice(i);
        if (joint.device() != device) {
            joint = joint.to(device);
            embHere = embHere.to(device);
            if (ropeHere)
                ropeHere = RotaryEmbedding{ropeHere->cos.to(device), ropeHere->sin.to(device)};
        }
        joint = (*m_blocks)[i].forward(joint, textTokens, embHere, ropeHere, m_attentionOptions);
        if (m_blockCallback)
            m_blockCallback(static_cast<int>(i), false);
        if (debug) {
            const std::string prefix = "block" + std::to_string(i);
            (*debug)[prefix + ".hidden_states"] = joint.narrow(1, textTokens, videoTokens).clone();
            (*debug)[prefix + ".encoder_hidden_states"] = joint.narrow(1, 0, textTokens).clone();
        }
    }
    return joint;
}

c10::Device CogVideoXTransformer3D::blockDevice(std::size_t block) const
{
    for (const ParameterSlot& slot : (*m_blocks)[block].parameters())
        if (slot.tensor->defined())
            return slot.tensor->device();
    return m_projOut->weight.device();
}

at::Tensor CogVideoXTransformer3D::run(const at::Tensor& hiddenStatesIn, const at::Tensor& encoderHiddenStatesIn,
                                       const at::Tensor& timestep, const std::optional<RotaryEmbedding>& rope,
                                       const std::optional<at::Tensor>& ofs, DebugTensors* debug) const
{
    c10::InferenceMode inferenceMode;
    checkInputs(hiddenStatesIn, encoderHiddenStatesIn, timestep, rope, ofs);
    const c10::ScalarType dtype = m_projOut->weight.scalar_type();
    const at::Tensor x = hiddenStatesIn.to(dtype);
    const at::Tensor text = encoderHiddenStatesIn.to(dtype);
    const std::int64_t textTokens = text.size(1);

    at::Tensor emb = conditioning(timestep.to(x.device()), ofs, dtype, debug);
    at::Tensor positions;
    at::Tensor joint = m_patchEmbed->forward(text, x, debug ? &positions : nullptr); // [B, T + N, D]
    if (debug) {
        (*debug)["patch_embed"] = joint.clone();
        if (positions.defined())
            (*debug)["pos_embedding"] = positions;
    }
    std::optional<RotaryEmbedding> ropeHere = rope; // moved to the activations' device once, not per block
    if (ropeHere && ropeHere->cos.device() != x.device())
        ropeHere = RotaryEmbedding{rope->cos.to(x.device()), rope->sin.to(x.device())};
    joint = runBlocks(std::move(joint), textTokens, emb, ropeHere, debug);
    const std::int64_t videoTokens = joint.size(1) - textTokens;
    at::Tensor video = m_normFinal->forward(joint.narrow(1, textTokens, videoTokens));
    joint.reset();
    video = m_normOut->forward(video, emb);
    if (debug)
        (*debug)["norm_out"] = video.clone();
    video = m_projOut->forward(video);
    if (debug)
        (*debug)["proj_out"] = video;
    return unpatchify(video, x.sizes());
}

} // namespace framesmith
