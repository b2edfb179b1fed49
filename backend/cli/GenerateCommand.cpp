// framesmith-cli generate: one clip from flags or a JSON job file (framesmith::toJson schema).
#include "cli/CliCommand.h"
#include "cli/FrameOutput.h"
#include "cli/InterruptCancel.h"
#include "cli/TerminalProgress.h"

#include "framesmith/Error.h"
#include "io/SafetensorsReader.h"
#include "memory/monitor/DeviceMemory.h"
#include "memory/oom/GenerationMemory.h"
#include "models/ModelRegistry.h"
#include "pipeline/EngineRequestCheck.h"
#include "pipeline/GenerationRunner.h"
#include "pipeline/PipelineResourcesFor.h"

#include <ATen/ATen.h>
#include <c10/core/InferenceMode.h>

#include <chrono>
#include <cstdio>
#include <fstream>
#include <iostream>
#include <sstream>

namespace framesmith::cli {

namespace {

const std::set<std::string> kFlags = {"--model", "--prompt", "--negative-prompt", "--image", "--frames", "--fps",
                                      "--width", "--height", "--steps", "--guidance", "--dynamic-guidance", "--seed",
                                      "--scheduler", "--preset", "--job", "--latents-in", "--save-latents", "--out",
                                      "--device", "--quiet", "--no-decode"};

std::string readFile(const std::string& path)
{
    std::ifstream in(path);
    if (!in)
        throw FileError(ErrorCode::MissingFile, path, "cannot open the job file");
    std::stringstream buffer;
    buffer << in.rdbuf();
    return buffer.str();
}

std::uint64_t parseSeed(const std::string& text)
{
    char* end = nullptr;
    unsigned long long seed = std::strtoull(text.c_str(), &end, 10);
    if (text.empty() || *end != '\0' || text[0] == '-')
        throw InvalidRequestError("--seed", "expects a non-negative integer, got '" + text + "'");
    return seed;
}

// Flags override the job file; sizes the user did not give come from the model's defaults.
GenerationRequest buildRequest(const CliArgs& args, const ParameterSpec& spec, bool hasJob, GenerationRequest r)
{
    if (!hasJob) {
        r.width = spec.defaultWidth;
        r.height = spec.defaultHeight;
        r.frameCount = spec.defaultFrames;
        r.fps = spec.defaultFps;
    }
    r.prompt = args.value("--prompt").value_or(r.prompt);
    r.negativePrompt = args.value("--negative-prompt").value_or(r.negativePrompt);
    r.startImagePath = args.value("--image").value_or(r.startImagePath);
    r.frameCount = args.intValue("--frames", r.frameCount);
    r.fps = args.intValue("--fps", r.fps);
    r.width = args.intValue("--width", r.width);
    r.height = args.intValue("--height", r.height);
    r.steps = args.intValue("--steps", r.steps);
    r.guidanceScale = args.doubleValue("--guidance", r.guidanceScale);
    r.useDynamicGuidance = r.useDynamicGuidance || args.has("--dynamic-guidance");
    if (auto seed = args.value("--seed"))
        r.seed = parseSeed(*seed);
    r.scheduler = args.value("--scheduler").value_or(r.scheduler);
    r.preset = args.value("--preset").value_or(r.preset);
    return r;
}

PipelineResources resourcesFor(const CliArgs& args, const GenerationRequest& request, const MemoryPreset& preset)
{
    PipelineResources resources = PipelineResourcesFor::preset(preset, at::hasCUDA());
    if (auto device = args.value("--device")) {
        if (*device == "cpu") {
            resources = PipelineResourcesFor::preset(MemoryPreset{}, false);
            resources.decode.tiling = resources.decode.slicing = false;
        } else if (device->rfind("cuda", 0) != 0) {
            throw InvalidRequestError("--device", "expects cpu or cuda[:N], got '" + *device + "'");
        } else if (!at::hasCUDA()) {
            throw Error(ErrorCode::Unavailable, "--device " + *device + ": this build or machine has no CUDA");
        } else {
            resources.device = c10::Device(*device);
            resources.textEncoderDevice = resources.device;
        }
    }
    return resources;
}

std::optional<at::Tensor> latentsFrom(const CliArgs& args)
{
    auto path = args.value("--latents-in");
    if (!path)
        return std::nullopt;
    SafetensorsReader reader(*path);
    if (!reader.find("latents"))
        throw FileError(ErrorCode::BadFile, *path, "has no tensor \"latents\"");
    return reader.view("latents").clone();
}

void printSummary(const GenerationResult& result, const std::string& out)
{
    std::cout << "latents: " << result.latentsCheckpointPath << "\n";
    if (!out.empty())
        std::cout << "output: " << out << " (" << result.frameCount << " frames, " << result.width << "x"
                  << result.height << (result.isPartial ? ", partial" : "") << ")\n";
    for (const auto& t : result.timings)
        std::cout << "time " << t.stage << ": " << t.seconds << " s\n";
}

int runGenerate(const std::vector<std::string>& argv)
{
    CliArgs args(argv, {"--dynamic-guidance", "--quiet", "--no-decode"});
    args.rejectUnknown(kFlags);
    const bool hasJob = args.has("--job");
    GenerationRequest base = hasJob ? requestFromJson(readFile(args.require("--job"))) : GenerationRequest{};
    base.modelPath = args.value("--model").value_or(base.modelPath);
    if (base.modelPath.empty())
        throw InvalidRequestError("--model", "is required (or \"model\" in the job file)");
    c10::InferenceMode inference;
    CancelToken cancel;
    InterruptCancel interrupt(cancel);
    // The preset first: its allocator settings must be in place before CUDA allocates anything.
    GenerationRequest planned = base;
    planned.preset = args.value("--preset").value_or(base.preset);
    std::string memoryLog;
    const MemoryPreset preset = GenerationMemory::resolvePreset(planned, DeviceMemory::detect(), &memoryLog);
    PipelineResources resources = resourcesFor(args, base, preset);
    resources.cancel = &cancel;
    auto pipeline = ModelRegistry::createPipeline(base.modelPath, resources);
    GenerationRequest request = buildRequest(args, pipeline->parameterSpec(), hasJob, base);
    EngineRequestCheck::require(request, pipeline->parameterSpec());

    TerminalProgress progress(args.has("--quiet"));
    if (!args.has("--quiet"))
        std::cerr << memoryLog << "\n";
    GenerationMemory memory(preset, progress, resources.device.is_cuda() ? "cuda:" + std::to_string(resources.device.index()) : "cpu");
    GenerationRunner runner(*pipeline, progress, cancel);
    RunOptions options;
    options.checkpointPath = args.value("--save-latents").value_or("");
    options.initialLatents = latentsFrom(args);
    options.decode = resources.decode;
    options.isDecodeWanted = !args.has("--no-decode");
    options.isPreviewWanted = false;
    options.memory = &memory;
    GenerationResult result = runner.run(request, options);
    const std::string out = args.value("--out").value_or("");
    if (!out.empty() && options.isDecodeWanted) {
        progress.onStageStarted({Stage::Exporting, out});
        auto start = std::chrono::steady_clock::now();
        memory.beginStage(Stage::Exporting);
        memory.run(Stage::Exporting, 0, [&] { FrameOutput::write(out, runner.frames(), result); });
        memory.endStage(Stage::Exporting);
        result.timings.push_back({stageName(Stage::Exporting),
                                  std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count(),
                                  memory.stagePeakBytes(Stage::Exporting)});
    }
    result.recoveries = memory.recoveries();
    double denoiseSeconds = 0;
    for (const StageTiming& timing : result.timings)
        if (timing.stage == stageName(Stage::Denoising))
            denoiseSeconds = timing.seconds;
    memory.writeReport(result.stepsCompleted > 0 ? denoiseSeconds / result.stepsCompleted : 0);
    printSummary(result, out);
    return kExitOk;
}

} // namespace

FRAMESMITH_CLI_COMMAND("generate",
                       "generate --model DIR --prompt TEXT [--negative-prompt T] [--image PNG] [--frames N] [--fps N] "
                       "[--width W --height H] [--steps N] [--guidance G] [--dynamic-guidance] [--seed S] "
                       "[--scheduler NAME] [--preset NAME] [--job JOB.json] [--latents-in F] [--save-latents F] "
                       "[--out FILE] [--device cpu|cuda:N] [--no-decode] [--quiet]",
                       "generate one clip; Ctrl-C cancels (exit 4), the latents are saved before decoding; the model's "
                       "family gives the defaults and the samplers (`framesmith-cli families`)",
                       runGenerate);

} // namespace framesmith::cli
