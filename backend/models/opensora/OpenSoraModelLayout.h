#pragma once
// Where one Open-Sora 1.2 model's parts are on disk. Users download three Hugging Face repos (the
// STDiT3 repo, the VAE repo, T5-XXL) plus the 2-D VAE the VAE config names, either with
// `--local-dir ROOT/<owner>/<name>` or into the Hub cache (ROOT/models--<owner>--<name>/snapshots/
// <rev>). The model is opened by the folder holding them (ROOT) or by the STDiT3 repo folder itself
// (what model discovery finds in a Hub cache); both give the same layout. Torch-free; any thread.
#include <optional>
#include <string>

namespace framesmith {

struct OpenSoraModelLayout {
    std::string root;          // the folder the repos are looked up in
    std::string transformer;   // hpcai-tech/OpenSora-STDiT-v3
    std::string vae;           // hpcai-tech/OpenSora-VAE-v1.2
    std::string spatialVae;    // the VAE config's vae_2d repo/subfolder (SDXL VAE)
    std::string textEncoder;   // DeepFloyd/t5-v1_1-xxl (config, spiece.model, weights)

    // True when `folder` is an STDiT3 repo: a config.json whose model_type or architectures name
    // STDiT3 (cheap: one small file).
    static bool isTransformerRepo(const std::string& folder);
    // The root the repos are looked up in for `folder`: the folder itself when it holds the STDiT3
    // repo; for an STDiT3 repo folder, two levels up (--local-dir) or the Hub cache above its
    // snapshot. nullopt when neither applies.
    static std::optional<std::string> rootFor(const std::string& folder);
    // All four parts for `folder`; throws FileError(MissingFile) naming the first repo not found
    // (and where it was looked for), or the folder when it is no Open-Sora model at all.
    static OpenSoraModelLayout locate(const std::string& folder);
};

} // namespace framesmith
