// bench_vae_working_set [--window-mib M] [--case I] (run from the source root): the VAE decode working memory the planner predicts
// (CogVideoXActivations::vaeDecode) against the peak CpuAllocationTracker measures, for the demo
// model's small VAE and the real VAE config (tests/fixtures/cogvideox-mid/vae) at a few frame
// counts and sizes, untiled and tiled. Random weights (the peak does not depend on their values).
#include "core/Module.h"
#include "memory/monitor/CpuAllocationTracker.h"
#include "models/cogvideox/planning/CogVideoXActivations.h"
#include "models/cogvideox/CogVideoXDemoConfigs.h"
#include "models/cogvideox/vae/CogVideoXVae.h"

#include <ATen/ATen.h>
#include <c10/core/InferenceMode.h>

#include <cstdio>
#include <fstream>
#include <sstream>
#include <string>

using namespace framesmith;

namespace {

struct Case {
    const char* name;
    std::string configText;
    int frames, height, width;
    bool tiled;
};

void run(const Case& k, std::int64_t windowBytes)
{
    c10::InferenceMode inference;
    const CogVideoXVaeConfig config = CogVideoXVaeConfig::fromJsonText(k.configText, k.name);
    CogVideoXVae vae(config);
    at::manual_seed(0);
    for (ParameterSlot& slot : vae.parameters())
        *slot.tensor = at::randn(slot.shape) * 0.05;
    const auto transformer = CogVideoXTransformerConfig::fromFile(
        "tests/fixtures/cogvideox/full-size-configs/cogvideox-2b/transformer/config.json");
    GenerationRequest request;
    request.frameCount = k.frames;
    request.height = k.height;
    request.width = k.width;
    MemoryPreset preset;
    preset.dtype = ComputeDtype::Float32;
    preset.vaeTiling = k.tiled;
    preset.vaeTileHeight = 32;
    preset.vaeTileWidth = 48;
    VaeOptions options;
    options.tiling = k.tiled;
    options.tileSampleMinHeight = 32;
    options.tileSampleMinWidth = 48;
    options.tileOverlapHeight = 1.0 / 4.0;
    options.tileOverlapWidth = 1.0 / 3.0;
    options.convWindowBytes = windowBytes;
    const int latentFrames = (k.frames - 1) / 4 + 1;
    at::Tensor z = at::randn({1, 16, latentFrames, k.height / 8, k.width / 8});
    CpuAllocationTracker::resetPeak();
    const std::int64_t start = CpuAllocationTracker::currentBytes();
    at::Tensor frames = vae.decode(z, options);
    const double measured = (CpuAllocationTracker::peakBytes() - start) / 1048576.0;
    const double predicted = CogVideoXActivations::vaeDecode(transformer, config, request, preset, true) / 1048576.0;
    std::printf("| %s | %d x %d x %d%s | %.1f MiB | %.1f MiB | %+.0f %% |\n", k.name, k.frames, k.height, k.width,
                k.tiled ? ", tiles 32 x 48" : "", measured, predicted, 100.0 * (predicted - measured) / measured);
}

} // namespace

int main(int argc, char** argv)
{
    CpuAllocationTracker::install();
    std::int64_t window = std::int64_t{8} << 20;
    int only = -1;
    for (int i = 1; i + 1 < argc; i += 2) {
        if (std::string(argv[i]) == "--window-mib")
            window = std::stoll(argv[i + 1]) << 20;
        else if (std::string(argv[i]) == "--case")
            only = std::stoi(argv[i + 1]);
    }
    std::stringstream mid;
    mid << std::ifstream("tests/fixtures/cogvideox-mid/vae/config.json").rdbuf();
    const std::string demo = CogVideoXDemoConfigs::vae().dump();
    const Case cases[] = {
        {"demo VAE (16/32 channels)", demo, 9, 64, 96, false},
        {"demo VAE (16/32 channels)", demo, 17, 64, 96, false},
        {"demo VAE (16/32 channels)", demo, 9, 128, 192, false},
        {"real VAE", mid.str(), 9, 64, 96, false},
        {"real VAE", mid.str(), 17, 64, 96, false},
        {"real VAE", mid.str(), 9, 32, 48, false},
        {"real VAE", mid.str(), 17, 32, 48, false},
        {"real VAE", mid.str(), 17, 64, 96, true},
    };
    std::printf("| VAE | frames x height x width | measured | predicted | residual |\n|---|---|---|---|---|\n");
    for (int i = 0; i < static_cast<int>(std::size(cases)); ++i)
        if (only < 0 || only == i)
            run(cases[i], window);
    return 0;
}
