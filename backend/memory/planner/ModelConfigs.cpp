#include "memory/planner/ModelConfigs.h"

#include "framesmith/Error.h"

#include <nlohmann/json.hpp>

#include <filesystem>
#include <fstream>

namespace framesmith {
namespace {

using nlohmann::json;

json readJson(const std::filesystem::path& path)
{
    std::ifstream in(path);
    if (!in)
        throw FileError(ErrorCode::MissingFile, path.string(), "is missing (is this a diffusers CogVideoX folder?)");
    json j = json::parse(in, nullptr, false);
    if (j.is_discarded() || !j.is_object())
        throw FileError(ErrorCode::BadFile, path.string(), "is not a JSON object");
    return j;
}

// Reads `key`; a null or absent value keeps the default (diffusers writes null for "none").
template <class T>
void field(const json& j, const std::filesystem::path& file, const char* key, T& out, bool required = false)
{
    if (!j.contains(key) || j.at(key).is_null()) {
        if (required)
            throw FileError(ErrorCode::BadFile, file.string(), std::string("has no '") + key + "'");
        return;
    }
    try {
        out = j.at(key).get<T>();
    } catch (const json::exception&) {
        throw FileError(ErrorCode::BadFile, file.string(), std::string("'") + key + "' has the wrong type");
    }
}

TransformerConfig readTransformer(const std::filesystem::path& file)
{
    json j = readJson(file);
    TransformerConfig c;
    field(j, file, "num_layers", c.numLayers, true);
    field(j, file, "num_attention_heads", c.numAttentionHeads, true);
    field(j, file, "attention_head_dim", c.attentionHeadDim, true);
    field(j, file, "in_channels", c.inChannels, true);
    field(j, file, "out_channels", c.outChannels, true);
    field(j, file, "time_embed_dim", c.timeEmbedDim, true);
    field(j, file, "text_embed_dim", c.textEmbedDim, true);
    field(j, file, "max_text_seq_length", c.maxTextSeqLength);
    field(j, file, "patch_size", c.patchSize);
    field(j, file, "patch_size_t", c.patchSizeT);
    field(j, file, "ofs_embed_dim", c.ofsEmbedDim);
    field(j, file, "sample_frames", c.sampleFrames);
    field(j, file, "sample_height", c.sampleHeight);
    field(j, file, "sample_width", c.sampleWidth);
    field(j, file, "temporal_compression_ratio", c.temporalCompressionRatio);
    field(j, file, "patch_bias", c.patchBias);
    field(j, file, "attention_bias", c.attentionBias);
    field(j, file, "norm_elementwise_affine", c.normElementwiseAffine);
    field(j, file, "use_rotary_positional_embeddings", c.useRotaryPositionalEmbeddings);
    field(j, file, "use_learned_positional_embeddings", c.useLearnedPositionalEmbeddings);
    if (c.numLayers <= 0 || c.hiddenSize() <= 0 || c.patchSize <= 0)
        throw FileError(ErrorCode::BadFile, file.string(), "num_layers, heads, head dim and patch_size must be positive");
    return c;
}

VaeConfig readVae(const std::filesystem::path& file)
{
    json j = readJson(file);
    VaeConfig c;
    field(j, file, "in_channels", c.inChannels);
    field(j, file, "out_channels", c.outChannels);
    field(j, file, "latent_channels", c.latentChannels);
    field(j, file, "layers_per_block", c.layersPerBlock);
    field(j, file, "block_out_channels", c.blockOutChannels, true);
    field(j, file, "temporal_compression_ratio", c.temporalCompressionRatio);
    field(j, file, "use_quant_conv", c.useQuantConv);
    field(j, file, "use_post_quant_conv", c.usePostQuantConv);
    if (c.blockOutChannels.empty())
        throw FileError(ErrorCode::BadFile, file.string(), "block_out_channels is empty");
    return c;
}

TextEncoderConfig readTextEncoder(const std::filesystem::path& file, const std::filesystem::path& tokenizer)
{
    json j = readJson(file);
    TextEncoderConfig c;
    field(j, file, "vocab_size", c.vocabSize, true);
    field(j, file, "d_model", c.dModel, true);
    field(j, file, "d_kv", c.dKv, true);
    field(j, file, "d_ff", c.dFf, true);
    field(j, file, "num_layers", c.numLayers, true);
    field(j, file, "num_heads", c.numHeads, true);
    field(j, file, "relative_attention_num_buckets", c.relativeAttentionNumBuckets);
    std::string projection = "gated-gelu";
    field(j, file, "feed_forward_proj", projection);
    c.isGatedAct = projection.rfind("gated-", 0) == 0;
    // transformers writes a huge float for "no limit"; only a real limit pads the prompt.
    double maxLength = 0;
    if (std::filesystem::exists(tokenizer))
        field(readJson(tokenizer), tokenizer, "model_max_length", maxLength);
    if (maxLength >= 1 && maxLength <= 65536)
        c.maxSequenceLength = static_cast<int>(maxLength);
    return c;
}

} // namespace

bool ModelConfigs::isImageToVideo() const { return transformer.inChannels == 2 * vae.latentChannels; }

ModelConfigs loadModelConfigs(const std::string& folder)
{
    namespace fs = std::filesystem;
    const fs::path root(folder);
    if (!fs::is_directory(root))
        throw FileError(ErrorCode::MissingFile, folder, "is not a folder");
    ModelConfigs configs;
    configs.folder = folder;
    configs.transformer = readTransformer(root / "transformer" / "config.json");
    configs.vae = readVae(root / "vae" / "config.json");
    configs.textEncoder = readTextEncoder(root / "text_encoder" / "config.json",
                                          root / "tokenizer" / "tokenizer_config.json");
    return configs;
}

} // namespace framesmith
