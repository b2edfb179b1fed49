#include "models/wan/WanFamily.h"

#include "framesmith/Error.h"
#include "io/DiffusersModelFolder.h"
#include "models/wan/WanComponents.h"
#include "models/wan/WanComponentModules.h"
#include "models/wan/WanDemoConfigs.h"
#include "models/wan/WanDemoModel.h"
#include "models/wan/WanModelLayout.h"
#include "models/wan/WanSpec.h"
#include "models/wan/eval/WanEvalKinds.h"
#include "models/wan/pipeline/WanPipelineFactory.h"
#include "models/wan/planning/WanPlanningFactory.h"
#include "models/wan/sampling/WanSchedulers.h"
#include "models/wan/transformer/WanLoraKeyMapping.h"

#include <algorithm>
#include <filesystem>

namespace fs = std::filesystem;

namespace framesmith {

namespace {

const char* const kWeightsUrl = "https://huggingface.co/Wan-AI/Wan2.1-T2V-1.3B-Diffusers";

bool isFile(const fs::path& p)
{
    std::error_code ec;
    return fs::is_regular_file(p, ec);
}

void erase(std::vector<std::string>& list, const std::string& entry)
{
    list.erase(std::remove(list.begin(), list.end(), entry), list.end());
}

// DiffusersModelFolder takes every component for a model with a config.json and weights; Wan 2.1
// I2V's image_processor (CLIPImageProcessor) is one preprocessor_config.json.
void fixImageProcessorFiles(const WanModelLayout& layout, ModelInspection& out)
{
    for (const char* file : {"image_processor/config.json", "image_processor/model.safetensors",
                             "image_processor/diffusion_pytorch_model.safetensors"})
        erase(out.missingFiles, file);
    erase(out.unexpectedFiles, "image_processor/preprocessor_config.json");
    if (layout.hasImageEncoder && !isFile(fs::path(layout.root) / "image_processor" / "preprocessor_config.json"))
        out.missingFiles.push_back("image_processor/preprocessor_config.json");
}

std::vector<ModelComponent> componentsOf(const WanModelLayout& layout, const DiffusersModelFolder& diffusers)
{
    std::vector<ModelComponent> out;
    for (const std::string& name : diffusers.components())
        out.push_back({name, diffusers.componentClass(name), (fs::path(layout.root) / name).string()});
    return out; // sorted by name (DiffusersModelFolder::components)
}

} // namespace

// The registry line FAMILY(wan) links this.
std::unique_ptr<ModelFamily> wanFamily()
{
    return std::make_unique<WanFamily>();
}

ModelFamilyInfo WanFamily::info() const
{
    ModelFamilyInfo info;
    info.name = "wan";
    info.displayName = "Wan";
    info.folderHint = "a Wan-AI -Diffusers folder (or its Hugging Face cache snapshot) whose model_index.json names "
                      "WanPipeline or WanImageToVideoPipeline: Wan 2.1 T2V 1.3B/14B, I2V 14B, Wan 2.2 TI2V-5B, "
                      "T2V-A14B, I2V-A14B";
    info.weightsUrl = kWeightsUrl;
    return info;
}

FolderRecognition WanFamily::recognise(const std::string& folder) const
{
    std::error_code ec;
    if (!fs::is_directory(folder, ec) || !WanModelLayout::hasMarker(folder))
        return FolderRecognition::foreign();
    try {
        WanModelLayout::read(folder);
        return FolderRecognition::claimed();
    } catch (const FileError& e) {
        return FolderRecognition::refused(e); // Wan's marker is there, the model is not
    } catch (const Error& e) { // a config reader's other refusals: recognise() never throws
        return FolderRecognition::refused(
            FileError(ErrorCode::BadFile, (fs::path(folder) / "model_index.json").string(), e.what()));
    }
}

ModelInspection WanFamily::inspect(const std::string& folder) const
{
    const WanModelLayout layout = WanModelLayout::read(folder);
    const DiffusersModelFolder diffusers(folder);
    ModelInspection out;
    ModelInfo& info = out.info;
    info.path = folder;
    info.family = "wan";
    info.variant = layout.variant.id;
    info.isDemo = layout.isDemo;
    info.isImageToVideo = layout.variant.needsStartImage();
    info.displayName = layout.isDemo ? "Framesmith demo (" + layout.variant.kindName + " layout, random weights)"
                                     : layout.variant.displayName;
    info.weightsUrl = kWeightsUrl;
    info.spec = WanSpec::forModel(layout);
    info.components = diffusers.components();
    info.sizeOnDiskBytes = static_cast<std::int64_t>(diffusers.sizeOnDiskBytes());
    out.layout = "diffusers pipeline " + layout.pipelineClass + " (" + layout.variant.displayName + ")";
    out.components = componentsOf(layout, diffusers);
    out.missingFiles = diffusers.missingFiles();
    out.unexpectedFiles = diffusers.unexpectedFiles();
    fixImageProcessorFiles(layout, out);
    return out;
}

std::unique_ptr<ModelPlanning> WanFamily::planning(const std::string& folder) const
{
    return createWanPlanning(folder);
}

std::unique_ptr<VideoPipeline> WanFamily::createPipeline(const std::string& folder, const PipelineResources& resources) const
{
    return createWanPipeline(folder, resources);
}

const SchedulerRegistry& WanFamily::schedulers() const
{
    return WanSchedulers::registry();
}

std::unique_ptr<Scheduler> WanFamily::createScheduler(const std::string& folder, const std::string& requested) const
{
    return WanSchedulers::create(folder, requested);
}

std::vector<EvalKind> WanFamily::evalKinds() const
{
    return WanEvalKinds::all();
}

const LoraKeyMapping* WanFamily::loraKeyMapping() const
{
    static const WanLoraKeyMapping mapping;
    return &mapping;
}

void WanFamily::writeDemoModel(const std::string& dir, const DemoModelOptions& options) const
{
    WanDemoModel::write(dir, options.tokenizerDir, options.seed, options.variant);
}

std::vector<std::string> WanFamily::demoVariants() const
{
    return WanDemoConfigs::variants();
}

ComponentModule WanFamily::componentModule(const std::string& component, const std::string& configJsonPath) const
{
    return WanComponentModules::fromConfig(component, configJsonPath);
}

} // namespace framesmith
