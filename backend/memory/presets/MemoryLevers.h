#pragma once
// The levers that lower a preset's peak memory, cheapest first. The planner tries them to advise
// ("enable VAE tiling would make it fit") and the OOM ladder applies them to retry a stage.
#include "framesmith/MemoryPreset.h"
#include "framesmith/Stage.h"

#include <string>
#include <vector>

namespace framesmith {

struct MemoryLever {
    std::string name;
    std::vector<Stage> helps;        // stages whose peak it lowers
    bool changesOutput = false;      // quality differs (the OOM ladder never applies these silently)
    bool (*isApplicable)(const MemoryPreset&) = nullptr;
    void (*apply)(MemoryPreset&) = nullptr;
    std::string (*describe)(const MemoryPreset& after) = nullptr; // "decode in 120 x 176 tiles"
};

const std::vector<MemoryLever>& memoryLevers();
bool leverHelps(const MemoryLever& lever, Stage stage);
// Adds a strategy to a preset (dropping the ones it replaces) and lets it set its fields.
void addStrategy(MemoryPreset& preset, const std::string& strategy);
// The largest tile size <= maxPixels (multiple of 8, >= 32) that tiles exactly with `overlap`.
int exactTileSize(int maxPixels, double overlap);

} // namespace framesmith
