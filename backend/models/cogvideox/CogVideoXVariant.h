#pragma once
// Which CogVideoX checkpoint a diffusers folder holds, decided from its configs alone (pipeline
// class and transformer config), never from folder names: users rename folders, and the Hugging
// Face cache hides them behind hashes. Torch-free.
#include <nlohmann/json.hpp>

#include <string>
#include <vector>

namespace framesmith {

class CogVideoXVariant {
public:
    // "cogvideox-2b", "cogvideox-5b", "cogvideox-5b-i2v", "cogvideox1.5-5b" or "cogvideox1.5-5b-i2v".
    // Throws FileError(UnsupportedModel, configPath, ...) naming the field that does not fit.
    static std::string classify(const std::string& pipelineClass, const nlohmann::json& transformerConfig,
                                const std::string& configPath);
    static const std::vector<std::string>& all();
    static std::string displayName(const std::string& variant); // "CogVideoX-5B-I2V"
    static bool isImageToVideo(const std::string& variant);
};

} // namespace framesmith
