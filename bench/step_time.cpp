// bench_step_time [--steps N] MODEL_DIR[:FRAMESxWIDTHxHEIGHT] ...: the step-time forecast against
// what the steps took, per model, on this machine, as the app and `framesmith-cli plan` show it.
// For each model, in a fresh data folder (so it starts uncalibrated): the planner's arithmetic and
// the uncalibrated range (JobForecast), a first run of N steps through the Engine (its steps
// calibrate the next forecast, as every run does), the calibrated forecast, and a second run to
// check it against. One row per model; exits 1 when a calibrated forecast is outside 2x of the
// second run's measured step (whether the first run fell inside the uncalibrated range is shown).
// On an idle machine; figures go to docs/benchmarks.md, "Step time".
//   framesmith-cli make-demo-model /tmp/cog; framesmith-cli make-demo-model /tmp/os --family opensora
//   bench_step_time --steps 4 /tmp/cog:49x256x160 /tmp/os:51x256x160 /tmp/mid-2b:9x256x160
#include "framesmith/Engine.h"
#include "framesmith/JobForecast.h"
#include "framesmith/OpenBlasKernel.h"
#include "framesmith/PresetCatalog.h"

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <string>
#include <vector>

using namespace framesmith;
namespace fs = std::filesystem;

namespace {

struct StepTimes : ProgressSink {
    std::vector<double> seconds;
    void onStepFinished(const StepFinished& e) override { seconds.push_back(e.seconds); }
    // As the engine's calibration takes it: the median of the steps after the first.
    double median() const
    {
        std::vector<double> warm(seconds.size() > 1 ? seconds.begin() + 1 : seconds.begin(), seconds.end());
        std::sort(warm.begin(), warm.end());
        return warm.empty() ? 0 : warm[warm.size() / 2];
    }
};

GenerationRequest requestFor(const std::string& spec, int steps)
{
    const auto colon = spec.rfind(':');
    const std::string folder = colon == std::string::npos ? spec : spec.substr(0, colon);
    GenerationRequest r = Engine::defaultRequest(folder);
    if (colon != std::string::npos &&
        std::sscanf(spec.c_str() + colon + 1, "%dx%dx%d", &r.frameCount, &r.width, &r.height) != 3)
        throw std::runtime_error("'" + spec + "': expected MODEL_DIR:FRAMESxWIDTHxHEIGHT");
    r.prompt = "a lighthouse on a cliff at dusk";
    r.steps = steps;
    r.seed = 7;
    r.preset = "auto";
    return r;
}

double measuredRun(Engine& engine, const GenerationRequest& request)
{
    StepTimes sink;
    CancelToken cancel;
    GenerateOptions options;
    options.isDecodeWanted = false;
    options.isPreviewWanted = false;
    engine.generate(request, sink, cancel, options);
    return sink.median();
}

// One model's row; true when the calibrated forecast is within 2x of the second run.
bool benchModel(const std::string& spec, int steps)
{
    const GenerationRequest request = requestFor(spec, steps);
    const MemoryPreset preset = PresetCatalog().load(request.preset);
    const std::vector<DeviceInfo> devices = Engine::devices();
    const JobForecast before = JobForecast::of(request, preset, devices);
    Engine engine;
    const double first = measuredRun(engine, request);
    const JobForecast after = JobForecast::of(request, preset, devices);
    const double second = measuredRun(engine, request);
    const double ratio = after.step.lowSeconds / second;
    const bool inRange = first >= before.step.lowSeconds && first <= before.step.highSeconds;
    const bool within = after.step.isCalibrated && ratio >= 0.5 && ratio <= 2.0;
    std::printf("| %s | %d x %d x %d | %.3f s | %.3f-%.2f s | %.3f s (x%.1f%s) | %.3f s | %.3f s | %.2f | %s |\n",
                fs::path(request.modelPath).filename().c_str(), request.frameCount, request.width, request.height,
                before.step.arithmeticSeconds, before.step.lowSeconds, before.step.highSeconds, first,
                first / before.step.arithmeticSeconds, inRange ? "" : ", outside the range", after.step.lowSeconds,
                second, ratio, within ? "within 2x" : "OUTSIDE 2x");
    std::fflush(stdout);
    return within;
}

} // namespace

int main(int argc, char** argv)
{
    OpenBlasKernel::restartWithBetterKernel(argv);
    int steps = 4;
    std::vector<std::string> models;
    for (int i = 1; i < argc; ++i) {
        const std::string arg = argv[i];
        if (arg == "--steps" && i + 1 < argc)
            steps = std::max(2, std::atoi(argv[++i]));
        else
            models.push_back(arg);
    }
    if (models.empty()) {
        std::fprintf(stderr, "usage: bench_step_time [--steps N] MODEL_DIR[:FRAMESxWIDTHxHEIGHT] ...\n");
        return 2;
    }
    // A data folder of its own: every model starts uncalibrated, and the user's stays as it was.
    char folder[] = "/tmp/bench-step-time-XXXXXX";
    if (!mkdtemp(folder))
        return 2;
    setenv("FRAMESMITH_DATA_DIR", folder, 1);
    unsetenv("FRAMESMITH_NO_STEP_CALIBRATION");
    std::printf("| model | frames x w x h | arithmetic | uncalibrated range | run 1 (x arithmetic) | calibrated | "
                "run 2 | calibrated / run 2 | |\n|---|---|---|---|---|---|---|---|---|\n");
    bool allWithin = true;
    try {
        for (const std::string& model : models)
            allWithin = benchModel(model, steps) && allWithin;
    } catch (const std::exception& e) {
        std::fprintf(stderr, "bench_step_time: %s\n", e.what());
        allWithin = false;
    }
    std::error_code ec;
    fs::remove_all(folder, ec);
    return allWithin ? 0 : 1;
}
