#include "models/opensora/transformer/STDiT3.h"

#include "framesmith/Error.h"
#include "io/WeightLoader.h"
#include "io/WeightSource.h"
#include "models/opensora/transformer/STDiT3BlockSplit.h"
#include "models/opensora/transformer/STDiT3PositionTable.h"
#include "sampling/StepCache.h"

#include <ATen/ATen.h>
#include <c10/core/InferenceMode.h>

#include <sstream>

namespace framesmith {

struct STDiT3::Conditioning {
    at::Tensor t, tMlp;   // [B, C], [B, 6C]
    at::Tensor t0, t0Mlp; // the same for timestep 0; undefined without x_mask
};

namespace {

std::string shapeOf(const at::Tensor& t) { return c10::str(t.sizes()); }

std::string fileList(const WeightSource& source)
{
    std::string out;
    for (const auto& file : source.files())
        out += (out.empty() ? "" : ", ") + file->path();
    return out;
}

// libtorch before 2.x has no float16 matrix products on the CPU; probe once instead of guessing by version.
bool cpuSupportsHalfMatmul()
{
    static const bool isSupported = [] {
        try {
            const at::Tensor one = at::ones({1, 1}, at::TensorOptions().dtype(at::kHalf));
            return at::linear(one, one).item<float>() == 1.0f;
        } catch (const c10::Error&) {
            return false;
        }
    }();
    return isSupported;
}

void checkDtype(c10::ScalarType dtype, c10::Device device)
{
    if (dtype != at::kFloat && dtype != at::kBFloat16 && dtype != at::kHalf)
        throw InvalidRequestError("dtype", std::string("STDiT3 runs in float32, bfloat16 or float16, not ") +
                                               c10::toString(dtype));
    if (dtype == at::kHalf && device.is_cpu() && !cpuSupportsHalfMatmul())
        throw Error(ErrorCode::Unavailable, "STDiT3: this libtorch has no float16 matrix products on the CPU; "
                                            "use bfloat16 or float32 to run it on the CPU");
}

} // namespace

STDiT3::STDiT3(STDiT3Config config) : m_config(std::move(config))
{
    const auto& c = m_config;
    const std::int64_t C = c.hiddenSize;
    m_nonBlock = std::make_shared<ModuleGroup>();
    auto both = [&](const std::string& name, auto module) {
        m_nonBlock->add(name, module);
        return registerModule(name, module);
    };
    m_xEmbedder = both("x_embedder", std::make_shared<STDiT3PatchEmbed>(c.patchSize, c.inChannels, C));
    m_tEmbedder = both("t_embedder", std::make_shared<STDiT3TimestepEmbedder>(C));
    m_fpsEmbedder = both("fps_embedder", std::make_shared<STDiT3TimestepEmbedder>(C));
    auto tBlock = both("t_block", std::make_shared<ModuleGroup>()); // nn.Sequential(SiLU, Linear)
    m_tBlock = tBlock->add("1", std::make_shared<Linear>(C, 6 * C));
    m_yEmbedder = both("y_embedder", std::make_shared<STDiT3CaptionEmbedder>(c.captionChannels, C, c.modelMaxLength));
    m_rope = both("rope", std::make_shared<STDiT3Rope>(c.ropeFrequencies()));
    m_spatialBlocks = registerModule("spatial_blocks", std::make_shared<ModuleList<STDiT3Block>>());
    m_temporalBlocks = registerModule("temporal_blocks", std::make_shared<ModuleList<STDiT3Block>>());
    for (int i = 0; i < c.depth; ++i) {
        m_spatialBlocks->append(std::make_shared<STDiT3Block>(c, false));
        m_temporalBlocks->append(std::make_shared<STDiT3Block>(c, true));
    }
    m_finalLayer = both("final_layer", std::make_shared<STDiT3FinalLayer>(C, c.patchVolume(), c.outChannels()));
}

std::shared_ptr<STDiT3> STDiT3::load(const std::string& folder, c10::ScalarType dtype, c10::Device device)
{
    checkDtype(dtype, device);
    auto model = std::make_shared<STDiT3>(STDiT3Config::fromFile(folder + "/config.json"));
    const WeightSource source = WeightSource::open(folder);
    // Unknown tensors are refused too: an Open-Sora 1.3 checkpoint (x_embedder_cond*) or another
    // model would otherwise load "fine" and compute something else.
    const WeightCheck check = checkWeights(*model, source);
    if (!check.isLoadable() || !check.unexpected.empty())
        throw ShapeError("STDiT3 checkpoint does not match " + folder + "/config.json: " + check.describe() +
                         "Checkpoint: " + fileList(source) + ".");
    loadWeights(*model, source, dtype, device);
    return model;
}

std::vector<Module*> STDiT3::blocksInOrder() const
{
    std::vector<Module*> blocks;
    for (std::size_t i = 0; i < m_spatialBlocks->size(); ++i) {
        blocks.push_back(m_spatialBlocks->at(i).get());
        blocks.push_back(m_temporalBlocks->at(i).get());
    }
    return blocks;
}

at::Tensor STDiT3::forward(const STDiT3Inputs& inputs) const
{
    at::Tensor output = run(inputs, nullptr);
    checkFinite(output, inputs.timestep);
    return output;
}

at::Tensor STDiT3::forwardWithDebug(const STDiT3Inputs& inputs, DebugTensors& debug) const
{
    at::Tensor output = run(inputs, &debug);
    checkFinite(output, inputs.timestep);
    return output;
}

at::Tensor STDiT3::forwardUnchecked(const STDiT3Inputs& inputs) const
{
    return run(inputs, nullptr);
}

void STDiT3::checkFinite(const at::Tensor& output, const at::Tensor& timestep) const
{
    if (at::isfinite(output).all().item<bool>())
        return;
    std::ostringstream s;
    at::Tensor steps = timestep.reshape({-1}).to(at::kCPU).to(at::kDouble);
    s << "STDiT3 output contains NaN or inf at timestep";
    for (std::int64_t i = 0; i < steps.numel(); ++i)
        s << (i ? ", " : " ") << steps[i].item<double>();
    s << " (" << c10::toString(m_tBlock->weight.scalar_type()) << " on " << m_tBlock->weight.device() << ")";
    if (m_tBlock->weight.scalar_type() == at::kHalf)
        s << ": float16 may overflow; use bfloat16 or float32";
    throw NumericalError(s.str());
}

void STDiT3::checkInputs(const STDiT3Inputs& in) const
{
    const auto& c = m_config;
    if (!in.x.defined() || in.x.dim() != 5 || in.x.size(1) != c.inChannels || in.x.numel() == 0)
        throw ShapeError("STDiT3 x: expected [B, " + std::to_string(c.inChannels) + ", T, H, W], got " +
                         (in.x.defined() ? shapeOf(in.x) : "nothing"));
    const std::int64_t B = in.x.size(0);
    auto batchOf = [&](const char* name, const at::Tensor& t, bool divisorOk) {
        if (!t.defined() || t.dim() != 1 || (t.size(0) != B && !(divisorOk && t.size(0) > 0 && B % t.size(0) == 0)))
            throw ShapeError(std::string("STDiT3 ") + name + ": expected [" + std::to_string(B) + "]" +
                             (divisorOk ? " or a divisor of it" : "") + ", got " + (t.defined() ? shapeOf(t) : "nothing"));
    };
    batchOf("timestep", in.timestep, false);
    batchOf("fps", in.fps, true);
    if (!in.height.defined() || !in.width.defined() || in.height.numel() == 0 || in.width.numel() == 0)
        throw ShapeError("STDiT3 height/width: one pixel size at least");
    if (!in.y.defined() || in.y.dim() != 4 || in.y.size(0) != B || in.y.size(1) != 1 ||
        in.y.size(3) != c.captionChannels)
        throw ShapeError("STDiT3 y: expected [" + std::to_string(B) + ", 1, L, " + std::to_string(c.captionChannels) +
                         "], got " + (in.y.defined() ? shapeOf(in.y) : "nothing"));
    if (in.xMask && (in.xMask->dim() != 2 || in.xMask->size(0) != B || in.xMask->size(1) != in.x.size(2)))
        throw ShapeError("STDiT3 x_mask: expected [" + std::to_string(B) + ", " + std::to_string(in.x.size(2)) +
                         "], got " + shapeOf(*in.xMask));
    if (in.xMask && m_config.patchSize[0] != 1)
        throw ShapeError("STDiT3 x_mask needs a temporal patch of 1 (the reference masks latent frames as tokens)");
}

STDiT3::Conditioning STDiT3::conditioning(const STDiT3Inputs& in, c10::ScalarType dtype, c10::Device device,
                                          DebugTensors* debug) const
{
    const std::int64_t B = in.x.size(0);
    // timestep.to(dtype) before the embedding: with bf16 weights the timestep is rounded to bf16.
    const at::Tensor timestep = in.timestep.to(device).to(dtype);
    at::Tensor fpsValues = in.fps.to(device).reshape({-1, 1}).repeat({B / in.fps.size(0), 1}); // SizeEmbedder
    at::Tensor fps = m_fpsEmbedder->forward(fpsValues.reshape({-1}), dtype);
    Conditioning k;
    k.t = m_tEmbedder->forward(timestep, dtype);
    if (debug) {
        (*debug)["t_embedder"] = k.t.clone();
        (*debug)["fps_embedder"] = fps.clone();
    }
    k.t = k.t + fps;
    k.tMlp = m_tBlock->forward(at::silu(k.t));
    if (debug)
        (*debug)["t_block"] = k.tMlp.clone();
    if (in.xMask) {
        at::Tensor t0 = m_tEmbedder->forward(at::zeros_like(timestep), dtype);
        if (debug)
            (*debug)["t_embedder.t0"] = t0.clone();
        k.t0 = t0 + fps;
        k.t0Mlp = m_tBlock->forward(at::silu(k.t0));
        if (debug)
            (*debug)["t_block.t0"] = k.t0Mlp.clone();
    }
    return k;
}

at::Tensor STDiT3::embedTokens(const at::Tensor& x, const STDiT3Inputs& in, DebugTensors* debug) const
{
    const auto grid = m_xEmbedder->grid(x.size(2), x.size(3), x.size(4));
    const std::int64_t B = x.size(0), T = grid[0], S = grid[1] * grid[2], C = m_config.hiddenSize;
    const double scale = STDiT3PositionTable::scaleFor(in.height.reshape({-1})[0].item<double>(),
                                                       in.width.reshape({-1})[0].item<double>(), m_config.inputSqSize);
    at::Tensor pos = STDiT3PositionTable::build(grid[1], grid[2], C, scale, STDiT3PositionTable::baseSizeFor(grid[1], grid[2]),
                                                x.scalar_type(), x.device()); // [1, S, C]
    // The token-major copy becomes the residual stream; the conv output goes with this statement.
    at::Tensor stream = m_xEmbedder->forward(x).contiguous(); // [B, N, C]
    if (debug) {
        (*debug)["x_embedder"] = stream.clone();
        (*debug)["pos_embed"] = pos.clone();
    }
    stream.view({B, T, S, C}).add_(pos.unsqueeze(1));
    return stream;
}

c10::Device STDiT3::blockDevice(Module& block) const
{
    for (const ParameterSlot& slot : block.parameters())
        if (slot.tensor->defined())
            return slot.tensor->device();
    return m_tBlock->weight.device();
}

// With a step cache the stack runs as the first spatial/temporal pair and the rest
// (STDiT3BlockSplit); a debug run records every block and never caches.
at::Tensor STDiT3::runBlocks(at::Tensor x, STDiT3BlockContext context, const STDiT3Inputs& in, DebugTensors* debug) const
{
    const std::size_t count = 2 * m_spatialBlocks->size();
    if (in.stepCache && !debug && count > 0) {
        // Blocks update the stream in place: each part runs on its own copy.
        const STDiT3BlockSplit split(
            [&](const at::Tensor& state, std::size_t begin, std::size_t end, const std::vector<std::int64_t>* rows) {
                return rows ? runRows(state, context, begin, end, *rows)
                            : runBlockRange(state.clone(), context, begin, end, nullptr);
            },
            count);
        x = in.stepCache->run(x, in.firstBranch, split);
    } else {
        x = runBlockRange(std::move(x), std::move(context), 0, count, debug);
    }
    return x.to(m_finalLayer->scaleShiftTable.device()); // the output layers rest with the embeddings
}

at::Tensor STDiT3::runRows(const at::Tensor& x, const STDiT3BlockContext& context, std::size_t begin, std::size_t end,
                           const std::vector<std::int64_t>& rows) const
{
    const std::int64_t batch = x.size(0);
    const at::Tensor index = at::tensor(rows, at::TensorOptions().dtype(at::kLong));
    auto pick = [&](const at::Tensor& t) {
        return t.defined() && t.size(0) == batch ? t.index_select(0, index.to(t.device())) : t;
    };
    STDiT3BlockContext sub = context;
    sub.tMlp = pick(context.tMlp);
    sub.t0Mlp = pick(context.t0Mlp);
    sub.xMask = pick(context.xMask);
    STDiT3TextTokens text;
    for (std::int64_t row : rows) {
        text.rows.push_back(context.text->rows.at(static_cast<std::size_t>(row)));
        text.lengths.push_back(context.text->lengths.at(static_cast<std::size_t>(row)));
    }
    sub.text = &text;
    return runBlockRange(x.index_select(0, index.to(x.device())), sub, begin, end, nullptr);
}

at::Tensor STDiT3::runBlockRange(at::Tensor x, STDiT3BlockContext context, std::size_t begin, std::size_t end,
                                 DebugTensors* debug) const
{
    const std::vector<Module*> blocks = blocksInOrder();
    STDiT3TextTokens text = *context.text; // handles: moved with the activations when a block rests elsewhere
    context.text = &text;
    for (std::size_t i = begin; i < end; ++i) {
        const std::string name = (i % 2 ? "temporal_block" : "spatial_block") + std::to_string(i / 2);
        if (m_cancelToken && m_cancelToken->isStopRequested())
            throw CancelledError("STDiT3 " + name);
        if (m_blockCallback)
            m_blockCallback(static_cast<int>(i), true);
        // Blocks spread over devices: the activations follow the block (after the callback, which
        // may just have brought it in).
        const c10::Device device = blockDevice(*blocks[i]);
        if (x.device() != device) {
            x = x.to(device);
            context.tMlp = context.tMlp.to(device);
            if (context.t0Mlp.defined()) {
                context.t0Mlp = context.t0Mlp.to(device);
                context.xMask = context.xMask.to(device);
            }
            for (at::Tensor& rows : text.rows)
                rows = rows.to(device);
        }
        static_cast<const STDiT3Block*>(blocks[i])->forward(x, context);
        if (m_blockCallback)
            m_blockCallback(static_cast<int>(i), false);
        if (debug)
            (*debug)[name] = x.clone();
    }
    return x;
}

at::Tensor STDiT3::unpatchify(const at::Tensor& tokens, at::IntArrayRef grid, at::IntArrayRef inputShape) const
{
    // "B (N_t N_h N_w) (T_p H_p W_p C_out) -> B C_out (N_t T_p) (N_h H_p) (N_w W_p)", then the
    // patch padding is cropped off.
    const auto& p = m_config.patchSize;
    const std::int64_t B = tokens.size(0), cOut = m_config.outChannels();
    at::Tensor video = tokens.view({B, grid[0], grid[1], grid[2], p[0], p[1], p[2], cOut})
                           .permute({0, 7, 1, 4, 2, 5, 3, 6})
                           .reshape({B, cOut, grid[0] * p[0], grid[1] * p[1], grid[2] * p[2]});
    return video.narrow(2, 0, inputShape[2]).narrow(3, 0, inputShape[3]).narrow(4, 0, inputShape[4]);
}

at::Tensor STDiT3::run(const STDiT3Inputs& in, DebugTensors* debug) const
{
    c10::InferenceMode inferenceMode;
    checkInputs(in);
    const c10::ScalarType dtype = m_tBlock->weight.scalar_type();
    const c10::Device device = m_tBlock->weight.device();
    const at::Tensor x = in.x.to(device, dtype);
    const Conditioning k = conditioning(in, dtype, device, debug);

    at::Tensor caption = m_yEmbedder->forward(in.y.to(device, dtype)); // [B, 1, L, C], all rows
    if (debug)
        (*debug)["y_embedder"] = caption.clone();
    const STDiT3TextTokens text = STDiT3TextTokens::pack(caption, in.mask);
    caption.reset();
    if (debug)
        (*debug)["y_lens"] = text.lengthsTensor();

    const auto grid = m_xEmbedder->grid(x.size(2), x.size(3), x.size(4));
    STDiT3BlockContext context;
    context.tMlp = k.tMlp;
    // Frames all True select the normal modulation everywhere: the t0 variant changes nothing then.
    at::Tensor xMask = in.xMask ? in.xMask->to(device, at::kBool) : at::Tensor();
    if (xMask.defined() && xMask.all().item<bool>())
        xMask = at::Tensor();
    if (xMask.defined()) {
        context.t0Mlp = k.t0Mlp;
        context.xMask = xMask;
    }
    context.frames = grid[0];
    context.tokensPerFrame = grid[1] * grid[2];
    context.text = &text;
    context.rope = m_rope.get();
    context.attention = m_attentionOptions;
    context.chunkBytes = m_chunkBytes;

    at::Tensor tokens = runBlocks(embedTokens(x, in, debug), context, in, debug);
    tokens = m_finalLayer->forward(std::move(tokens), k.t, k.t0, xMask, grid[0], grid[1] * grid[2]);
    if (debug)
        (*debug)["final_layer"] = tokens.clone();
    return unpatchify(tokens, grid, x.sizes()).to(at::kFloat).contiguous(); // x.to(torch.float32)
}

} // namespace framesmith
