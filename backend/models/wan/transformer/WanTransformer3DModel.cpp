#include "models/wan/transformer/WanTransformer3DModel.h"

#include "framesmith/Error.h"
#include "io/WeightLoader.h"
#include "io/WeightSource.h"
#include "models/wan/transformer/WanBlockSplit.h"
#include "sampling/StepCache.h"

#include <ATen/ATen.h>

#include <algorithm>

namespace framesmith {

namespace {

std::string shapeOf(const at::Tensor& t) { return c10::str(t.sizes()); }

std::string fileList(const WeightSource& source)
{
    std::string out;
    for (const auto& file : source.files())
        out += (out.empty() ? "" : ", ") + file->path();
    return out;
}

// diffusers' _keys_to_ignore_on_load_unexpected: some converted checkpoints carry it, nothing reads it.
bool isIgnoredKey(const std::string& name)
{
    return name.find("norm_added_q") != std::string::npos;
}

} // namespace

WanTransformer3DModel::WanTransformer3DModel(WanTransformerConfig config)
    : m_config(std::move(config)), m_rope(m_config.attentionHeadDim, m_config.ropeMaxSeqLen)
{
    const auto& c = m_config;
    const std::int64_t dim = c.innerDim();
    m_patchEmbedding = registerModule("patch_embedding",
                                      std::make_shared<Conv3d>(c.inChannels, dim, c.patchSize, c.patchSize));
    m_conditionEmbedder = registerModule("condition_embedder", std::make_shared<WanConditionEmbedder>(c));
    m_blocks = registerModule("blocks", std::make_shared<ModuleList<WanTransformerBlock>>());
    for (std::int64_t i = 0; i < c.numLayers; ++i)
        m_blocks->append(std::make_shared<WanTransformerBlock>(c));
    m_normOut = registerModule("norm_out", std::make_shared<LayerNorm>(dim, c.eps, /*elementwiseAffine=*/false));
    m_projOut = registerModule("proj_out", std::make_shared<Linear>(dim, c.outChannels * c.patchVolume()));
    registerParameter("scale_shift_table", &m_scaleShiftTable, {1, 2, dim});
}

std::shared_ptr<WanTransformer3DModel> WanTransformer3DModel::load(const std::string& folder, c10::ScalarType dtype,
                                                                   c10::Device device)
{
    if (dtype != at::kFloat && dtype != at::kBFloat16 && dtype != at::kHalf)
        throw InvalidRequestError("dtype", std::string("the Wan transformer runs in float32, bfloat16 or float16, not ") +
                                               c10::toString(dtype));
    auto model = std::make_shared<WanTransformer3DModel>(WanTransformerConfig::fromFile(folder + "/config.json"));
    const WeightSource source = WeightSource::open(folder);
    // Unknown tensors are refused: another model's checkpoint would otherwise load "fine" and
    // compute something else.
    WeightCheck check = checkWeights(*model, source);
    check.unexpected.erase(std::remove_if(check.unexpected.begin(), check.unexpected.end(), isIgnoredKey),
                           check.unexpected.end());
    if (!check.isLoadable() || !check.unexpected.empty())
        throw ShapeError("Wan transformer checkpoint does not match " + folder + "/config.json: " + check.describe() +
                         "Checkpoint: " + fileList(source) + ".");
    loadWeights(*model, source, dtype, device);
    return model;
}

std::vector<Module*> WanTransformer3DModel::blockModules() const
{
    std::vector<Module*> blocks;
    for (std::size_t i = 0; i < m_blocks->size(); ++i)
        blocks.push_back(&(*m_blocks)[i]);
    return blocks;
}

at::Tensor WanTransformer3DModel::forward(const WanTransformerInputs& inputs) const
{
    return run(inputs, nullptr);
}

at::Tensor WanTransformer3DModel::forwardWithDebug(const WanTransformerInputs& inputs, DebugTensors& debug) const
{
    return run(inputs, &debug);
}

void WanTransformer3DModel::checkInputs(const WanTransformerInputs& in) const
{
    const auto& c = m_config;
    const at::Tensor& x = in.hiddenStates;
    if (!x.defined() || x.dim() != 5 || x.size(1) != c.inChannels)
        throw ShapeError("Wan transformer: hidden_states must be [B, " + std::to_string(c.inChannels) +
                         ", F, H, W] (config in_channels), got " + (x.defined() ? shapeOf(x) : "nothing"));
    for (int i = 0; i < 3; ++i)
        if (x.size(2 + i) % c.patchSize[i] != 0 || x.size(2 + i) == 0)
            throw ShapeError("Wan transformer: hidden_states " + shapeOf(x) + " is not a whole number of patches " +
                             c10::str(at::IntArrayRef(c.patchSize.data(), 3)));
    const std::int64_t batch = x.size(0);
    const std::int64_t seq = x.size(2) / c.patchSize[0] * (x.size(3) / c.patchSize[1]) * (x.size(4) / c.patchSize[2]);
    const at::Tensor& t = in.timestep;
    const bool isPerSample = t.defined() && t.dim() == 1 && t.size(0) == batch;
    const bool isPerToken = t.defined() && t.dim() == 2 && t.size(0) == batch && t.size(1) == seq;
    if (!isPerSample && !isPerToken)
        throw ShapeError("Wan transformer: timestep must be [" + std::to_string(batch) + "] or [" + std::to_string(batch) +
                         ", " + std::to_string(seq) + "] (one per token), got " + (t.defined() ? shapeOf(t) : "nothing"));
    const at::Tensor& text = in.encoderHiddenStates;
    if (!text.defined() || text.dim() != 3 || text.size(0) != batch || text.size(2) != c.textDim)
        throw ShapeError("Wan transformer: encoder_hidden_states must be [" + std::to_string(batch) + ", L, " +
                         std::to_string(c.textDim) + "] (config text_dim), got " + (text.defined() ? shapeOf(text) : "nothing"));
    const at::Tensor& image = in.encoderHiddenStatesImage;
    if (c.imageDim) {
        if (!image.defined() || image.dim() != 3 || image.size(0) != batch || image.size(2) != *c.imageDim)
            throw ShapeError("Wan transformer: this image-to-video model needs encoder_hidden_states_image [" +
                             std::to_string(batch) + ", N, " + std::to_string(*c.imageDim) + "] (config image_dim), got " +
                             (image.defined() ? shapeOf(image) : "nothing"));
        if (c.addedKvProjDim && text.size(1) != WanAttention::kTextContextLength)
            throw ShapeError("Wan transformer: with image rows the text context must have 512 rows, got " + shapeOf(text));
    } else if (image.defined()) {
        throw ShapeError("Wan transformer: encoder_hidden_states_image given, but this model has no image_dim");
    }
}

at::Tensor WanTransformer3DModel::run(const WanTransformerInputs& in, DebugTensors* debug) const
{
    checkInputs(in);
    const auto& c = m_config;
    const c10::Device device = m_projOut->weight.device();
    const c10::ScalarType dtype = m_projOut->weight.scalar_type();
    auto tap = [&](const char* name, const at::Tensor& t) {
        if (debug)
            (*debug)[name] = t;
    };
    const at::Tensor x = in.hiddenStates.to(device, dtype);
    const std::int64_t frames = x.size(2) / c.patchSize[0], rows = x.size(3) / c.patchSize[1];
    const std::int64_t columns = x.size(4) / c.patchSize[2];

    const WanAttention::Rope rope = m_rope.forward(frames, rows, columns, device); // [1, seq, 1, head_dim] each
    tap("rope_cos", rope.first);
    tap("rope_sin", rope.second);
    at::Tensor hidden = m_patchEmbedding->forward(x).flatten(2).transpose(1, 2); // [B, seq, D]
    tap("patch_embed", hidden);

    const at::Tensor image = in.encoderHiddenStatesImage.defined() ? in.encoderHiddenStatesImage.to(device, dtype)
                                                                   : at::Tensor();
    WanConditions cond = m_conditionEmbedder->forward(in.timestep.to(device), in.encoderHiddenStates.to(device, dtype), image);
    tap("temb", cond.temb);
    tap("timestep_proj", cond.timestepProj);
    tap("text_embed", cond.text);
    if (cond.image.defined())
        tap("image_embed", cond.image);
    // [B, 6, D] per sample, [B, seq, 6, D] per token
    const at::Tensor timestepProj = cond.timestepProj.unflatten(-1, {6, -1});
    // image rows first: cat([encoder_hidden_states_image, encoder_hidden_states], 1)
    const at::Tensor context = cond.image.defined() ? at::cat({cond.image, cond.text}, 1) : cond.text;

    const std::size_t count = m_blocks->size();
    if (m_stepCache && !debug && count > 0) {
        const WanBlockSplit split(
            [&](const at::Tensor& state, std::size_t begin, std::size_t end, const at::Tensor& contextRows,
                const at::Tensor& projRows) { return runBlocks(state, begin, end, contextRows, projRows, rope, nullptr); },
            count, context, timestepProj);
        hidden = m_stepCache->run(hidden, in.cacheBranch, split);
    } else {
        hidden = runBlocks(hidden, 0, count, context, timestepProj, rope, debug);
    }
    tap("last_block_out", hidden);

    hidden = m_projOut->forward(outputNorm(hidden, cond.temb)); // [B, seq, p_t·p_h·p_w·C]
    tap("proj_out", hidden);
    return unpatchify(hidden, x.sizes());
}

at::Tensor WanTransformer3DModel::runBlocks(at::Tensor hidden, std::size_t begin, std::size_t end,
                                            const at::Tensor& context, const at::Tensor& timestepProj,
                                            const WanAttention::Rope& rope, DebugTensors* debug) const
{
    for (std::size_t i = begin; i < end; ++i) {
        if (m_cancelToken && m_cancelToken->isStopRequested())
            throw CancelledError("Wan transformer block " + std::to_string(i));
        if (m_blockCallback)
            m_blockCallback(static_cast<int>(i), true);
        hidden = (*m_blocks)[i].forward(hidden, context, timestepProj, rope, m_attentionOptions);
        if (m_blockCallback)
            m_blockCallback(static_cast<int>(i), false);
        if (i == 0 && debug)
            (*debug)["block0_out"] = hidden;
    }
    return hidden;
}

at::Tensor WanTransformer3DModel::outputNorm(const at::Tensor& x, const at::Tensor& temb) const
{
    // (shift, scale) = scale_shift_table (1, 2, D) + temb: [B, 1, D] each, or [B, seq, D] per token.
    const at::Tensor table = m_scaleShiftTable.to(temb.scalar_type());
    const bool isPerToken = temb.dim() == 3;
    const at::Tensor both = isPerToken ? table.unsqueeze(0) + temb.unsqueeze(2) : table + temb.unsqueeze(1);
    const at::Tensor shift = isPerToken ? both.select(2, 0) : both.narrow(1, 0, 1);
    const at::Tensor scale = isPerToken ? both.select(2, 1) : both.narrow(1, 1, 1);
    // (norm_out(x.float())·(1 + scale) + shift).type_as(x)
    const at::Tensor normed = at::layer_norm(x.to(at::kFloat), {x.size(-1)}, {}, {}, m_config.eps);
    return (normed * (scale + 1) + shift).to(x.scalar_type());
}

at::Tensor WanTransformer3DModel::unpatchify(const at::Tensor& tokens, at::IntArrayRef inputShape) const
{
    const auto& p = m_config.patchSize;
    const std::int64_t batch = inputShape[0];
    const std::int64_t f = inputShape[2] / p[0], h = inputShape[3] / p[1], w = inputShape[4] / p[2];
    // [B, f, h, w, p_t, p_h, p_w, C] -> [B, C, f, p_t, h, p_h, w, p_w] -> [B, C, F, H, W]
    return tokens.reshape({batch, f, h, w, p[0], p[1], p[2], m_config.outChannels})
        .permute({0, 7, 1, 4, 2, 5, 3, 6})
        .reshape({batch, m_config.outChannels, f * p[0], h * p[1], w * p[2]});
}

} // namespace framesmith
