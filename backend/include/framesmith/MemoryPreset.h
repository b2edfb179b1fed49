#pragma once
// A memory preset: a named combination of levers. Stored as JSON with schemaVersion; built-ins
// live in resources/presets/, user presets in the app-data folder; the CLI reads the same files.
#include <string>
#include <vector>

namespace framesmith {

enum class Placement { Invalid, Gpu, Cpu, OffloadToCpu, Streamed };
enum class ComputeDtype { Invalid, Float32, BFloat16, Float16 };
enum class WeightStorage { Invalid, Native, Float8, Int8 };

struct MemoryPreset {
    static constexpr int kSchemaVersion = 1;

    std::string name;
    std::string description;
    std::vector<std::string> strategies;   // registered MemoryStrategy names this preset is built from

    ComputeDtype dtype = ComputeDtype::BFloat16;
    WeightStorage weightStorage = WeightStorage::Native;
    bool expandableSegments = true;
    int maxSplitSizeMb = 0;                // 0: allocator default
    double garbageCollectionThreshold = 0; // 0: allocator default
    bool releaseCacheBetweenStages = true;
    bool releaseCacheEveryStep = false;

    Placement textEncoder = Placement::Gpu;  // Gpu: run then release; Cpu: run on the CPU
    Placement transformer = Placement::Gpu;  // OffloadToCpu: model offload; Streamed: block streaming
    Placement vae = Placement::Gpu;
    int streamPrefetchBlocks = 1;
    // Left free on every GPU for other programs (a browser, the desktop, a second app): the
    // planner plans into what remains. 0..kMaxVramHeadroomMb.
    int vramHeadroomMb = 0;
    static constexpr int kMaxVramHeadroomMb = 1 << 20;

    bool vaeSlicing = true;
    bool vaeTiling = true;
    int vaeTileHeight = 240;   // pixels
    int vaeTileWidth = 360;
    double vaeTileOverlapHeight = 1.0 / 6.0;
    double vaeTileOverlapWidth = 1.0 / 5.0;

    bool spreadAcrossGpus = false;   // components and blocks by free memory
    bool cfgParallel = false;        // conditional and unconditional on two GPUs

    // Non-empty: an automatic preset ("auto"); the first of these presets the planner says
    // fits the devices is used in its place.
    std::vector<std::string> autoCandidates;
    bool isAutomatic() const { return !autoCandidates.empty(); }
};

const char* placementName(Placement p);
const char* dtypeName(ComputeDtype d);
const char* weightStorageName(WeightStorage w);

std::string toJson(const MemoryPreset& preset);
MemoryPreset presetFromJson(const std::string& json, const std::string& origin); // throws naming origin

} // namespace framesmith
