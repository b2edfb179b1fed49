#pragma once
// transformers T5Stack (or UMT5Stack) in encoder mode ("encoder."): the blocks and the final RMS norm. The token
// embedding lives in the parent (`shared.weight`; encoder.embed_tokens is tied to it).
#include "text/T5Block.h"

#include <vector>

namespace framesmith {

class T5EncoderStack : public Module {
public:
    explicit T5EncoderStack(const T5Config& config);

    // embeddings [B, L, D]; attentionMask [B, L] (1 = attend) or undefined (attend to everything);
    // hiddenStates, when given, receives the residual stream after each block ([B, L, D] each,
    // transformers hidden_states[1..numLayers]). Returns the normed output [B, L, D].
    at::Tensor forward(const at::Tensor& embeddings, const at::Tensor& attentionMask,
                       std::vector<at::Tensor>* hiddenStates) const;
    const ModuleList<T5Block>& blocks() const { return *m_blocks; }

private:
    // Block `block`'s relative-position bias with the padding mask added: [1 or B, H, L, L].
    at::Tensor positionBias(std::size_t block, const at::Tensor& embeddings, const at::Tensor& attentionMask) const;

    std::shared_ptr<ModuleList<T5Block>> m_blocks;
    std::shared_ptr<T5LayerNorm> m_finalLayerNorm;
};

} // namespace framesmith
