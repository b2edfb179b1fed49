#pragma once
// Everything Engine decides about a request before a weight is read: the request checked with the
// model's rules, the preset resolved ("auto", names, files, or the exact preset a regeneration
// carries) with the compute dtype it will really run in, the devices, what stays loaded between
// generations, the pipeline's devices and decode settings, and the keys that say whether a loaded
// model can serve it. The worker thread (it applies the allocator settings).
#include "framesmith/GenerateOptions.h"
#include "framesmith/GenerationRequest.h"
#include "memory/placement/PlacementPlan.h"
#include "models/VideoPipeline.h"

#include <string>
#include <vector>

namespace framesmith {

struct EngineSetup {
    GenerationRequest request;       // as it will run: resolvedPreset filled
    MemoryPreset preset;             // == *request.resolvedPreset
    std::vector<DeviceInfo> devices; // what the placement plans for
    Residency residency;             // kept loaded between generations
    PipelineResources resources;     // device, dtype, decode settings (no cancel or placement yet)
    std::string log;                 // preset, allocator settings, what stays loaded
    std::string modelKey;            // the model folder and its files' times
    std::string placementKey;        // the resolved placement, dtype and storage
    std::vector<std::string> warnings; // for the run's result and sink (a LoRA that matched in part)

    // Throws InvalidRequestError (a field, the preset, the device) or FileError before loading anything.
    // `isStartImageGiven`: the caller hands the start image over as a tensor (an eval case's hooks),
    // so request.startImagePath names no file to check.
    static EngineSetup resolve(const GenerationRequest& request, const std::string& device,
                               const std::vector<DeviceInfo>& devices, bool isStartImageGiven = false);
    // Why a model loaded for `loaded` cannot serve this setup ("" when it can).
    std::string reloadReason(const EngineSetup& loaded) const;
};

} // namespace framesmith
