#include "memory/presets/MemoryLevers.h"

#include "memory/presets/MemoryStrategyRegistry.h"

#include <algorithm>
#include <map>

namespace framesmith {
namespace {

// Strategies that cannot stay in a preset next to the one added.
const std::map<std::string, std::vector<std::string>> kReplaces = {
    {"text-encoder-on-cpu", {"text-encoder-release"}},
    {"text-encoder-release", {"text-encoder-on-cpu"}},
    {"block-streaming", {"transformer-resident", "multi-gpu-spread", "cfg-parallel"}},
    {"vae-small-tiles", {"vae-tiling"}},
};

bool hasStrategy(const MemoryPreset& p, const std::string& name)
{
    return std::find(p.strategies.begin(), p.strategies.end(), name) != p.strategies.end();
}

constexpr int kMinimumTile = 64;

std::string tiles(const MemoryPreset& p)
{
    return std::to_string(p.vaeTileHeight) + " x " + std::to_string(p.vaeTileWidth) + " pixel tiles";
}

} // namespace

int exactTileSize(int maxPixels, double overlap)
{
    // Tiles assemble to the full frame only when the stride in pixels equals the pixels kept per tile:
    // int(latentTile * (1 - overlap)) * 8 == tile - int(tile * overlap) (reference tiled_decode).
    for (int tile = maxPixels - maxPixels % 8; tile >= 32; tile -= 8) {
        const int stride = static_cast<int>((tile / 8) * (1 - overlap)) * 8;
        if (stride == tile - static_cast<int>(tile * overlap))
            return tile;
    }
    return 32;
}

void addStrategy(MemoryPreset& preset, const std::string& strategy)
{
    if (auto it = kReplaces.find(strategy); it != kReplaces.end())
        for (const std::string& old : it->second)
            preset.strategies.erase(std::remove(preset.strategies.begin(), preset.strategies.end(), old),
                                    preset.strategies.end());
    if (!hasStrategy(preset, strategy))
        preset.strategies.push_back(strategy);
    if (const MemoryStrategy* s = findMemoryStrategy(strategy))
        s->enable(preset);
}

const std::vector<MemoryLever>& memoryLevers()
{
    static const std::vector<MemoryLever> levers = {
        {"vae-tiling", {Stage::VaeDecoding}, false,
         [](const MemoryPreset& p) { return !p.vaeTiling; },
         [](MemoryPreset& p) { addStrategy(p, "vae-tiling"); },
         [](const MemoryPreset& p) { return "decode in " + tiles(p); }},
        {"smaller-vae-tiles", {Stage::VaeDecoding}, false,
         [](const MemoryPreset& p) { return p.vaeTiling && std::max(p.vaeTileHeight, p.vaeTileWidth) > kMinimumTile; },
         [](MemoryPreset& p) {
             p.vaeTileHeight = std::max(kMinimumTile, exactTileSize(p.vaeTileHeight / 2, p.vaeTileOverlapHeight));
             p.vaeTileWidth = std::max(kMinimumTile, exactTileSize(p.vaeTileWidth / 2, p.vaeTileOverlapWidth));
         },
         [](const MemoryPreset& p) { return "decode in smaller " + tiles(p); }},
        {"text-encoder-release", {}, false, // components are freed after their stage already
         [](const MemoryPreset& p) {
             return !hasStrategy(p, "text-encoder-release") && !hasStrategy(p, "text-encoder-on-cpu") &&
                    !hasStrategy(p, "model-offload");
         },
         [](MemoryPreset& p) { addStrategy(p, "text-encoder-release"); },
         [](const MemoryPreset&) { return std::string("release the text encoder after encoding the prompt"); }},
        {"text-encoder-on-cpu", {Stage::TextEncoding}, false,
         [](const MemoryPreset& p) { return !hasStrategy(p, "text-encoder-on-cpu"); },
         [](MemoryPreset& p) { addStrategy(p, "text-encoder-on-cpu"); },
         [](const MemoryPreset&) { return std::string("run the text encoder on the CPU"); }},
        {"block-streaming", {Stage::Denoising}, false,
         [](const MemoryPreset& p) { return !hasStrategy(p, "block-streaming"); },
         [](MemoryPreset& p) { addStrategy(p, "block-streaming"); },
         [](const MemoryPreset& p) {
             return "stream transformer blocks from RAM (prefetch " + std::to_string(p.streamPrefetchBlocks) + ")";
         }},
        {"fp8-weights", {Stage::Denoising}, true,
         [](const MemoryPreset& p) { return p.weightStorage == WeightStorage::Native; },
         [](MemoryPreset& p) { addStrategy(p, "fp8-weights"); },
         [](const MemoryPreset&) { return std::string("store transformer weights as fp8 (small quality cost)"); }},
    };
    return levers;
}

bool leverHelps(const MemoryLever& lever, Stage stage)
{
    return std::find(lever.helps.begin(), lever.helps.end(), stage) != lever.helps.end();
}

} // namespace framesmith
