// The CogVideoX repos on the Hugging Face Hub (ModelDownloads::catalog(), through the registry line
// FAMILY(cogvideox)). Only what the diffusers folder needs: configs, safetensors, the tokenizer;
// not the .bin copies, sample videos or pictures some repos also hold.
#include "framesmith/ModelDownloads.h"

namespace framesmith {

namespace {

DownloadableModel cogvideox(const std::string& repo, bool isImageToVideo, double billions, const std::string& description)
{
    DownloadableModel model;
    model.family = "cogvideox";
    model.name = repo.substr(repo.find('/') + 1);
    model.description = description;
    model.isImageToVideo = isImageToVideo;
    model.parameterBillions = billions;
    model.repos = {HubRepoRequest{repo, "main", {"*.json", "*.safetensors", "tokenizer/*"}}};
    return model;
}

} // namespace

std::vector<DownloadableModel> cogvideoxDownloads()
{
    return {
        cogvideox("THUDM/CogVideoX-2b", false, 2, "CogVideoX 2B, text to video, 720x480, 49 frames"),
        cogvideox("THUDM/CogVideoX-5b", false, 5, "CogVideoX 5B, text to video, 720x480, 49 frames"),
        cogvideox("THUDM/CogVideoX-5b-I2V", true, 5, "CogVideoX 5B, image to video, 720x480, 49 frames"),
        cogvideox("THUDM/CogVideoX1.5-5B", false, 5, "CogVideoX1.5 5B, text to video, 1360x768, up to 81 frames"),
        cogvideox("THUDM/CogVideoX1.5-5B-I2V", true, 5, "CogVideoX1.5 5B, image to video, up to 81 frames"),
    };
}

} // namespace framesmith
