// Step caching: for every --cache setting, the speed-up of the denoise stage against the uncached
// run and what it costs in fidelity, same request and seed, through the Engine as the app runs it.
//   bench_step_cache --demo | --mid-2b FIXTURES_DIR | --opensora-demo | --model DIR  [--steps 30] [--repeats 3]
//                    [--frames N --width W --height H] [--settings off,quality,balanced,fast]
//                    [--keep DIR] [--device cpu|cuda:0]
// --demo writes the CogVideoX demo model, --mid-2b a model with tests/fixtures/cogvideox-mid's 2b
// transformer (real widths, 2 blocks) and full VAE, --opensora-demo the Open-Sora demo model,
// --model runs a model folder that exists (the GPU runbook's full-size random weights).
// Per setting: denoise wall and process CPU seconds (median, min, max over the repeats, after one
// warm-up generation that loads the model), how often the later blocks ran, the final latents'
// max abs and relative L2 error and the decoded video's PSNR against the uncached run. Prints a
// markdown table for docs/benchmarks.md and the family's figure lines.
#include "framesmith/Engine.h"
#include "framesmith/OpenBlasKernel.h"
#include "models/DemoTokenizer.h"
#include "models/ModelRegistry.h"
#include "models/cogvideox/CogVideoXDemoModel.h"
#include "engine/checkpoints/LatentsCheckpoint.h"

#include <ATen/ATen.h>
#include <sys/resource.h>
#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>
#include <sstream>
#include <string>
#include <vector>

using namespace framesmith;
namespace fs = std::filesystem;

