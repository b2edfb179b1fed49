#pragma once
// Every key of a diffusers CogVideoXTransformer3DModel config.json, parsed once. Absent keys take
// the diffusers 0.36 constructor defaults; keys that change the architecture are validated here so
// a bad folder fails at load with the field named, not deep inside a forward.
#include <nlohmann/json.hpp>

#include <cstdint>
#include <optional>
#include <string>

namespace framesmith {

struct CogVideoXTransformerConfig {
    int numAttentionHeads = 30;
    int attentionHeadDim = 64;
    int inChannels = 16;
    int outChannels = 16;
    bool flipSinToCos = true;
    int freqShift = 0;
    int timeEmbedDim = 512;
    std::optional<int> ofsEmbedDim;      // only CogVideoX 1.5 I2V
    int textEmbedDim = 4096;
    int numLayers = 30;
    double dropout = 0.0;                // inference only: ignored
    bool attentionBias = true;
    int sampleWidth = 90;                // latent pixels
    int sampleHeight = 60;
    int sampleFrames = 49;               // video frames, not latent frames (diffusers quirk)
    int patchSize = 2;
    std::optional<int> patchSizeT;       // CogVideoX 1.5: temporal patches
    int temporalCompressionRatio = 4;
    int maxTextSeqLength = 226;
    std::string activationFn = "gelu-approximate";
    std::string timestepActivationFn = "silu";
    bool normElementwiseAffine = true;
    double normEps = 1e-5;
    double spatialInterpolationScale = 1.875;
    double temporalInterpolationScale = 1.0;
    bool useRotaryPositionalEmbeddings = false;
    bool useLearnedPositionalEmbeddings = false;
    bool patchBias = true;

    int innerDim() const { return numAttentionHeads * attentionHeadDim; }
    int patchSizeTemporal() const { return patchSizeT.value_or(1); }
    bool usesSincosPositions() const { return !useRotaryPositionalEmbeddings; }
    bool hasPositionTable() const { return usesSincosPositions() || useLearnedPositionalEmbeddings; }
    // Latent frames of the configured sample: diffusers stores video frames in sample_frames.
    int sampleLatentFrames() const { return (sampleFrames - 1) / temporalCompressionRatio + 1; }

    // The position table (sincos or learned) of the sample grid, at most: ~4x CogVideoX-5B's.
    static constexpr std::int64_t kMaxPositionTableElements = std::int64_t{1} << 28;

    // Throw FileError (missing, not a regular file, invalid JSON, a key of the wrong type or out of
    // range, naming the file, key, value and bound) or Error(UnsupportedModel) naming the key.
    static CogVideoXTransformerConfig fromFile(const std::string& configJsonPath);
    static CogVideoXTransformerConfig fromJsonText(const std::string& text, const std::string& origin);
    static CogVideoXTransformerConfig fromJson(const nlohmann::json& json, const std::string& origin);
};

} // namespace framesmith
