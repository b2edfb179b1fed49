// framesmith-cli decode: decodes a latents checkpoint again through the Engine (Engine::decode, as
// the app's "Decode again"), e.g. with smaller tiles after the first decode ran out of memory.
#include "cli/CliCommand.h"
#include "cli/CliDevices.h"
#include "cli/FrameOutput.h"
#include "cli/InterruptCancel.h"
#include "cli/TerminalProgress.h"

#include "framesmith/Engine.h"
#include "framesmith/Error.h"
#include "engine/GenerationHooks.h"

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

DecodeOptions vaeOptionsFrom(const CliArgs& args)
{
    DecodeOptions vae;
    vae.tiling = !args.has("--no-tiling");
    vae.slicing = args.has("--slicing");
    vae.tileHeight = args.intValue("--tile-height", vae.tileHeight, 16, 16384);
    vae.tileWidth = args.intValue("--tile-width", vae.tileWidth, 16, 16384);
    return vae;
}

int runDecode(const std::vector<std::string>& argv)
{
    CliArgs args(argv, {"--no-tiling", "--slicing", "--quiet"}, {CliDevices::kFlag});
    args.rejectUnknown({"--out", "--tile-height", "--tile-width", "--no-tiling", "--slicing", "--model", "--quiet",
                        "--device", CliDevices::kFlag});
    if (args.positionals().size() != 1)
        throw InvalidRequestError("CHECKPOINT", "give exactly one latents checkpoint");
    DecodeRequest request;
    request.checkpointPath = args.positionals().front();
    request.modelPath = args.value("--model").value_or("");
    request.vae = vaeOptionsFrom(args);
    request.device = args.value("--device").value_or("");
    request.devices = CliDevices::fromFlags(args);
    const std::string out = args.value("--out").value_or(defaultOutput(request.checkpointPath));
    FrameOutput::check(out);
    GenerationHooks hooks;
    request.hooks = &hooks;

    CancelToken cancel;
    InterruptCancel interrupt(cancel);
    TerminalProgress progress(args.has("--quiet"));
    Engine engine;
    const GenerationResult result = engine.decode(request, progress, cancel);
    FrameOutput::write(out, hooks.frames, result, &cancel);
    std::cout << "output: " << out << " (" << result.clip.frameCount << " frames, " << result.clip.width << "x"
              << result.clip.height << ")\n";
    return kExitOk;
}

} // namespace

FRAMESMITH_CLI_COMMAND("decode",
                       "decode CHECKPOINT [--out FILE] [--tile-height PX --tile-width PX] [--no-tiling] [--slicing] "
                       "[--model DIR] [--device cpu|cuda:N] [--vram GiB ...]",
                       "decode saved latents again (other VAE settings after an out-of-memory decode)", runDecode);

} // namespace framesmith::cli