namespace {

using Clock = std::chrono::steady_clock;

double processCpuSeconds()
{
    rusage usage{};
    getrusage(RUSAGE_SELF, &usage);
    return usage.ru_utime.tv_sec + usage.ru_stime.tv_sec + 1e-6 * (usage.ru_utime.tv_usec + usage.ru_stime.tv_usec);
}

// Times the denoise stage alone: from its start to the next stage's (or the end of the run).
struct DenoiseClock : ProgressSink {
    Clock::time_point wallStart, wallEnd;
    double cpuStart = 0, cpuEnd = 0;
    bool isDenoising = false;
    std::string cacheSummary;
    void onStageStarted(const StageStarted& e) override
    {
        if (e.stage == Stage::Denoising) {
            isDenoising = true;
            wallStart = Clock::now();
            cpuStart = processCpuSeconds();
        } else if (isDenoising) {
            stop();
        }
    }
    void onWarning(const Warning& w) override
    {
        if (w.message.rfind("step cache", 0) == 0)
            cacheSummary = w.message;
    }
    void stop()
    {
        isDenoising = false;
        wallEnd = Clock::now();
        cpuEnd = processCpuSeconds();
    }
    double wall() const { return std::chrono::duration<double>(wallEnd - wallStart).count(); }
    double cpu() const { return cpuEnd - cpuStart; }
};

std::string argument(int argc, char** argv, const std::string& flag, const std::string& fallback)
{
    for (int i = 1; i + 1 < argc; ++i)
        if (argv[i] == flag)
            return argv[i + 1];
    return fallback;
}

bool hasFlag(int argc, char** argv, const std::string& flag)
{
    for (int i = 1; i < argc; ++i)
        if (argv[i] == flag)
            return true;
    return false;
}

std::vector<std::string> split(const std::string& text)
{
    std::vector<std::string> parts;
    std::stringstream in(text);
    for (std::string part; std::getline(in, part, ',');)
        parts.push_back(part);
    return parts;
}

std::string tokenizerDir()
{
    const char* source = std::getenv("FRAMESMITH_SOURCE_DIR");
    return source ? std::string(source) + "/resources/demo-tokenizer" : DemoTokenizer::findDir();
}

nlohmann::json readJson(const fs::path& path)
{
    std::ifstream in(path);
    return nlohmann::json::parse(in);
}

// The cogvideox-mid 2b transformer and VAE, and a one-layer T5 as wide as the transformer's text input.
void writeMid2b(const std::string& dir, const fs::path& fixtures)
{
    const nlohmann::json transformer = readJson(fixtures / "transformer-2b-mid" / "config.json");
    nlohmann::json text = CogVideoXDemoModel::textEncoderConfig(tokenizerDir());
    text["d_model"] = transformer.at("text_embed_dim");
    text["num_layers"] = 1;
    text["num_heads"] = 4;
    text["d_kv"] = 64;
    text["d_ff"] = 256;
    CogVideoXDemoModel::writeWithConfigs(dir, tokenizerDir(), transformer, readJson(fixtures / "vae" / "config.json"), text);
}

struct Stats {
    double median = 0, low = 0, high = 0;
};

Stats statsOf(std::vector<double> values)
{
    std::sort(values.begin(), values.end());
    const std::size_t n = values.size();
    const double median = n % 2 ? values[n / 2] : (values[n / 2 - 1] + values[n / 2]) / 2;
    return {median, values.front(), values.back()};
}

struct Outcome {
    Stats wall, cpu;
    std::string cacheSummary;
    at::Tensor latents;
    VideoFrames clip;
};

double psnrDb(const VideoFrames& a, const VideoFrames& b)
{
    if (a.rgb.empty() || a.rgb.size() != b.rgb.size())
        return 0;
    double squared = 0;
    for (std::size_t i = 0; i < a.rgb.size(); ++i) {
        const double d = double(a.rgb[i]) - double(b.rgb[i]);
        squared += d * d;
    }
    const double mse = squared / double(a.rgb.size());
    return mse == 0 ? INFINITY : 10 * std::log10(255.0 * 255.0 / mse);
}

// The model the flags name: written once into `dir` unless it exists (or --model gave it).
void prepareModel(int argc, char** argv, const fs::path& dir)
{
    if (hasFlag(argc, argv, "--model") || fs::exists(dir / "model_index.json") || fs::exists(dir / "framesmith-demo.json"))
        return;
    std::printf("writing the model to %s ...\n", dir.c_str());
    if (hasFlag(argc, argv, "--demo"))
        CogVideoXDemoModel::write(dir.string(), tokenizerDir());
    else if (hasFlag(argc, argv, "--opensora-demo"))
        ModelRegistry::find("opensora")->writeDemoModel(dir.string(), {tokenizerDir(), 20261122});
    else
        writeMid2b(dir.string(), argument(argc, argv, "--mid-2b", ""));
}

GenerationRequest requestFor(int argc, char** argv, const fs::path& dir)
{
    GenerationRequest request = Engine::defaultRequest(dir.string());
    request.prompt = "a lighthouse in a storm, waves breaking"; // the family's own negative prompt (Open-Sora: none)
    request.frameCount = std::atoi(argument(argc, argv, "--frames", std::to_string(request.frameCount)).c_str());
    request.width = std::atoi(argument(argc, argv, "--width", std::to_string(request.width)).c_str());
    request.height = std::atoi(argument(argc, argv, "--height", std::to_string(request.height)).c_str());
    request.steps = std::atoi(argument(argc, argv, "--steps", "30").c_str());
    request.seed = 42;
    return request;
}

class Measurement {
public:
    Measurement(GenerationRequest request, GenerateOptions options) : m_request(std::move(request)), m_options(std::move(options)) {}

    // Settings take turns within each repeat, so a change in the machine's load reaches all of
    // them; only the first repeat of a setting decodes (its PSNR; the clock stops at decoding).
    std::vector<Outcome> run(const std::vector<std::string>& settings, int repeats)
    {
        DenoiseClock warmUp; // loads the model: no setting pays for it
        generate("off", warmUp, false);
        std::vector<Outcome> outcomes(settings.size());
        std::vector<std::vector<double>> walls(settings.size()), cpus(settings.size());
        for (int r = 0; r < repeats; ++r) {
            for (std::size_t i = 0; i < settings.size(); ++i) {
                DenoiseClock clock;
                GenerationResult result = generate(settings[i], clock, r == 0);
                walls[i].push_back(clock.wall());
                cpus[i].push_back(clock.cpu());
                outcomes[i].cacheSummary = clock.cacheSummary;
                if (r == 0)
                    outcomes[i].clip = std::move(result.clip);
                outcomes[i].latents = LatentsCheckpoint::read(m_options.saveLatentsPath).latents.to(at::kFloat);
                std::printf("repeat %d %-9s denoise wall %.2f s cpu %.2f s  %s\n", r + 1, settings[i].c_str(),
                            clock.wall(), clock.cpu(), clock.cacheSummary.c_str());
                std::fflush(stdout);
            }
        }
        for (std::size_t i = 0; i < settings.size(); ++i) {
            outcomes[i].wall = statsOf(walls[i]);
            outcomes[i].cpu = statsOf(cpus[i]);
        }
        return outcomes;
    }

private:
    GenerationResult generate(const std::string& setting, DenoiseClock& clock, bool isDecodeWanted)
    {
        m_request.stepCache = setting;
        m_options.isDecodeWanted = isDecodeWanted;
        GenerationResult result = m_engine.generate(m_request, clock, m_cancel, m_options);
        if (clock.isDenoising)
            clock.stop();
        return result;
    }

