#include "engine/EngineSetup.h"

#include "framesmith/Error.h"
#include "memory/monitor/DeviceMemory.h"
#include "memory/monitor/DeviceNames.h"
#include "memory/oom/GenerationMemory.h"
#include "memory/placement/PlacementPlanner.h"
#include "models/lora/LoraPlanning.h"
#include "memory/presets/AllocatorSettings.h"
#include "models/ModelRegistry.h"
#include "engine/checks/EngineLoras.h"
#include "engine/planning/EnginePlanning.h"
#include "engine/checks/ModelFilesCheck.h"
#include "engine/warm/HeldMemory.h"
#include "engine/PipelineResourcesFor.h"
#include "engine/warm/WarmResidency.h"

#include <ATen/Context.h>

#include <filesystem>

namespace framesmith {

namespace {

std::string stampOf(const std::filesystem::directory_entry& entry)
{
    std::error_code ec;
    const auto time = entry.last_write_time(ec).time_since_epoch().count();
    return ";" + entry.path().filename().string() + "@" + std::to_string(time) + "/" +
           std::to_string(entry.is_regular_file(ec) ? entry.file_size(ec) : 0);
}

// The folder, its index and every file of its component folders with its time and size: replaced
// weights are a different model; other files beside them (a checkpoint saved there) are not.
std::string modelKeyOf(const std::string& folder)
{
    namespace fs = std::filesystem;
    std::error_code ec;
    std::string key = fs::weakly_canonical(folder, ec).string();
    for (const fs::directory_entry& entry : fs::directory_iterator(folder, ec)) {
        if (entry.path().filename() == "model_index.json")
            key += stampOf(entry);
        if (!entry.is_directory(ec))
            continue;
        for (const fs::directory_entry& file : fs::directory_iterator(entry.path(), ec))
            key += "/" + entry.path().filename().string() + stampOf(file);
    }
    return key;
}

// "--device cpu": the host alone; "cuda:N": GPU N first (the plan's primary device) and alone.
std::vector<DeviceInfo> devicesFor(const std::string& device, std::vector<DeviceInfo> devices)
{
    if (device.empty())
        return devices;
    std::vector<DeviceInfo> chosen;
    if (device == "cpu") {
        chosen.push_back(DeviceMemory::host());
        return chosen;
    }
    if (device.rfind("cuda", 0) != 0)
        throw InvalidRequestError("device", "expects cpu or cuda[:N], got '" + device + "'");
    if (!at::hasCUDA())
        throw Error(ErrorCode::Unavailable, "device " + device + ": this build or machine has no CUDA");
    const int index = device == "cuda" ? 0 : cudaIndexOf(device);
    for (const DeviceInfo& d : devices)
        if (d.index == index || !d.isCuda())
            chosen.push_back(d);
    if (chosen.empty() || !chosen.front().isCuda())
        throw InvalidRequestError("device", device + " is not one of this machine's GPUs");
    return chosen;
}

MemoryPreset presetFor(const GenerationRequest& request, const std::vector<DeviceInfo>& devices, std::string& log)
{
    // An automatic preset given whole (a front end's settings applied to "auto") is chosen from
    // like a named one.
    if (!request.resolvedPreset || request.resolvedPreset->isAutomatic())
        return GenerationMemory::resolvePreset(
            request, devices, [&request] { return ModelRegistry::planning(request.modelPath); }, &log);
    // A regeneration runs exactly the preset it recorded.
    log = "memory preset \"" + request.resolvedPreset->name + "\" as recorded; " +
          AllocatorSettings::apply(*request.resolvedPreset);
    return *request.resolvedPreset;
}

// The runner reads the start image after the models load: a FIFO there ("image not found" after
// loading) or a missing file is said now.
void requireStartImageFile(const GenerationRequest& request)
{
    if (!request.hasStartImage())
        return;
    namespace fs = std::filesystem;
    std::error_code ec;
    const fs::file_status status = fs::status(request.startImagePath, ec);
    if (!fs::exists(status))
        throw FileError(ErrorCode::MissingFile, request.startImagePath, "the start image does not exist");
    if (!fs::is_regular_file(status))
        throw FileError(ErrorCode::BadFile, request.startImagePath,
                        "the start image is not a regular file (a folder, FIFO or device): choose an image file");
}

} // namespace

EngineSetup EngineSetup::resolve(const GenerationRequest& request, const std::string& device,
                                 const std::vector<DeviceInfo>& given, bool isStartImageGiven)
{
    EngineSetup s;
    EnginePlanning::validate(request, EnginePlanning::specOf(request.modelPath));
    ModelFilesCheck::requireReadable(request.modelPath); // a truncated VAE must not cost the denoise
    // The requested sampler, built once by the family from the model's scheduler config: a config it
    // cannot read (or a name it does not know) is refused here, not after the text encoder ran. The
    // pipeline builds its own for the run.
    ModelRegistry::familyOf(request.modelPath).createScheduler(request.modelPath, request.scheduler);
    if (!isStartImageGiven)
        requireStartImageFile(request);
    s.devices = devicesFor(device, given.empty() ? HeldMemory::credited(DeviceMemory::detect()) : given);
    s.preset = presetFor(request, s.devices, s.log);
    if (device == "cpu") { // memory is plentiful there and tiles change the decoded frames
        s.preset.vaeTiling = false;
        s.preset.vaeSlicing = false;
    }
    // "cpu" means the CPU on a machine with a GPU too (the eval cases' float32 reference runs: the
    // first GPU loan ran them on the GPU in bfloat16 before this).
    s.resources = PipelineResourcesFor::preset(s.preset, PipelineResourcesFor::mayUseGpu(at::hasCUDA(), device));
    if (s.resources.device.is_cuda() && device.rfind("cuda:", 0) == 0) {
        const bool textOnGpu = s.resources.textEncoderDevice.is_cuda();
        s.resources.device = c10::Device(device);
        if (textOnGpu)
            s.resources.textEncoderDevice = s.resources.device;
    }
    // The CPU computes in float32 whatever the preset says: record and plan what really runs.
    if (s.resources.dtype == c10::kFloat)
        s.preset.dtype = ComputeDtype::Float32;
    s.request = request;
    s.request.resolvedPreset = s.preset;
    const EngineLoras loras = EngineLoras::prepare(s.request); // found, hashed, checked on this model
    s.warnings = loras.warnings;
    if (!loras.summary.empty())
        s.log += "; " + loras.summary;
    const std::unique_ptr<ModelPlanning> model = LoraPlanning::wrap(ModelRegistry::planning(request.modelPath), s.request);
    s.residency = WarmResidency::choose(*model, s.request, s.preset, s.devices);
    s.log += "; between generations: " + WarmResidency::describe(s.residency);
    EnginePlanning::requireFits(*model, s.request, s.preset, s.devices, s.residency); // before loading anything
    PlacementPlan plan = PlacementPlanner::build(s.preset, s.devices, model->footprint(s.preset));
    plan.keepLoaded(s.residency);
    s.modelKey = modelKeyOf(request.modelPath);
    s.placementKey = plan.signature() + "; " + dtypeName(s.preset.dtype) + " " + weightStorageName(s.preset.weightStorage) +
                     "; " + s.resources.device.str() + " " + s.resources.textEncoderDevice.str();
    return s;
}

std::string EngineSetup::reloadReason(const EngineSetup& loaded) const
{
    if (modelKey != loaded.modelKey)
        return "another model (or its files changed)";
    if (placementKey != loaded.placementKey)
        return "the preset places or stores the weights differently";
    return {};
}

} // namespace framesmith
