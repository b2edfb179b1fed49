#pragma once
// Where Open-Sora 1.2's three Hugging Face repos (and the 2-D VAE repo the VAE config names) are
// under a models root: ROOT/<owner>/<name> as `huggingface-cli download --local-dir` lays them out,
// or a Hub cache entry ROOT/models--<owner>--<name>/snapshots/<revision> (refs/main first).
// Torch-free; any thread.
#include <optional>
#include <string>

namespace framesmith {

class OpenSoraRepoFolders {
public:
    static constexpr const char* kStdit = "hpcai-tech/OpenSora-STDiT-v3";
    static constexpr const char* kVae = "hpcai-tech/OpenSora-VAE-v1.2";
    static constexpr const char* kT5 = "DeepFloyd/t5-v1_1-xxl";

    // The folder of repoId under root (holding config.json), or nullopt.
    static std::optional<std::string> find(const std::string& root, const std::string& repoId);
    // The same; throws FileError(MissingFile) naming both layouts it looked for.
    static std::string require(const std::string& root, const std::string& repoId);
    // The 2-D VAE folder for a VAE repo folder: the config's vae_2d.from_pretrained/subfolder,
    // looked up under root (or, when root is empty, beside the VAE repo: two levels up).
    static std::string spatialVaeFolder(const std::string& root, const std::string& vaeRepoFolder);
};

} // namespace framesmith
