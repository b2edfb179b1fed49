#pragma once
// The transformers T5Config (or UMT5Config) fields the encoder needs, parsed once from its config.json (through
// JsonGuard; sizes range-checked where read). Every family conditioning on T5 reads it here.
#include <cstdint>
#include <string>

#include <nlohmann/json_fwd.hpp>

namespace framesmith {

struct T5Config {
    std::int64_t vocabSize = 32128;
    std::int64_t dModel = 4096;
    std::int64_t dKv = 64;
    std::int64_t dFf = 10240;
    std::int64_t numLayers = 24;
    std::int64_t numHeads = 64;
    std::int64_t relativeAttentionNumBuckets = 32;
    std::int64_t relativeAttentionMaxDistance = 128;
    double layerNormEpsilon = 1e-6;
    bool isGatedAct = true;               // "gated-gelu": wi_0/wi_1 (T5 v1.1); "relu": a single wi
    std::string denseActFn = "gelu_new";  // gelu_new (tanh approximation), gelu or relu
    // UMT5 (config.json model_type "umt5", transformers UMT5Config): every block owns its
    // relative_attention_bias and adds its own position bias; T5 computes one in block 0 only.
    bool hasRelativeBiasPerLayer = false;

    std::int64_t innerDim() const { return numHeads * dKv; }

    // Throws FileError naming the file and field for missing/invalid/out-of-range values, or
    // Error(UnsupportedModel) for unknown activations.
    static T5Config fromFile(const std::string& configPath);
    static T5Config fromJson(const nlohmann::json& json, const std::string& source);
};

} // namespace framesmith
