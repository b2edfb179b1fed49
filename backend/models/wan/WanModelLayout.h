#pragma once
// A Wan-AI/*-Diffusers folder as users download it (or its Hugging Face cache snapshot, the same
// layout behind symlinks), read from its small files only: model_index.json, the transformer
// config(s), the VAE config. Decides the variant (WanVariant) and refuses, naming the file and
// the field, a folder that carries Wan's marker but cannot be a Wan model this build runs.
// Torch-free; any thread.
#include "models/wan/WanVariant.h"
#include "models/wan/transformer/WanTransformerConfig.h"
#include "models/wan/vae/WanVaeConfig.h"

#include <nlohmann/json.hpp>

#include <optional>
#include <string>

namespace framesmith {

class WanModelLayout {
public:
    // Wan's marker: model_index.json names a pipeline class starting with "Wan", or (the index
    // lost or unreadable) transformer/config.json names WanTransformer3DModel.
    static bool hasMarker(const std::string& folder);
    // Throws FileError naming model_index.json, transformer/config.json, transformer_2/config.json
    // or vae/config.json and what is wrong with it.
    static WanModelLayout read(const std::string& folder);

    std::string root;
    std::string pipelineClass;             // WanPipeline or WanImageToVideoPipeline
    WanTransformerConfig transformer;
    std::optional<WanTransformerConfig> transformer2; // A14B's low-noise expert
    WanVaeConfig vae;
    std::optional<double> boundaryRatio;   // model_index.json; A14B only
    bool expandTimesteps = false;          // model_index.json; TI2V-5B
    bool hasImageEncoder = false;          // model_index.json names image_encoder (Wan 2.1 I2V)
    bool isDemo = false;                   // model_index.json "_framesmith_demo"
    WanVariant variant;

    std::string indexPath() const;
    std::int64_t vaeSpatialCompression() const; // 8 (Wan 2.1 VAE) or 16 (Wan 2.2 VAE)
};

} // namespace framesmith
