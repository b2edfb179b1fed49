#include "models/cogvideox/CogVideoXFamily.h"

#include "io/DiffusersModelFolder.h"
#include "io/JsonGuard.h"
#include "models/cogvideox/CogVideoXDemoModel.h"
#include "models/cogvideox/transformer/CogVideoXLoraKeyMapping.h"
#include "models/cogvideox/pipeline/CogVideoXPipeline.h"
#include "models/cogvideox/planning/CogVideoXComponentModules.h"
#include "models/cogvideox/planning/CogVideoXPlanning.h"
#include "models/cogvideox/sampling/CogVideoXSchedulers.h"
#include "models/cogvideox/CogVideoXSpec.h"
#include "models/cogvideox/planning/CogVideoXStepCacheFigures.h"
#include "models/cogvideox/CogVideoXVariant.h"
#include "models/cogvideox/eval/CogVideoXEvalKinds.h"

#include <algorithm>
#include <filesystem>

namespace fs = std::filesystem;

namespace framesmith {

namespace {

const char* const kWeightsUrl = "https://huggingface.co/THUDM/CogVideoX-2b";

bool isPresent(const fs::path& p)
{
    std::error_code ec;
    return fs::exists(p, ec);
}

} // namespace

// The registry line FAMILY(cogvideox) links this.
std::unique_ptr<ModelFamily> cogvideoxFamily()
{
    return std::make_unique<CogVideoXFamily>();
}

ModelFamilyInfo CogVideoXFamily::info() const
{
    ModelFamilyInfo info;
    info.name = "cogvideox";
    info.displayName = "CogVideoX";
    info.folderHint = "a diffusers folder whose model_index.json names CogVideoXPipeline or CogVideoXImageToVideoPipeline";
    info.weightsUrl = kWeightsUrl;
    info.stepCacheFigures = CogVideoXStepCacheFigures::all();
    return info;
}

FolderRecognition CogVideoXFamily::recognise(const std::string& folder) const
{
    const fs::path index = fs::path(folder) / "model_index.json";
    if (!isPresent(index)) {
        // The components without their index: the user picked a copy that lost it.
        if (isPresent(fs::path(folder) / "transformer" / "config.json") && isPresent(fs::path(folder) / "vae"))
            return FolderRecognition::refused(FileError(
                ErrorCode::MissingFile, index.string(),
                "no such file: not a diffusers pipeline folder (point at the folder holding model_index.json)"));
        return FolderRecognition::foreign();
    }
    try {
        const nlohmann::json json = JsonGuard::readFile(index.string());
        auto cls = json.is_object() ? json.find("_class_name") : json.end();
        const std::string pipelineClass = json.is_object() && cls != json.end() && cls->is_string() ? cls->get<std::string>() : "";
        if (pipelineClass.rfind("CogVideoX", 0) == 0)
            return FolderRecognition::claimed();
        // Another pipeline class is another family's folder (or none's): a hint, not a refusal.
        return FolderRecognition::hinted(FileError(ErrorCode::UnsupportedModel, index.string(),
                                                    "pipeline class '" + pipelineClass +
                                                        "' is not a CogVideoX pipeline (supported: CogVideoXPipeline, "
                                                        "CogVideoXImageToVideoPipeline)"));
    } catch (const FileError& e) {
        return FolderRecognition::refused(e);
    }
}

ModelInspection CogVideoXFamily::inspect(const std::string& folder) const
{
    const DiffusersModelFolder diffusers(folder);
    const std::string indexPath = (fs::path(folder) / "model_index.json").string();
    if (diffusers.componentClass("transformer").empty())
        throw FileError(ErrorCode::UnsupportedModel, indexPath, "names no transformer component: not a CogVideoX pipeline");
    const std::string transformerPath = (fs::path(folder) / "transformer" / "config.json").string();
    ModelInspection out;
    ModelInfo& info = out.info;
    info.path = folder;
    info.family = "cogvideox";
    info.variant = CogVideoXVariant::classify(diffusers.pipelineClass(), diffusers.componentConfig("transformer"),
                                              transformerPath);
    info.isDemo = diffusers.isDemo();
    info.isImageToVideo = CogVideoXVariant::isImageToVideo(info.variant);
    info.displayName = CogVideoXVariant::displayName(info.variant);
    if (info.isDemo)
        info.displayName = "Framesmith demo (" + info.displayName + " layout, random weights)";
    info.weightsUrl = kWeightsUrl;
    info.components = diffusers.components();
    info.sizeOnDiskBytes = static_cast<std::int64_t>(diffusers.sizeOnDiskBytes());
    info.spec = CogVideoXSpec::forModel(CogVideoXTransformerConfig::fromFile(transformerPath),
                                        CogVideoXVaeConfig::fromFile(folder + "/vae/config.json"), info.isImageToVideo);
    out.layout = "diffusers pipeline " + diffusers.pipelineClass();
    for (const std::string& component : info.components)
        out.components.push_back({component, diffusers.componentClass(component), (fs::path(folder) / component).string()});
    out.missingFiles = diffusers.missingFiles();
    out.unexpectedFiles = diffusers.unexpectedFiles();
    return out;
}

std::unique_ptr<ModelPlanning> CogVideoXFamily::planning(const std::string& folder) const
{
    return std::make_unique<CogVideoXPlanning>(CogVideoXPlanning::fromFolder(folder));
}

std::unique_ptr<VideoPipeline> CogVideoXFamily::createPipeline(const std::string& folder,
                                                               const PipelineResources& resources) const
{
    return std::make_unique<CogVideoXPipeline>(folder, resources);
}

const SchedulerRegistry& CogVideoXFamily::schedulers() const
{
    return CogVideoXSchedulers::registry();
}

std::unique_ptr<Scheduler> CogVideoXFamily::createScheduler(const std::string& folder, const std::string& requested) const
{
    return CogVideoXSchedulers::createForModel(folder, requested);
}

std::vector<EvalKind> CogVideoXFamily::evalKinds() const
{
    return cogVideoXEvalKinds();
}

void CogVideoXFamily::writeDemoModel(const std::string& dir, const DemoModelOptions& options) const
{
    CogVideoXDemoModel::write(dir, options.tokenizerDir, options.seed);
}

const LoraKeyMapping* CogVideoXFamily::loraKeyMapping() const
{
    static const CogVideoXLoraKeyMapping mapping;
    return &mapping;
}

ComponentModule CogVideoXFamily::componentModule(const std::string& component, const std::string& configJsonPath) const
{
    const auto& weighted = CogVideoXComponentModules::weightedComponents();
    if (std::find(weighted.begin(), weighted.end(), component) == weighted.end())
        return {};
    return {CogVideoXComponentModules::fromConfig(component, configJsonPath), CogVideoXComponentModules::weightsStem(component)};
}

} // namespace framesmith