    GenerationRequest m_request;
    GenerateOptions m_options;
    Engine m_engine;
    CancelToken m_cancel;
};

// "C of N" from the runner's summary line; "all" without a cache.
std::string computedOf(const std::string& summary)
{
    const std::size_t from = summary.find("ran in ");
    return from == std::string::npos ? "all" : summary.substr(from + 7, summary.find(" step", from) - from - 7);
}

void printTable(const std::vector<std::string>& settings, const std::vector<Outcome>& outcomes)
{
    const Outcome& base = outcomes.front();
    std::printf("\n| setting | denoise wall s (min-max) | speed-up wall | speed-up CPU | later blocks ran | latents max abs | "
                "latents rel. L2 | video PSNR dB |\n|---|---|---|---|---|---|---|---|\n");
    for (std::size_t i = 0; i < outcomes.size(); ++i) {
        const Outcome& o = outcomes[i];
        const double maxAbs = (o.latents - base.latents).abs().max().item<double>();
        const double relL2 = ((o.latents - base.latents).norm() / base.latents.norm()).item<double>();
        std::printf("| %s | %.2f (%.2f-%.2f) | %.2fx | %.2fx | %s | %.4g | %.4g | %.1f |\n", settings[i].c_str(),
                    o.wall.median, o.wall.low, o.wall.high, base.wall.median / o.wall.median,
                    base.cpu.median / o.cpu.median, computedOf(o.cacheSummary).c_str(), maxAbs, relL2,
                    psnrDb(o.clip, base.clip));
    }
}

} // namespace

int main(int argc, char** argv)
{
    // As the app and the CLI do: the OpenBLAS kernel this CPU can run, not a generic fallback.
    framesmith::OpenBlasKernel::restartWithBetterKernel(argv);
    const int sources = int(hasFlag(argc, argv, "--demo")) + int(hasFlag(argc, argv, "--opensora-demo")) +
                        int(hasFlag(argc, argv, "--mid-2b")) + int(hasFlag(argc, argv, "--model"));
    if (sources != 1) {
        std::fprintf(stderr, "usage: bench_step_cache --demo | --mid-2b FIXTURES_DIR | --opensora-demo | --model DIR "
                             "[--steps N] [--repeats N] [--frames N --width W --height H] [--settings a,b] [--keep DIR] "
                             "[--device cpu|cuda:N]\n");
        return 2;
    }
    const std::string keep = argument(argc, argv, "--model", argument(argc, argv, "--keep", ""));
    const std::string scratch = "framesmith-cache-" + std::to_string(getpid());
    const fs::path dir = keep.empty() ? fs::temp_directory_path() / scratch : fs::path(keep);
    prepareModel(argc, argv, dir);
    const GenerationRequest request = requestFor(argc, argv, dir);
    const int repeats = std::max(1, std::atoi(argument(argc, argv, "--repeats", "3").c_str()));
    const std::vector<std::string> settings = split(argument(argc, argv, "--settings", "off,quality,balanced,fast"));
    GenerateOptions options;
    options.isPreviewWanted = false;
    options.device = argument(argc, argv, "--device", "");
    options.saveLatentsPath = (fs::temp_directory_path() / (scratch + ".latents.safetensors")).string();
    std::printf("model %s, %d frames %dx%d, %d steps, %d repeats taken in turns, threads as the engine sets them\n",
                dir.c_str(), request.frameCount, request.width, request.height, request.steps, repeats);
    Measurement measurement(request, options);
    printTable(settings, measurement.run(settings, repeats));
    fs::remove(options.saveLatentsPath);
    if (keep.empty())
        fs::remove_all(dir);
    return 0;
}
