// Warm start: how long Generate takes to reach the first denoising step on a cold Engine and on
// the same warm Engine later, and whether unloading gives the memory back. One process, one
// Engine, as the app drives it: N generations of the same request with new seeds, then unload.
//   bench_warm_start --demo | --mid-5b FIXTURES_DIR [--runs 10] [--frames 9 --width 96 --height 64
//                    --steps 1] [--preset NAME] [--keep DIR] [--lora-rank R]
// --demo writes the demo model; --mid-5b writes a model with the cogvideox-mid 5b transformer
// (real widths, 2 blocks) and full VAE (tests/fixtures/cogvideox-mid) and seeded random weights.
// Reports per run: seconds to the loading stage (the request checked and planned), to the text
// stage (models found or loaded), to the first denoising step (StageStarted(denoise): text encoded
// or cached, transformer loaded or kept) and to the end of step 1, whether it was warm; then RSS (/proc/self/statm) at start, after a warm-up load/unload
// cycle (the baseline: libtorch's one-time costs paid), loaded, and after unload.
// --lora-rank R: every run applies a random rank-R LoRA on every block Linear at a strength that
// changes from run to run (1.0, 0.9, ...): a warm run then pays only for trading the strength
// (merged weights restored and merged again, or new side-path factors), never for a reload.
#include "framesmith/Engine.h"
#include "framesmith/OpenBlasKernel.h"
#include "io/SafetensorsReader.h"
#include "io/SafetensorsWriter.h"
#include "models/DemoTokenizer.h"
#include "models/cogvideox/CogVideoXDemoModel.h"

#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <ATen/ATen.h>
#include <nlohmann/json.hpp>
#include <string>
#include <unistd.h>
#include <vector>

using namespace framesmith;
namespace fs = std::filesystem;

