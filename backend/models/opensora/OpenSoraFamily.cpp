#include "models/opensora/OpenSoraFamily.h"

#include "framesmith/Error.h"
#include "io/DiskUsage.h"
#include "models/opensora/OpenSoraDemoModel.h"
#include "models/opensora/eval/OpenSoraEvalKinds.h"
#include "models/opensora/OpenSoraLoraKeyMapping.h"
#include "models/opensora/OpenSoraModelLayout.h"
#include "models/opensora/pipeline/OpenSoraPipeline.h"
#include "models/opensora/planning/OpenSoraPlanning.h"
#include "models/opensora/sampling/OpenSoraSchedulers.h"
#include "models/opensora/OpenSoraSpec.h"
#include "models/opensora/planning/OpenSoraStepCacheFigures.h"
#include "models/opensora/transformer/STDiT3Config.h"
#include "models/opensora/vae/OpenSoraVaeConfig.h"

#include <filesystem>

namespace fs = std::filesystem;

namespace framesmith {

namespace {

const char* const kWeightsUrl = "https://huggingface.co/hpcai-tech/OpenSora-STDiT-v3";

bool isFile(const fs::path& p)
{
    std::error_code ec;
    return fs::is_regular_file(p, ec);
}

// "STDiT3-XL/2" for the published size, else the config's width and depth.
std::string sizeName(const STDiT3Config& c)
{
    if (c.hiddenSize == 1152 && c.depth == 28 && c.patchSize[1] == 2)
        return "STDiT3-XL/2";
    return "STDiT3 " + std::to_string(c.hiddenSize) + "x" + std::to_string(c.depth);
}

std::string variantOf(const STDiT3Config& c)
{
    if (c.hiddenSize == 1152 && c.depth == 28 && c.patchSize[1] == 2)
        return "opensora-1.2-stdit3-xl2-t2v";
    return "opensora-1.2-stdit3-h" + std::to_string(c.hiddenSize) + "-d" + std::to_string(c.depth) + "-t2v";
}

// Weights a complete model has: a single file or a shard index per repo, and the T5 vocabulary.
void addMissing(const OpenSoraModelLayout& layout, const std::string& folder, std::vector<std::string>& missing)
{
    auto relative = [&](const fs::path& p) { return fs::path(p).lexically_relative(folder).string(); };
    for (const std::string& repo : {layout.transformer, layout.vae, layout.textEncoder})
        if (!isFile(fs::path(repo) / "model.safetensors") && !isFile(fs::path(repo) / "model.safetensors.index.json"))
            missing.push_back(relative(fs::path(repo) / "model.safetensors"));
    if (!isFile(fs::path(layout.textEncoder) / "spiece.model"))
        missing.push_back(relative(fs::path(layout.textEncoder) / "spiece.model"));
}

// Pickle checkpoints beside the safetensors: nothing here reads them.
void addUnexpected(const OpenSoraModelLayout& layout, const std::string& folder, std::vector<std::string>& unexpected)
{
    for (const std::string& repo : {layout.transformer, layout.vae, layout.textEncoder}) {
        std::error_code ec;
        for (fs::directory_iterator it(repo, ec), end; !ec && it != end; it.increment(ec)) {
            const std::string ext = it->path().extension().string();
            if (ext == ".bin" || ext == ".pt" || ext == ".pth" || ext == ".ckpt")
                unexpected.push_back(it->path().lexically_relative(folder).string());
        }
    }
}

} // namespace

// The registry line FAMILY(opensora) links this.
std::unique_ptr<ModelFamily> opensoraFamily()
{
    return std::make_unique<OpenSoraFamily>();
}

ModelFamilyInfo OpenSoraFamily::info() const
{
    ModelFamilyInfo info;
    info.name = "opensora";
    info.displayName = "Open-Sora 1.2";
    info.folderHint = "a folder holding hpcai-tech/OpenSora-STDiT-v3, hpcai-tech/OpenSora-VAE-v1.2, DeepFloyd/t5-v1_1-xxl "
                      "and the 2-D VAE (as `huggingface-cli download --local-dir` or the Hub cache lays them out), or "
                      "the STDiT3 repo in it";
    info.weightsUrl = kWeightsUrl;
    info.conditioningSyntax =
        "images or videos (--reference, repeatable, after --image as reference 0) placed by the mask strategy "
        "\"loop,ref,ref_start,target_start,length,edit_ratio[;...]\" in latent frames, as Open-Sora 1.2's "
        "inference takes it (e.g. \"0,0,0,0,1,0\"; align=N as its --align); --image alone is reference 0 at frame 0";
    info.stepCacheFigures = OpenSoraStepCacheFigures::all();
    return info;
}

FolderRecognition OpenSoraFamily::recognise(const std::string& folder) const
{
    std::error_code ec;
    if (!fs::is_directory(folder, ec))
        return FolderRecognition::foreign();
    if (!OpenSoraModelLayout::rootFor(folder) && !OpenSoraModelLayout::isTransformerRepo(folder))
        return FolderRecognition::foreign();
    try {
        OpenSoraModelLayout::locate(folder);
        return FolderRecognition::claimed();
    } catch (const FileError& e) {
        return FolderRecognition::refused(e); // STDiT3 is there, a repo beside it is not
    }
}

ModelInspection OpenSoraFamily::inspect(const std::string& folder) const
{
    const OpenSoraModelLayout layout = OpenSoraModelLayout::locate(folder);
    const STDiT3Config transformer = STDiT3Config::fromFile(layout.transformer + "/config.json");
    const OpenSoraVaeConfig vae = OpenSoraVaeConfig::fromFiles(layout.vae + "/config.json", layout.spatialVae + "/config.json");
    ModelInspection out;
    ModelInfo& info = out.info;
    info.path = folder;
    info.family = "opensora";
    info.variant = variantOf(transformer);
    info.isDemo = OpenSoraDemoModel::isDemo(layout.root);
    info.displayName = info.isDemo ? "Framesmith demo (Open-Sora 1.2 layout, random weights)"
                                   : "Open-Sora 1.2 (" + sizeName(transformer) + ")";
    info.weightsUrl = kWeightsUrl;
    info.spec = OpenSoraSpec::forModel(transformer, vae);
    out.components = {{"text_encoder", "T5EncoderModel", layout.textEncoder},
                      {"tokenizer", "T5Tokenizer", layout.textEncoder},
                      {"transformer", "STDiT3", layout.transformer},
                      {"vae", "VideoAutoencoderPipeline", layout.vae}};
    for (const ModelComponent& c : out.components)
        info.components.push_back(c.name);
    for (const std::string& repo : {layout.transformer, layout.vae, layout.spatialVae, layout.textEncoder})
        info.sizeOnDiskBytes += static_cast<std::int64_t>(DiskUsage::bytes(repo));
    out.layout = "Open-Sora 1.2 repos under " + layout.root;
    addMissing(layout, folder, out.missingFiles);
    addUnexpected(layout, folder, out.unexpectedFiles);
    return out;
}

std::unique_ptr<ModelPlanning> OpenSoraFamily::planning(const std::string& folder) const
{
    return std::make_unique<OpenSoraPlanning>(OpenSoraPlanning::fromFolder(folder));
}

std::unique_ptr<VideoPipeline> OpenSoraFamily::createPipeline(const std::string& folder,
                                                              const PipelineResources& resources) const
{
    return std::make_unique<OpenSoraPipeline>(folder, resources);
}

const SchedulerRegistry& OpenSoraFamily::schedulers() const
{
    return OpenSoraSchedulers::registry();
}

std::unique_ptr<Scheduler> OpenSoraFamily::createScheduler(const std::string& folder, const std::string& requested) const
{
    return OpenSoraSchedulers::create(folder, requested);
}

std::vector<EvalKind> OpenSoraFamily::evalKinds() const
{
    std::vector<EvalKind> kinds;
    for (const OpenSoraEvalKind& kind : OpenSoraEvalKinds::all()) {
        const OpenSoraEvalKind::Run run = kind.run;
        kinds.push_back({kind.name, kind.summary, [run](const EvalCase& c) {
                             if (!c.loras.empty()) // generate --lora applies them; these fixture cases take none
                                 throw InvalidRequestError("--lora", "Open-Sora's eval kinds take no LoRA");
                             return run(OpenSoraEvalKinds::modelRoot(c.modelDir, c.meta, c.casePath), c.input, c.meta);
                         }});
    }
    return kinds;
}

void OpenSoraFamily::writeDemoModel(const std::string& dir, const DemoModelOptions& options) const
{
    OpenSoraDemoModel::write(dir, options.tokenizerDir, options.seed);
}

const LoraKeyMapping* OpenSoraFamily::loraKeyMapping() const
{
    static const OpenSoraLoraKeyMapping mapping;
    return &mapping;
}

} // namespace framesmith
