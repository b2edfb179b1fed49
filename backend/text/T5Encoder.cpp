#include "text/T5Encoder.h"

#include "framesmith/Error.h"
#include "io/WeightLoader.h"

#include <ATen/ATen.h>

#include <filesystem>

namespace framesmith {

namespace {

void checkDtype(c10::ScalarType dtype)
{
    if (dtype != at::kFloat && dtype != at::kBFloat16 && dtype != at::kHalf)
        throw InvalidRequestError("dtype", std::string("the T5 encoder runs in float32, bfloat16 or float16, not ") +
                                               c10::toString(dtype));
}

// libtorch before 2.1 has no float16 matmul on the CPU; probe once instead of guessing by version.
bool cpuSupportsHalfMatmul()
{
    static const bool isSupported = [] {
        try {
            const at::Tensor one = at::ones({1, 1}, at::TensorOptions().dtype(at::kHalf));
            return at::mm(one, one).item<float>() == 1.0f;
        } catch (const c10::Error&) {
            return false;
        }
    }();
    return isSupported;
}

bool isFeedForwardOutput(const std::string& name)
{
    const std::string suffix = ".DenseReluDense.wo.weight";
    return name.size() > suffix.size() && name.compare(name.size() - suffix.size(), suffix.size(), suffix) == 0;
}

} // namespace

T5Encoder::T5Encoder(const T5Config& config) : m_config(config)
{
    m_shared = registerModule("shared", std::make_shared<Embedding>(config.vocabSize, config.dModel));
    m_encoder = registerModule("encoder", std::make_shared<T5EncoderStack>(config));
}

std::shared_ptr<T5Encoder> T5Encoder::load(const std::string& textEncoderDir, c10::ScalarType dtype,
                                           c10::Device device)
{
    checkDtype(dtype);
    const auto config = T5Config::fromFile((std::filesystem::path(textEncoderDir) / "config.json").string());
    auto model = std::make_shared<T5Encoder>(config);
    model->m_dtype = dtype;
    const WeightSource source = WeightSource::open(textEncoderDir);
    // encoder.embed_tokens.weight is tied to shared.weight and not stored (save_pretrained drops it).
    const WeightCheck check = checkWeights(*model, source);
    if (!check.isLoadable())
        throw ShapeError(textEncoderDir + ": " + check.describe());
    for (auto& slot : model->parameters()) {
        // float16: transformers keeps `wo` in float32 (T5's _keep_in_fp32_modules), read from the file.
        const auto target = dtype == at::kHalf && isFeedForwardOutput(slot.name) ? at::kFloat : dtype;
        *slot.tensor = source.view(slot.name).to(device, target, /*non_blocking=*/false, /*copy=*/true).contiguous();
    }
    return model;
}

std::int64_t T5Encoder::weightBytes(const T5Config& config, c10::ScalarType dtype)
{
    checkDtype(dtype);
    T5Encoder skeleton(config); // modules only: no tensor is allocated
    std::int64_t bytes = 0;
    for (const auto& slot : skeleton.parameters()) {
        std::int64_t elements = 1;
        for (auto d : slot.shape)
            elements *= d;
        const auto type = dtype == at::kHalf && isFeedForwardOutput(slot.name) ? at::kFloat : dtype;
        bytes += elements * static_cast<std::int64_t>(c10::elementSize(type));
    }
    return bytes;
}

c10::Device T5Encoder::device() const
{
    return m_shared->weight.defined() ? m_shared->weight.device() : c10::Device(c10::kCPU);
}

void T5Encoder::moveTo(c10::Device device, c10::ScalarType dtype)
{
    checkDtype(dtype);
    // float16 keeps `wo` in float32: move those from their current values, not through half.
    std::vector<at::Tensor> feedForwardOutputs;
    for (std::size_t i = 0; i < m_encoder->blocks().size(); ++i)
        feedForwardOutputs.push_back(feedForwardOutput(i));
    to(device, dtype);
    m_dtype = dtype;
    if (dtype != at::kHalf)
        return;
    for (std::size_t i = 0; i < feedForwardOutputs.size(); ++i)
        feedForwardOutput(i) = feedForwardOutputs[i].to(device, at::kFloat);
}

at::Tensor& T5Encoder::feedForwardOutput(std::size_t block) const
{
    return m_encoder->blocks()[block].feedForwardLayer().denseReluDense().wo().weight;
}

void T5Encoder::checkIds(const at::Tensor& inputIds) const
{
    if (inputIds.numel() == 0)
        return;
    const auto low = inputIds.min().item<std::int64_t>(), high = inputIds.max().item<std::int64_t>();
    if (low < 0 || high >= m_config.vocabSize)
        throw InvalidRequestError("input_ids", "token ids must lie in [0, " + std::to_string(m_config.vocabSize) +
                                                   ") (the text encoder's vocab_size), got [" + std::to_string(low) +
                                                   ", " + std::to_string(high) + "]");
}

at::Tensor T5Encoder::forward(const at::Tensor& inputIds) const
{
    return forward(inputIds, at::Tensor());
}

at::Tensor T5Encoder::forward(const at::Tensor& inputIds, const at::Tensor& attentionMask,
                              std::vector<at::Tensor>* hiddenStates) const
{
    if (inputIds.dim() != 2)
        throw ShapeError("T5Encoder input_ids: expected [batch, length], got " + std::to_string(inputIds.dim()) +
                         " dimensions");
    if (attentionMask.defined() && attentionMask.sizes() != inputIds.sizes())
        throw ShapeError("T5Encoder attention_mask: expected the shape of input_ids");
    checkIds(inputIds);
    if (m_dtype == at::kHalf && device().is_cpu() && !cpuSupportsHalfMatmul())
        throw Error(ErrorCode::Unavailable, "T5 encoder: this libtorch has no float16 matmul on the CPU; load the "
                                            "text encoder in bfloat16 or float32 to run it on the CPU");
    const at::Tensor ids = inputIds.to(device(), at::kLong);                     // [B, L]
    const at::Tensor embeddings = at::embedding(m_shared->weight, ids);          // [B, L, D]
    return m_encoder->forward(embeddings, attentionMask, hiddenStates);           // [B, L, D]
}

} // namespace framesmith
