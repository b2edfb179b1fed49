// bench_host_ram: the planner's host-RAM prediction per stage against the process's measured peak
// resident set (VmHWM, reset at each stage's start), for generations on the CPU through the Engine.
//   bench_host_ram --model DIR [--frames 9 --width 96 --height 64 --steps 2] [--preset NAME]
// One process, one Engine, a warm-up generation and unload, then two generations of the same request: the first is cold (each
// component loads in the stage that first needs it), the second warm (what the preset keeps
// loaded is already resident). The planner counts, per stage, the larger of the two. Measured:
// the stage's peak RSS minus the baseline: the RSS after a warm-up generation and unload, so that
// the runtime's one-time costs (libraries' code paged in, BLAS buffers, thread pools), which the
// process pays once whatever it generates, are outside both sides; they are printed.
// Prints one Markdown row per stage with the residual; exits 1 when one is outside ±10 %.
#include "framesmith/Engine.h"
#include "framesmith/OpenBlasKernel.h"
#include "framesmith/PresetCatalog.h"
#include "memory/monitor/ProcessResidentMemory.h"

#include <nlohmann/json.hpp>

#include <malloc.h>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <fstream>
#include <map>
#include <string>

using namespace framesmith;

namespace {

struct Quiet : ProgressSink {};

std::string argument(int argc, char** argv, const std::string& flag, const std::string& fallback)
{
    for (int i = 1; i + 1 < argc; ++i)
        if (argv[i] == flag)
            return argv[i + 1];
    return fallback;
}

double mib(std::int64_t bytes) { return static_cast<double>(bytes) / (1 << 20); }

// Per stage name: the report's peak RSS.
std::map<std::string, std::int64_t> stagePeaks(const std::string& reportPath)
{
    std::ifstream in(reportPath);
    const nlohmann::json report = nlohmann::json::parse(in);
    std::map<std::string, std::int64_t> peaks;
    for (const nlohmann::json& stage : report.at("stages"))
        peaks[stage.at("name").get<std::string>()] = stage.at("peakRssBytes").get<std::int64_t>();
    return peaks;
}

std::int64_t predictedHostBytes(const MemoryPlan& plan, const std::string& stage)
{
    for (const StagePlan& s : plan.stages)
        if (s.name == stage)
            for (const DevicePeak& d : s.devices)
                if (d.device == "cpu")
                    return d.peakBytes;
    return 0;
}

} // namespace

int main(int argc, char** argv)
{
    // As the app and the CLI do: the OpenBLAS kernel this CPU can run, not a generic fallback.
    framesmith::OpenBlasKernel::restartWithBetterKernel(argv);
    // RSS is to follow what is live: glibc otherwise keeps freed blocks (raising its mmap threshold
    // up to 32 MiB as large blocks are freed) and hands them to the next allocation, so a reloaded
    // weight or a second activation can cost no new RSS, which hides megabytes on a small model.
    // Every allocation over 64 KiB gets its own mapping, given back when freed.
    mallopt(M_MMAP_THRESHOLD, 64 << 10);
    mallopt(M_TRIM_THRESHOLD, 64 << 10);
    GenerationRequest request;
    request.modelPath = argument(argc, argv, "--model", "");
    if (request.modelPath.empty()) {
        std::fprintf(stderr, "usage: bench_host_ram --model DIR [--frames N --width W --height H --steps N] "
                             "[--preset NAME]\n");
        return 2;
    }
    request.prompt = "a lighthouse on a cliff at dusk, waves below";
    request.frameCount = std::stoi(argument(argc, argv, "--frames", "9"));
    request.width = std::stoi(argument(argc, argv, "--width", "96"));
    request.height = std::stoi(argument(argc, argv, "--height", "64"));
    request.steps = std::stoi(argument(argc, argv, "--steps", "2"));
    request.preset = argument(argc, argv, "--preset", "24gb");
    request.seed = 7;

    Engine engine;
    const MemoryPlan plan = Engine::plan(request, PresetCatalog().load(request.preset), Engine::devices());
    Quiet sink;
    GenerateOptions warmUp;
    warmUp.saveLatentsPath = "/tmp/bench_host_ram-latents.safetensors";
    warmUp.isPreviewWanted = false;
    const std::int64_t started = ProcessResidentMemory::currentBytes();
    engine.generate(request, sink, CancelToken(), warmUp);
    engine.unload();
    const std::int64_t baseline = ProcessResidentMemory::currentBytes();

    std::map<std::string, std::int64_t> measured[2];
    const std::string prompt = request.prompt;
    for (int run = 0; run < 2; ++run) {
        // A prompt of its own: the Engine reuses the previous prompt's embeddings, and a warm run
        // that skips its text encoding would not see the stage the plan counts.
        request.prompt = prompt + (run == 0 ? ", seen from the sea" : ", seen from the shore");
        GenerateOptions options;
        options.memoryReportPath = "/tmp/bench_host_ram-report.json";
        options.saveLatentsPath = "/tmp/bench_host_ram-latents.safetensors";
        options.isPreviewWanted = false;
        engine.generate(request, sink, CancelToken(), options);
        measured[run] = stagePeaks(options.memoryReportPath);
    }

    std::printf("RSS %.1f MiB with the Engine built; baseline %.1f MiB after a warm-up generation and unload (the "
                "runtime's one-time costs: %+.1f MiB); preset %s; %d frames %dx%d, %d steps\n",
                mib(started), mib(baseline), mib(baseline - started), request.preset.c_str(), request.frameCount, request.width, request.height,
                request.steps);
    std::printf("| stage | predicted (weights + working) | measured, cold run | measured, warm run | residual |\n"
                "|---|---|---|---|---|\n");
    bool inside = true;
    for (const char* stage : {"text-encode", "denoise", "vae-decode"}) {
        const std::int64_t predicted = predictedHostBytes(plan, stage);
        const std::int64_t cold = measured[0][stage] - baseline, warm = measured[1][stage] - baseline;
        const double residual = static_cast<double>(predicted) / static_cast<double>(std::max(cold, warm)) - 1.0;
        inside = inside && std::fabs(residual) <= 0.10;
        std::printf("| %s | %.1f MiB | %.1f MiB | %.1f MiB | %+.1f %% |\n", stage, mib(predicted), mib(cold), mib(warm),
                    100.0 * residual);
    }
    return inside ? 0 : 1;
}
