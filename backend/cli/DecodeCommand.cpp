// framesmith-cli decode: decodes a latents checkpoint again, e.g. with smaller tiles after the first
// decode ran out of memory.
#include "cli/CliCommand.h"
#include "cli/FrameOutput.h"
#include "cli/InterruptCancel.h"
#include "cli/TerminalProgress.h"

#include "framesmith/Error.h"
#include "models/ModelRegistry.h"
#include "pipeline/GenerationRunner.h"
#include "pipeline/LatentsCheckpoint.h"
#include "pipeline/PipelineResourcesFor.h"

#include <c10/core/InferenceMode.h>

#include <cstring>
#include <filesystem>
#include <iostream>

namespace framesmith::cli {

namespace {

std::string defaultOutput(const std::string& checkpoint)
{
    std::string stem = std::filesystem::path(checkpoint).filename().string();
    for (const char* suffix : {".safetensors", ".latents"})
        if (stem.size() > std::strlen(suffix) && stem.compare(stem.size() - std::strlen(suffix), std::string::npos, suffix) == 0)
            stem.resize(stem.size() - std::strlen(suffix));
    return (std::filesystem::path(checkpoint).parent_path() / (stem + ".frames.safetensors")).string();
}

DecodeSettings settingsFrom(const CliArgs& args)
{
    DecodeSettings s;
    s.tiling = !args.has("--no-tiling");
    s.slicing = args.has("--slicing");
    s.tileHeight = args.intValue("--tile-height", s.tileHeight);
    s.tileWidth = args.intValue("--tile-width", s.tileWidth);
    if (s.tileHeight < 16 || s.tileWidth < 16)
        throw InvalidRequestError("--tile-height/--tile-width", "tiles must be at least 16 pixels");
    return s;
}

int runDecode(const std::vector<std::string>& argv)
{
    CliArgs args(argv, {"--no-tiling", "--slicing", "--quiet"});
    args.rejectUnknown({"--out", "--tile-height", "--tile-width", "--no-tiling", "--slicing", "--model", "--quiet"});
    if (args.positionals().size() != 1)
        throw InvalidRequestError("CHECKPOINT", "give exactly one latents checkpoint");
    const std::string path = args.positionals().front();
    LatentsCheckpoint checkpoint = LatentsCheckpoint::read(path);
    GenerationRequest request = checkpoint.request;
    request.modelPath = args.value("--model").value_or(request.modelPath);

    c10::InferenceMode inference;
    CancelToken cancel;
    InterruptCancel interrupt(cancel);
    PipelineResources resources = PipelineResourcesFor::request(request);
    resources.cancel = &cancel;
    auto pipeline = ModelRegistry::createPipeline(request.modelPath, resources);
    TerminalProgress progress(args.has("--quiet"));
    GenerationRunner runner(*pipeline, progress, cancel);
    GenerationResult result;
    result.request = request;
    result.latentsCheckpointPath = path;
    result.isPartial = checkpoint.isPartial;
    result.stepsCompleted = checkpoint.stepsCompleted;
    runner.decodeInto(result, checkpoint.latents, settingsFrom(args));
    const std::string out = args.value("--out").value_or(defaultOutput(path));
    FrameOutput::write(out, runner.frames(), result);
    std::cout << "output: " << out << " (" << result.frameCount << " frames, " << result.width << "x" << result.height
              << ")\n";
    return kExitOk;
}

} // namespace

FRAMESMITH_CLI_COMMAND("decode",
                       "decode CHECKPOINT [--out FILE] [--tile-height PX --tile-width PX] [--no-tiling] [--slicing] "
                       "[--model DIR]",
                       "decode saved latents again (other VAE settings after an out-of-memory decode)", runDecode);

} // namespace framesmith::cli
