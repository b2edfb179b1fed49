#include "models/opensora/planning/STDiT3ActivationModel.h"

#include "models/opensora/transformer/STDiT3Block.h"

#include <algorithm>

namespace framesmith {

namespace {

std::int64_t paddedCount(std::int64_t n, std::int64_t patch) { return (n + patch - 1) / patch; }

} // namespace

std::int64_t STDiT3Activations::peakBytes() const
{
    return samplerBytes + std::max({inputBytes + embedBytes, blockPeakBytes(), inputBytes + textBytes + finalBytes});
}

std::int64_t STDiT3ActivationModel::attentionWorkspace(bool fused, std::int64_t groupsTimesHeads, std::int64_t queries,
                                                       std::int64_t keys, std::int64_t headDim,
                                                       std::int64_t elementBytes, std::int64_t budgetBytes)
{
    if (fused)
        return groupsTimesHeads * queries * 4;
    const std::int64_t budgetElements = std::max<std::int64_t>(1, budgetBytes / elementBytes);
    const std::int64_t rows = std::clamp<std::int64_t>(budgetElements / keys, 1, queries);
    const std::int64_t heads = std::clamp<std::int64_t>(budgetElements / (rows * keys), 1, groupsTimesHeads);
    const std::int64_t chunkOut = rows == queries ? 0 : heads * rows * headDim;
    return (heads * rows * keys + chunkOut) * elementBytes;
}

void STDiT3ActivationModel::blockPhase(const STDiT3Config& c, std::int64_t B, std::int64_t T, std::int64_t S,
                                       std::int64_t L, std::int64_t e, bool fused, std::int64_t chunkBytes,
                                       std::int64_t scoreBudgetBytes, STDiT3Activations& a)
{
    const std::int64_t C = c.hiddenSize;
    // Chunks of whole frames (spatial attention, cross-attention, MLP) or whole positions (temporal).
    const std::int64_t chunkTokens = STDiT3Block::chunkTokens(c, e, chunkBytes);
    const std::int64_t frames = std::clamp<std::int64_t>(chunkTokens / (B * S), 1, T);
    const std::int64_t positions = std::clamp<std::int64_t>(chunkTokens / (B * T), 1, S);
    auto workspace = [&](std::int64_t groups, std::int64_t q, std::int64_t k) {
        return attentionWorkspace(fused, groups * c.numHeads, q, k, c.headDim(), e, scoreBudgetBytes);
    };
    const std::int64_t spatialScores = workspace(B * frames, S, S), temporalScores = workspace(B * positions, T, T);
    const std::int64_t crossScores = workspace(B, frames * S, L);
    // Self-attention: 6C while k is normalised beside qkv, v and q; q, k, v and the output (4C) at
    // the scores. Cross-attention: the block's caption keys and values (made before its chunks, one
    // sample's k|v projection at a time) beside q and the output (2C) at the scores, 3C at the
    // projection. MLP: input, fc1's features and fc2's output.
    auto selfAttention = [&](std::int64_t n, std::int64_t scores) { return std::max(6 * C * n * e, 4 * C * n * e + scores); };
    const std::int64_t spatialTokens = frames * B * S, temporalTokens = positions * B * T;
    const std::int64_t keysValues = 2 * B * L * C * e;
    const std::int64_t cross = keysValues + std::max({3 * C * spatialTokens * e, 2 * C * spatialTokens * e + crossScores,
                                                      2 * L * C * e});
    a.phaseBytes = std::max({selfAttention(spatialTokens, spatialScores), selfAttention(temporalTokens, temporalScores),
                             cross, (c.mlpHidden() + 2 * C) * spatialTokens * e});
    a.attentionBytes = std::max({spatialScores, temporalScores, crossScores});
}

STDiT3Activations STDiT3ActivationModel::estimate(const STDiT3Config& c, const STDiT3StepShape& s, std::int64_t e,
                                                  bool fused, std::int64_t chunkBytes, std::int64_t scoreBudgetBytes)
{
    const std::int64_t B = s.batch, C = c.hiddenSize;
    const std::int64_t T = paddedCount(s.latentFrames, c.patchSize[0]);
    const std::int64_t S = paddedCount(s.latentHeight, c.patchSize[1]) * paddedCount(s.latentWidth, c.patchSize[2]);
    const std::int64_t tokens = B * T * S;
    const std::int64_t L = std::min<std::int64_t>(s.textTokens, c.modelMaxLength);
    const std::int64_t latent = B * c.inChannels * s.latentFrames * s.latentHeight * s.latentWidth;

    STDiT3Activations a;
    a.inputBytes = latent * e;
    a.residualBytes = tokens * C * e;
    a.textBytes = B * L * C * e; // the caption rows (each block's keys and values: its cross phase)
    blockPhase(c, B, T, S, L, e, fused, chunkBytes, scoreBudgetBytes, a);
    const std::int64_t paddedInput = B * c.inChannels * T * c.patchSize[0] * S * c.patchSize[1] * c.patchSize[2] * e;
    a.embedBytes = paddedInput + 2 * a.residualBytes;
    const std::int64_t patchFeatures = tokens * c.patchVolume() * c.outChannels();
    // Normalising keeps the stream and its modulated copy; with a frame mask the t0 variant and the
    // selection replace the stream. Then the patch features, their unpatchified copy and float32 output.
    a.finalBytes = std::max((s.hasFrameMask ? 3 : 2) * a.residualBytes,
                            a.residualBytes + 2 * patchFeatures * e + patchFeatures * 4);
    // Per prompt: z, the step's x0 and draw, v; per forward sample: cat([z, z]) and the output.
    const std::int64_t sampleFloat = latent / B * 4;
    const std::int64_t outputFloat = sampleFloat / c.inChannels * c.outChannels();
    const std::int64_t prompts = std::max<std::int64_t>(1, B / 2);
    a.samplerBytes = 4 * prompts * sampleFloat + B * (sampleFloat + outputFloat);
    return a;
}

} // namespace framesmith
