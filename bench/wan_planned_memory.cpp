// bench_wan_planned_memory [--fixtures DIR] [--all] (run from the source root; DIR: tests/fixtures):
// the memory goals of issue 31 planned on the six full-size Wan configs (full-size-configs/) with the
// built-in presets, as MemoryPlanner plans them for one GPU of the goal's size and a host with 32 GiB
// usable. Candidates in the order "auto" tries them, then low-memory with int8 and fp8 block storage;
// the first that fits is the row (--all prints every candidate). Prints a Markdown table for
// docs/benchmarks.md ("Wan: planned memory"): peak VRAM and host RAM over the stages, the stage that
// peaks, and the planner's step-time floor (arithmetic at the card's rate; real steps are slower).
#include "core/ChunkedAttention.h"
#include "memory/planner/MemoryPlanner.h"
#include "memory/presets/MemoryLevers.h"
#include "memory/presets/PresetStore.h"
#include "models/wan/planning/WanPlanningFactory.h"

#include <algorithm>
#include <cstdio>
#include <cstring>
#include <string>
#include <vector>

using namespace framesmith;

namespace {

struct Goal {
    const char* repo;
    int width, height, frames;
    int gpuGib;
    const char* gpuName;
    bool fromImage = false; // TI2V from a start image (the I2V models always have one)
    bool hasStartImage() const { return fromImage || std::string(repo).find("-I2V-") != std::string::npos; }
};

const std::vector<Goal>& goals()
{
    static const std::vector<Goal> all{
        {"Wan2.1-T2V-1.3B-Diffusers", 832, 480, 81, 8, "NVIDIA GeForce RTX 4060"},
        {"Wan2.2-TI2V-5B-Diffusers", 1280, 704, 121, 24, "NVIDIA GeForce RTX 4090"},
        {"Wan2.2-TI2V-5B-Diffusers", 1280, 704, 121, 24, "NVIDIA GeForce RTX 4090", true},
        {"Wan2.1-T2V-14B-Diffusers", 832, 480, 81, 16, "NVIDIA GeForce RTX 4060 Ti"},
        {"Wan2.1-T2V-14B-Diffusers", 1280, 720, 81, 24, "NVIDIA GeForce RTX 4090"},
        {"Wan2.1-I2V-14B-480P-Diffusers", 832, 480, 81, 16, "NVIDIA GeForce RTX 4060 Ti"},
        {"Wan2.2-T2V-A14B-Diffusers", 832, 480, 81, 16, "NVIDIA GeForce RTX 4060 Ti"},
        {"Wan2.2-T2V-A14B-Diffusers", 1280, 720, 81, 24, "NVIDIA GeForce RTX 4090"},
        {"Wan2.2-I2V-A14B-Diffusers", 832, 480, 81, 16, "NVIDIA GeForce RTX 4060 Ti"},
        {"Wan2.2-I2V-A14B-Diffusers", 1280, 720, 81, 24, "NVIDIA GeForce RTX 4090"},
    };
    return all;
}

struct Peaks {
    std::int64_t vram = 0, host = 0;
    std::string vramStage, hostStage;
    DeviceBreakdown gpu; // at the VRAM peak
};

Peaks peaksOf(const DetailedPlan& plan)
{
    Peaks p;
    for (const StageBreakdown& stage : plan.stages)
        for (const DeviceBreakdown& d : stage.devices) {
            std::int64_t& peak = d.device == "cpu" ? p.host : p.vram;
            std::string& where = d.device == "cpu" ? p.hostStage : p.vramStage;
            if (d.peakBytes() <= peak)
                continue;
            peak = d.peakBytes(), where = stage.name;
            if (d.device != "cpu")
                p.gpu = d;
        }
    return p;
}

std::vector<std::pair<std::string, MemoryPreset>> candidates(const PresetStore& store)
{
    std::vector<std::pair<std::string, MemoryPreset>> out;
    for (const char* name : {"max-speed", "24gb", "low-memory"})
        out.emplace_back(name, store.load(name));
    for (const char* storage : {"int8-weights", "fp8-weights"}) {
        MemoryPreset p = store.load("low-memory");
        addStrategy(p, storage);
        out.emplace_back(std::string("low-memory + ") + storage, p);
    }
    return out;
}

} // namespace

