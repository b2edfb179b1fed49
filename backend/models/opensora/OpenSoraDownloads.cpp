// Open-Sora 1.2 on the Hugging Face Hub (ModelDownloads::catalog(), through the registry line
// FAMILY(opensora)): one model made of four repos, fetched side by side into the Hub cache, where
// OpenSoraModelLayout finds them from the STDiT3 repo (listed first: model discovery lists it).
#include "framesmith/ModelDownloads.h"
#include "models/opensora/OpenSoraRepoFolders.h"
#include "models/opensora/vae/OpenSoraVaeConfig.h"

namespace framesmith {

std::vector<DownloadableModel> opensoraDownloads()
{
    DownloadableModel model;
    model.family = "opensora";
    model.name = "Open-Sora 1.2";
    model.description = "Open-Sora 1.2 (STDiT3-XL/2 1.1B, its VAE, T5-XXL), text to video, up to 720p, 2-16 s";
    model.parameterBillions = 1.1;
    const std::vector<std::string> weights = {"*.json", "*.safetensors"};
    const OpenSoraVaeConfig vae; // the published VAE config names this 2-D VAE
    model.repos = {
        HubRepoRequest{OpenSoraRepoFolders::kStdit, "main", weights},
        HubRepoRequest{OpenSoraRepoFolders::kVae, "main", weights},
        // Only the SDXL VAE the Open-Sora VAE config names (vae_2d), not the repo's own T5.
        HubRepoRequest{vae.spatialRepo, "main", {vae.spatialSubfolder + "/*.json", vae.spatialSubfolder + "/*.safetensors"}},
        HubRepoRequest{OpenSoraRepoFolders::kT5, "main", {"*.json", "*.safetensors", "spiece.model"}},
    };
    return {model};
}

} // namespace framesmith
