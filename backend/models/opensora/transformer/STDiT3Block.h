#pragma once
// STDiT3Block: adaLN-single modulation (scale_shift_table + t_mlp), self-attention over the S
// tokens of a frame (spatial) or the T frames of a position (temporal), cross-attention to the
// caption, GELU(tanh) MLP. Frames that x_mask marks False take the timestep-0 modulation.
//
// Every phase is local to a group of tokens (spatial attention, cross-attention and MLP to whole
// frames, temporal attention to whole positions), so the block updates the residual stream in
// place one chunk of tokens at a time: the working set of a phase is one chunk's, whatever the
// clip's length. Chunking changes no value: each token sees exactly what it sees in the reference.
#include "models/opensora/transformer/STDiT3BlockContext.h"
#include "models/opensora/transformer/STDiT3Config.h"
#include "models/opensora/transformer/STDiT3CrossAttention.h"
#include "models/opensora/transformer/STDiT3Mlp.h"
#include "models/opensora/transformer/STDiT3SelfAttention.h"

namespace framesmith {

class STDiT3Block : public Module {
public:
    STDiT3Block(const STDiT3Config& config, bool temporal);

    // x [B, T·S, hidden], contiguous, updated in place.
    void forward(at::Tensor& x, const STDiT3BlockContext& context) const;
    bool isTemporal() const { return m_temporal; }

    // Working bytes per token of the widest phase (attention scores aside), and the tokens one
    // chunk may hold: the rule forward() follows and STDiT3ActivationModel counts.
    static std::int64_t workingBytesPerToken(const STDiT3Config& config, std::int64_t elementBytes);
    static std::int64_t chunkTokens(const STDiT3Config& config, std::int64_t elementBytes, std::int64_t chunkBytes);

    at::Tensor scaleShiftTable; // [6, hidden]

private:
    struct Modulation;
    Modulation modulation(const at::Tensor& tMlp) const;
    void attentionPhase(at::Tensor& x4, const STDiT3BlockContext& c, const Modulation& m, const Modulation* m0) const;
    void crossAttentionPhase(at::Tensor& x4, const STDiT3BlockContext& c) const;
    void mlpPhase(at::Tensor& x4, const STDiT3BlockContext& c, const Modulation& m, const Modulation* m0) const;
    std::int64_t groupSize(const STDiT3BlockContext& c, std::int64_t group, std::int64_t tokensPerGroup) const;

    const STDiT3Config m_config;
    bool m_temporal;
    std::shared_ptr<STDiT3SelfAttention> m_attn;
    std::shared_ptr<STDiT3CrossAttention> m_crossAttn;
    std::shared_ptr<STDiT3Mlp> m_mlp;
};

} // namespace framesmith
