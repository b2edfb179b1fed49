#pragma once
// Model family -> pipeline factory, chosen by model_index.json's "_class_name". Each family is one
// line in ModelRegistry.cpp; the runner and the Engine never name a family.
#include "models/VideoPipeline.h"

#include <functional>
#include <memory>
#include <string>
#include <vector>

namespace framesmith {

struct ModelFamily {
    std::string name;                       // "cogvideox"
    std::vector<std::string> pipelineClasses; // model_index "_class_name" values it runs
    std::function<std::unique_ptr<VideoPipeline>(const std::string& modelDir, const PipelineResources&)> create;
};

class ModelRegistry {
public:
    static const std::vector<ModelFamily>& families();
    static const ModelFamily* findByPipelineClass(const std::string& pipelineClass);
    // Reads <modelDir>/model_index.json; throws FileError (missing/unsupported) naming the class.
    static std::string pipelineClassOf(const std::string& modelDir);
    static std::unique_ptr<VideoPipeline> createPipeline(const std::string& modelDir, const PipelineResources& resources);
};

} // namespace framesmith
