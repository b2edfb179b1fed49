#pragma once
// transformers T5EncoderModel (or UMT5EncoderModel, config.hasRelativeBiasPerLayer): token ids -> the
// last hidden state the video models condition on.
// Parameters carry the checkpoint's names (shared.weight, encoder.block.N.layer.0.SelfAttention.q.weight,
// ...). Runs on whichever device it was loaded to (typically the CPU while the transformer holds the
// GPU); dropping the last shared_ptr frees every weight. Use from one thread at a time.
#include "core/Layers.h"
#include "text/T5Config.h"
#include "text/T5EncoderStack.h"

#include <c10/core/Device.h>
#include <c10/core/ScalarType.h>

#include <memory>
#include <string>
#include <vector>

namespace framesmith {

class T5Encoder : public Module {
public:
    explicit T5Encoder(const T5Config& config);

    // textEncoderDir holds config.json and model.safetensors (or a sharded index). dtype float32,
    // bfloat16 or float16; in float16 the feed-forward `wo` weights stay float32 like the reference
    // (_keep_in_fp32_modules). Throws FileError/ShapeError naming the file or tensor.
    static std::shared_ptr<T5Encoder> load(const std::string& textEncoderDir, c10::ScalarType dtype, c10::Device device);

    // Bytes the weights take once loaded in `dtype` (float16 counts `wo` as float32), from the
    // config alone: for memory planning before anything is read. Any thread.
    static std::int64_t weightBytes(const T5Config& config, c10::ScalarType dtype);

    // inputIds [B, L] int64 (any device) -> [B, L, d_model] in the load dtype, on this model's device.
    // No attention mask: the diffusers pipelines attend to the padding too.
    at::Tensor forward(const at::Tensor& inputIds) const;
    // attentionMask [B, L] (1 = token, 0 = padding) or undefined; hiddenStates receives the residual
    // stream after every block (transformers output_hidden_states[1..]), for tests and debugging.
    at::Tensor forward(const at::Tensor& inputIds, const at::Tensor& attentionMask,
                       std::vector<at::Tensor>* hiddenStates = nullptr) const;

    const T5Config& config() const { return m_config; }
    c10::ScalarType dtype() const { return m_dtype; }
    c10::Device device() const;
    // Moves every weight (float16 keeps `wo` in float32).
    void moveTo(c10::Device device, c10::ScalarType dtype);

private:
    at::Tensor& feedForwardOutput(std::size_t block) const; // encoder.block.N.layer.1.DenseReluDense.wo.weight
    void checkIds(const at::Tensor& inputIds) const;

    T5Config m_config;
    c10::ScalarType m_dtype = c10::ScalarType::Float;
    std::shared_ptr<Embedding> m_shared;
    std::shared_ptr<T5EncoderStack> m_encoder;
};

} // namespace framesmith
