#pragma once
// The config.json of an Open-Sora 1.2 STDiT3 checkpoint (transformers STDiT3Config at Open-Sora
// df5668c), parsed once through JsonGuard. Absent keys take the reference constructor's defaults;
// every number is range-checked here, so a bad folder fails at load naming the file, key, value
// and bound, never deep inside a forward or an allocation.
#include <array>
#include <cstdint>
#include <string>

namespace framesmith {

struct STDiT3Config {
    int hiddenSize = 1152;
    int depth = 28;                        // spatial blocks; as many temporal blocks
    int numHeads = 16;
    double mlpRatio = 4.0;
    std::array<int, 3> patchSize{1, 2, 2}; // (t, h, w)
    int inChannels = 4;
    bool predSigma = true;                 // doubles the output channels
    int captionChannels = 4096;            // T5 d_model
    int modelMaxLength = 300;              // rows of the null caption table
    double inputSqSize = 512;              // the position table's reference resolution
    bool qkNorm = true;

    int headDim() const { return hiddenSize / numHeads; }
    int outChannels() const { return predSigma ? 2 * inChannels : inChannels; }
    // timm Mlp hidden_features = int(hidden_size * mlp_ratio) (Python truncation).
    int mlpHidden() const { return static_cast<int>(hiddenSize * mlpRatio); }
    int patchVolume() const { return patchSize[0] * patchSize[1] * patchSize[2]; }
    int ropeFrequencies() const { return headDim() / 2; } // RotaryEmbedding(dim=head_dim).freqs

    // Throws FileError naming the key (MissingFile/BadFile) or Error(UnsupportedModel).
    static STDiT3Config fromFile(const std::string& configJsonPath);
    static STDiT3Config fromJson(const std::string& jsonText, const std::string& origin);
};

} // namespace framesmith