namespace {

using Clock = std::chrono::steady_clock;

double seconds(Clock::time_point from, Clock::time_point to) { return std::chrono::duration<double>(to - from).count(); }

double residentMiB()
{
    std::ifstream statm("/proc/self/statm");
    long pages = 0, resident = 0;
    statm >> pages >> resident;
    return double(resident) * double(sysconf(_SC_PAGESIZE)) / (1 << 20);
}

struct Timing : ProgressSink {
    Clock::time_point start, loading, textStarted, denoiseStarted, firstStep;
    void onStageStarted(const StageStarted& e) override
    {
        if (e.stage == Stage::Loading)
            loading = Clock::now();
        if (e.stage == Stage::TextEncoding)
            textStarted = Clock::now();
        if (e.stage == Stage::Denoising)
            denoiseStarted = Clock::now();
    }
    void onStepFinished(const StepFinished& e) override
    {
        if (e.step == 1)
            firstStep = Clock::now();
    }
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

nlohmann::json readJson(const fs::path& path)
{
    std::ifstream in(path);
    return nlohmann::json::parse(in);
}

std::string tokenizerDir()
{
    const char* source = std::getenv("FRAMESMITH_SOURCE_DIR");
    if (source)
        return std::string(source) + "/resources/demo-tokenizer";
    return DemoTokenizer::findDir();
}

// The cogvideox-mid 5b transformer and VAE, and a one-layer T5 as wide as the transformer's text input.
void writeMidModel(const std::string& dir, const fs::path& fixtures)
{
    const nlohmann::json transformer = readJson(fixtures / "transformer-5b-mid" / "config.json");
    nlohmann::json text = CogVideoXDemoModel::textEncoderConfig(tokenizerDir());
    text["d_model"] = transformer.at("text_embed_dim");
    text["num_layers"] = 1;
    text["num_heads"] = 4;
    text["d_kv"] = 64;
    text["d_ff"] = 256;
    CogVideoXDemoModel::writeWithConfigs(dir, tokenizerDir(), transformer, readJson(fixtures / "vae" / "config.json"), text);
}

// A random diffusers-layout LoRA of `rank` on every 2-D weight of the transformer's blocks.
std::string writeRandomLora(const fs::path& model, int rank)
{
    const std::string path = (model / "bench-lora.safetensors").string();
    SafetensorsReader weights((model / "transformer" / "diffusion_pytorch_model.safetensors").string());
    SafetensorsWriter writer;
    at::manual_seed(7);
    for (const TensorEntry& e : weights.entries()) {
        const std::string suffix = ".weight";
        if (e.name.rfind("transformer_blocks.", 0) != 0 || e.shape.size() != 2 || e.name.find(".norm") != std::string::npos)
            continue;
        const std::string module = "transformer." + e.name.substr(0, e.name.size() - suffix.size());
        writer.add(module + ".lora_A.weight", at::randn({rank, e.shape[1]}) * 0.01);
        writer.add(module + ".lora_B.weight", at::randn({e.shape[0], rank}) * 0.01);
    }
    writer.write(path);
    return path;
}

} // namespace

int main(int argc, char** argv)
{
    // As the app and the CLI do: the OpenBLAS kernel this CPU can run, not a generic fallback.
    framesmith::OpenBlasKernel::restartWithBetterKernel(argv);
    const double startMiB = residentMiB();
    const bool isDemo = hasFlag(argc, argv, "--demo");
    const std::string mid = argument(argc, argv, "--mid-5b", "");
    if (isDemo == !mid.empty()) {
        std::fprintf(stderr, "usage: bench_warm_start --demo | --mid-5b FIXTURES_DIR [--runs N] [--preset NAME]\n");
        return 2;
    }
    const std::string keep = argument(argc, argv, "--keep", "");
    const fs::path dir = keep.empty() ? fs::temp_directory_path() / ("framesmith-warm-" + std::to_string(getpid())) : fs::path(keep);
    if (!fs::exists(dir / "model_index.json")) {
        std::printf("writing the model to %s ...\n", dir.c_str());
        if (isDemo)
            CogVideoXDemoModel::write(dir.string(), tokenizerDir());
        else
            writeMidModel(dir.string(), mid);
    }
    GenerationRequest request;
    request.modelPath = dir.string();
    request.prompt = "a lighthouse in a storm, waves breaking";
    request.frameCount = std::atoi(argument(argc, argv, "--frames", "9").c_str());
    request.width = std::atoi(argument(argc, argv, "--width", "96").c_str());
    request.height = std::atoi(argument(argc, argv, "--height", "64").c_str());
    request.steps = std::atoi(argument(argc, argv, "--steps", "1").c_str());
    request.preset = argument(argc, argv, "--preset", "auto");
    const int runs = std::max(2, std::atoi(argument(argc, argv, "--runs", "10").c_str()));
    if (const int rank = std::atoi(argument(argc, argv, "--lora-rank", "0").c_str()); rank > 0) {
        LoraSpec lora;
        lora.file = writeRandomLora(dir, rank);
        request.loras = {lora};
        std::printf("LoRA: rank %d on every block matrix (%s)\n", rank, lora.file.c_str());
    }
    GenerateOptions options;
    options.isPreviewWanted = false;
    options.saveLatentsPath = (fs::temp_directory_path() / ("framesmith-warm-" + std::to_string(getpid()) + ".latents.safetensors")).string();

    Engine engine;
    CancelToken cancel;
    auto generate = [&](std::uint64_t seed) {
        Timing timing;
        request.seed = seed;
        if (!request.loras.empty()) // only the strength changes between runs
            request.loras[0].strength = 1.0 - 0.1 * static_cast<double>(seed % 10);
        timing.start = Clock::now();
        const GenerationResult result = engine.generate(request, timing, cancel, options);
        std::printf("run %2llu: %s  setup %.3f s  to text %.3f s  to denoise %.3f s  to end of step 1 %.3f s  "
                    "total %.2f s\n",
                    static_cast<unsigned long long>(seed), result.wasWarm ? "warm" : "cold",
                    seconds(timing.start, timing.loading), seconds(timing.start, timing.textStarted),
                    seconds(timing.start, timing.denoiseStarted), seconds(timing.start, timing.firstStep),
                    seconds(timing.start, Clock::now()));
        return seconds(timing.start, timing.denoiseStarted);
    };
    std::printf("warm-up cycle (load, generate, unload):\n");
    generate(0);
    engine.unload();
    const double baselineMiB = residentMiB();
    std::vector<double> toDenoise;
    for (int i = 1; i <= runs; ++i)
        toDenoise.push_back(generate(static_cast<std::uint64_t>(i)));
    const double loadedMiB = residentMiB();
    engine.unload();
    const double unloadedMiB = residentMiB();
    std::printf("\nto first denoising step: 1st %.3f s, 2nd %.3f s (%.1f %%), %dth %.3f s (%.1f %%)\n", toDenoise[0],
                toDenoise[1], 100 * toDenoise[1] / toDenoise[0], runs, toDenoise.back(),
                100 * toDenoise.back() / toDenoise[0]);
    std::printf("RSS: at start %.0f MiB, baseline after warm-up cycle %.0f MiB, loaded %.0f MiB, after unload %.0f MiB "
                "(%+.2f %% of baseline)\n",
                startMiB, baselineMiB, loadedMiB, unloadedMiB, 100 * (unloadedMiB - baselineMiB) / baselineMiB);
    fs::remove(options.saveLatentsPath);
    if (keep.empty())
        fs::remove_all(dir);
    return 0;
}