int main(int argc, char** argv)
{
    std::string fixtures = "tests/fixtures";
    bool all = false;
    for (int i = 1; i < argc; ++i) {
        if (!std::strcmp(argv[i], "--fixtures") && i + 1 < argc)
            fixtures = argv[++i];
        else if (!std::strcmp(argv[i], "--all"))
            all = true;
    }
    const PresetStore store("resources/presets", "/nonexistent");
    const std::int64_t hostBytes = 32ll << 30;
    std::printf("| model | request | GPU | preset | VRAM peak (stage) | = weights + working + margin | host RAM peak (stage) | fits | "
                "step estimate (compute + copies) |\n");
    std::printf("|---|---|---|---|---|---|---|---|---|\n");
    int missed = 0;
    std::vector<std::string> switches; // the plans' notes on denoisers read in at their switch
    for (const Goal& g : goals()) {
        const auto planning = createWanPlanning(fixtures + "/wan/full-size-configs/Wan-AI/" + g.repo);
        GenerationRequest r;
        r.width = g.width, r.height = g.height, r.frameCount = g.frames, r.steps = 40, r.guidanceScale = 5.0;
        if (g.hasStartImage())
            r.startImagePath = "start.png"; // the planner reads no file
        const std::int64_t gpuBytes = std::int64_t(g.gpuGib) << 30;
        const std::vector<DeviceInfo> devices{{0, g.gpuName, gpuBytes, gpuBytes, ""}, {-1, "CPU", hostBytes, hostBytes, ""}};
        bool found = false;
        for (const auto& [name, preset] : candidates(store)) {
            const DetailedPlan plan = MemoryPlanner::planDetailed(*planning, r, preset, devices);
            const bool fits = plan.fits();
            if (!all && (found || !fits))
                continue;
            found = found || fits;
            for (const std::string& note : plan.placement.notes)
                if (const std::string line = std::string(g.repo) + ", " + name + ": " + note;
                    (note.rfind("denoiser switch:", 0) == 0 || note.rfind("denoise: the start image", 0) == 0) &&
                    std::find(switches.begin(), switches.end(), line) == switches.end())
                    switches.push_back(line);
            const Peaks p = peaksOf(plan);
            std::printf("| %s | %d x %d, %d frames%s | %d GiB | %s | %s (%s) | %s + %s + %s | %s (%s) | %s | %.0f s (%.0f + %.0f) |\n",
                        g.repo, g.width, g.height, g.frames, g.hasStartImage() ? ", from an image" : "", g.gpuGib,
                        name.c_str(), formatBytes(p.vram).c_str(),
                        p.vramStage.c_str(), formatBytes(p.gpu.weightBytes).c_str(), formatBytes(p.gpu.activationBytes).c_str(),
                        formatBytes(p.gpu.marginBytes).c_str(), formatBytes(p.host).c_str(), p.hostStage.c_str(),
                        fits ? "yes" : "no", plan.step.seconds, plan.step.computeSeconds, plan.step.transferSeconds);
        }
        if (!found) {
            ++missed;
            std::printf("| %s | %d x %d, %d frames | %d GiB | none fits | | | | no | |\n", g.repo, g.width, g.height, g.frames,
                        g.gpuGib);
        }
    }
    if (!switches.empty())
        std::printf("\nExpert switches (read from disk once per generation) and start images' encodes at their peak:\n");
    for (const std::string& line : switches)
        std::printf("- %s\n", line.c_str());
    // The decode's working set (GPU, bf16), untiled and in the low-memory preset's tiles.
    std::printf("\n| VAE decode (bf16, GPU) | untiled | low-memory's tiles |\n|---|---|---|\n");
    for (const Goal& g : goals()) {
        if (g.gpuGib == 16 || g.fromImage)
            continue;
        const auto planning = createWanPlanning(fixtures + "/wan/full-size-configs/Wan-AI/" + g.repo);
        GenerationRequest r;
        r.width = g.width, r.height = g.height, r.frameCount = g.frames;
        MemoryPreset tiled = store.load("low-memory"), whole = tiled;
        whole.vaeTiling = false;
        std::printf("| %s, %d x %d, %d frames | %s | %s (%d x %d) |\n", g.repo, g.width, g.height, g.frames,
                    formatBytes(planning->vaeDecodeBytes(r, whole, false)).c_str(),
                    formatBytes(planning->vaeDecodeBytes(r, tiled, false)).c_str(), tiled.vaeTileWidth, tiled.vaeTileHeight);
    }
    // A start image's condition (GPU, bf16): the VAE's encode and Wan 2.1 I2V's CLIP read.
    std::printf("\n| start image's condition (bf16, GPU) | VAE encode | CLIP read |\n|---|---|---|\n");
    for (const Goal& g : goals()) {
        if (!g.hasStartImage())
            continue;
        const auto planning = createWanPlanning(fixtures + "/wan/full-size-configs/Wan-AI/" + g.repo);
        GenerationRequest r;
        r.width = g.width, r.height = g.height, r.frameCount = g.frames, r.startImagePath = "start.png";
        const MemoryPreset preset = store.load("low-memory");
        const std::int64_t read = planning->conditionEncodeBytes(r, ComponentRole::ImageEncoder, preset, false);
        std::printf("| %s, %d x %d, %d frames | %s | %s |\n", g.repo, g.width, g.height, g.frames,
                    formatBytes(planning->conditionEncodeBytes(r, ComponentRole::Vae, preset, false)).c_str(),
                    read > 0 ? formatBytes(read).c_str() : "none");
    }
    std::printf("\nAttention on the GPU as planned by this build: %s.\n",
                ChunkedAttention::hasFusedKernel(true) ? "fused SDPA" : "chunked math (no fused kernel in this libtorch)");
    return missed == 0 ? 0 : 1;
}
