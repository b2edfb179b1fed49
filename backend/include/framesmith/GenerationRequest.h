#pragma once
// Everything that defines a clip. Plain values: the GUI fills it, the CLI reads it from flags or
// a job file, the sidecar of every clip stores it, and the engine runs it.
#include "framesmith/KnobValue.h"
#include "framesmith/LoraSpec.h"
#include "framesmith/MemoryPreset.h"

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace framesmith {

struct GenerationRequest {
    std::string modelPath;       // a model folder some family recognises (ModelInfo)
    std::string prompt;
    std::string negativePrompt;
    std::string startImagePath;  // empty: text-to-video
    // Conditioning beyond the start image, for families that take it: image or video files, and
    // how they condition the clip in the family's own syntax (ModelFamilyInfo::conditioningSyntax).
    // Both empty: none. A family that takes neither refuses them.
    std::vector<std::string> references;
    std::string conditioning;
    int frameCount = 49;
    int fps = 8;
    int width = 720;
    int height = 480;
    int steps = 50;
    double guidanceScale = 6.0;
    std::uint64_t seed = 42;
    std::string scheduler;       // empty: the model's own; else a SchedulerOption::id of its spec
    // The family's own settings the user set (ParameterSpec::knobs, by name); left out: the default.
    KnobValues knobs;
    // Step caching (StepCacheSetting.h): "off", "quality", "balanced" or "fast"; the sidecar keeps it,
    // so a regeneration caches exactly as the clip did.
    std::string stepCache = "off";
    // LoRAs applied to the denoiser, each with its strength; order does not change the result.
    // The engine fills every sha256 (GenerationResult::request), so sidecars name the exact files.
    std::vector<LoraSpec> loras;
    std::string preset = "auto"; // built-in preset name or path of a preset JSON
    // Every lever of the preset a run used ("auto" and names resolved, dtype, tiles). Set: the
    // engine runs exactly this preset and `preset` is only its name (a regeneration). The engine
    // fills it in GenerationResult::request, so sidecars and the history replay a clip exactly.
    std::optional<MemoryPreset> resolvedPreset;

    bool hasStartImage() const { return !startImagePath.empty(); }
};

// JSON with the same keys as the CLI's --job file and the clip sidecars.
std::string toJson(const GenerationRequest& request);
GenerationRequest requestFromJson(const std::string& json); // throws InvalidRequestError

} // namespace framesmith
