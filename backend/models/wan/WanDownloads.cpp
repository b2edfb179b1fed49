// The Wan repos on the Hugging Face Hub (ModelDownloads::catalog(), through the registry line
// FAMILY(wan)): the Wan-AI -Diffusers layouts WanFamily recognises. Only what the folder needs:
// configs, safetensors, the tokenizer, the image processor; not the sample videos and pictures.
#include "framesmith/ModelDownloads.h"

namespace framesmith {

namespace {

DownloadableModel wan(const std::string& repo, bool isImageToVideo, double billions, const std::string& description)
{
    DownloadableModel model;
    model.family = "wan";
    model.name = repo.substr(repo.find('/') + 1);
    model.description = description;
    model.isImageToVideo = isImageToVideo;
    model.parameterBillions = billions;
    model.repos = {HubRepoRequest{repo, "main", {"*.json", "*.safetensors", "tokenizer/*", "image_processor/*"}}};
    return model;
}

} // namespace

std::vector<DownloadableModel> wanDownloads()
{
    return {
        wan("Wan-AI/Wan2.1-T2V-1.3B-Diffusers", false, 1.3, "Wan 2.1 T2V 1.3B, text to video, 832x480, 81 frames"),
        wan("Wan-AI/Wan2.1-T2V-14B-Diffusers", false, 14, "Wan 2.1 T2V 14B, text to video, 1280x720, 81 frames"),
        wan("Wan-AI/Wan2.1-I2V-14B-480P-Diffusers", true, 14, "Wan 2.1 I2V 14B, image to video, 832x480, 81 frames"),
        wan("Wan-AI/Wan2.2-TI2V-5B-Diffusers", true, 5, "Wan 2.2 TI2V 5B, text or image to video, 1280x704, 121 frames"),
        wan("Wan-AI/Wan2.2-T2V-A14B-Diffusers", false, 14, "Wan 2.2 T2V A14B (two 14B experts), text to video, 1280x720"),
        wan("Wan-AI/Wan2.2-I2V-A14B-Diffusers", true, 14, "Wan 2.2 I2V A14B (two 14B experts), image to video, 832x480"),
    };
}

} // namespace framesmith
