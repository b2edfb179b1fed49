#pragma once
// Where the three repos of an Open-Sora 1.2 install are: a folder that holds them as Hub ids
// (hpcai-tech/OpenSora-STDiT-v3/, hpcai-tech/OpenSora-VAE-v1.2/, DeepFloyd/t5-v1_1-xxl/ — the
// layout scripts/inference.py resolves from its working directory) or as Hugging Face cache
// entries (models--hpcai-tech--OpenSora-STDiT-v3/snapshots/<revision>/). Torch-free, any thread.
#include <optional>
#include <string>

namespace framesmith {

struct OpenSoraModelFolders {
    static constexpr const char* kTransformerRepo = "hpcai-tech/OpenSora-STDiT-v3";
    static constexpr const char* kVaeRepo = "hpcai-tech/OpenSora-VAE-v1.2";
    static constexpr const char* kTextEncoderRepo = "DeepFloyd/t5-v1_1-xxl";

    std::string root;
    std::string transformer; // STDiT3: config.json + model.safetensors (or shards)
    std::string vae;         // OpenSoraVAE_V1_2 (its config names the 2-D VAE repo: findRepo)
    std::string textEncoder; // T5 encoder + tokenizer

    // Throws FileError(MissingFile) naming the first repo that is absent under `root`.
    static OpenSoraModelFolders locate(const std::string& root);
    // True when all three repos are present (discovery's test; never throws).
    static bool isComplete(const std::string& root);
    // root/<owner>/<name> when it holds a config.json, else the cache entry's snapshot (the one
    // refs/main names, or the only one); nullopt when neither exists.
    static std::optional<std::string> findRepo(const std::string& root, const std::string& repoId);
};

} // namespace framesmith
