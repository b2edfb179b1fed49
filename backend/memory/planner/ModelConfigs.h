#pragma once
// The shape-defining values of a CogVideoX diffusers folder, read straight from its JSON configs
// (transformer/, vae/, text_encoder/ config.json). Enough to count parameters and estimate
// activations without loading a single weight. Pure values; any thread.
#include <cstdint>
#include <string>
#include <vector>

namespace framesmith {

struct TransformerConfig {
    int numLayers = 0;
    int numAttentionHeads = 0;
    int attentionHeadDim = 0;
    int inChannels = 0;
    int outChannels = 0;
    int timeEmbedDim = 0;
    int textEmbedDim = 0;
    int maxTextSeqLength = 226;
    int patchSize = 2;
    int patchSizeT = 0;          // 0: none (1.0 models, 2-D patches)
    int ofsEmbedDim = 0;         // 0: none
    int sampleFrames = 49;
    int sampleHeight = 60;       // latent units
    int sampleWidth = 90;
    int temporalCompressionRatio = 4;
    bool patchBias = true;
    bool attentionBias = true;
    bool normElementwiseAffine = true;
    bool useRotaryPositionalEmbeddings = false;
    bool useLearnedPositionalEmbeddings = false;

    int hiddenSize() const { return numAttentionHeads * attentionHeadDim; }
};

struct VaeConfig {
    int inChannels = 3;
    int outChannels = 3;
    int latentChannels = 16;
    int layersPerBlock = 3;
    std::vector<int> blockOutChannels;
    int temporalCompressionRatio = 4;
    bool useQuantConv = false;
    bool usePostQuantConv = false;

    int spatialCompression() const { return 1 << (static_cast<int>(blockOutChannels.size()) - 1); }
};

struct TextEncoderConfig {
    int vocabSize = 0;
    int dModel = 0;
    int dKv = 0;
    int dFf = 0;
    int numLayers = 0;
    int numHeads = 0;
    int relativeAttentionNumBuckets = 32;
    bool isGatedAct = true;
    int maxSequenceLength = 226; // tokenizer model_max_length
};

struct ModelConfigs {
    std::string folder;
    TransformerConfig transformer;
    VaeConfig vae;
    TextEncoderConfig textEncoder;

    bool isImageToVideo() const;  // transformer in_channels = 2 x latent channels
};

// Throws FileError (missing/corrupt file) or InvalidRequestError naming the file and key.
ModelConfigs loadModelConfigs(const std::string& folder);

} // namespace framesmith
