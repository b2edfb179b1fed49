#include "models/ModelRegistry.h"

#include "framesmith/Error.h"
#include "models/cogvideox/CogVideoXPipeline.h"

#include <nlohmann/json.hpp>

#include <fstream>

namespace framesmith {

namespace {

template <class P>
std::unique_ptr<VideoPipeline> make(const std::string& modelDir, const PipelineResources& resources)
{
    return std::make_unique<P>(modelDir, resources);
}

} // namespace

const std::vector<ModelFamily>& ModelRegistry::families()
{
    // Explicit list: a self-registering object in a static library would be dropped by the linker.
    static const std::vector<ModelFamily> list = {
        {"cogvideox", {"CogVideoXPipeline", "CogVideoXImageToVideoPipeline"}, make<CogVideoXPipeline>},
    };
    return list;
}

const ModelFamily* ModelRegistry::findByPipelineClass(const std::string& pipelineClass)
{
    for (const auto& family : families())
        for (const auto& cls : family.pipelineClasses)
            if (cls == pipelineClass)
                return &family;
    return nullptr;
}

std::string ModelRegistry::pipelineClassOf(const std::string& modelDir)
{
    const std::string path = modelDir + "/model_index.json";
    std::ifstream in(path);
    if (!in)
        throw FileError(ErrorCode::MissingFile, path, "not found: is this a diffusers model folder?");
    auto index = nlohmann::json::parse(in, nullptr, false);
    if (index.is_discarded() || !index.is_object() || !index.contains("_class_name") ||
        !index["_class_name"].is_string())
        throw FileError(ErrorCode::BadFile, path, "is not a model index with a \"_class_name\"");
    return index["_class_name"].get<std::string>();
}

std::unique_ptr<VideoPipeline> ModelRegistry::createPipeline(const std::string& modelDir,
                                                             const PipelineResources& resources)
{
    const std::string cls = pipelineClassOf(modelDir);
    const ModelFamily* family = findByPipelineClass(cls);
    if (!family) {
        std::string known;
        for (const auto& f : families())
            for (const auto& c : f.pipelineClasses)
                known += (known.empty() ? "" : ", ") + c;
        throw FileError(ErrorCode::UnsupportedModel, modelDir + "/model_index.json",
                        "pipeline class '" + cls + "' is not supported (supported: " + known + ")");
    }
    return family->create(modelDir, resources);
}

} // namespace framesmith
