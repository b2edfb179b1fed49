#include "cli/RunOutcome.h"

#include "cli/CliCommand.h"
#include "cli/FrameOutput.h"
#include "cli/InterruptCancel.h"
#include "cli/RunOptions.h"
#include "cli/TerminalProgress.h"

#include "framesmith/Engine.h"
#include "framesmith/Error.h"
#include "engine/GenerationHooks.h"

#include <chrono>
#include <iostream>

namespace framesmith::cli {

int RunOutcome::run(const CliArgs& args, const EngineCall& call)
{
    const std::string out = args.value("--out").value_or("");
    if (!out.empty())
        FrameOutput::check(out);
    GenerateOptions options = RunOptions::fromArgs(args);
    GenerationHooks hooks;
    options.hooks = &hooks;

    CancelToken cancel;
    InterruptCancel interrupt(cancel);
    TerminalProgress progress(args.has("--quiet"));
    Engine engine;
    GenerationResult result = call(engine, progress, cancel, options);
    return finish(out, options.isDecodeWanted, hooks, result, progress, cancel);
}

int RunOutcome::finish(const std::string& out, bool isDecodeWanted, const GenerationHooks& hooks,
                       GenerationResult& result, ProgressSink& progress, const CancelToken& cancel)
{
    if (result.isPaused) {
        // Scripts read the first line; the exit code says the run is not finished.
        std::cout << "paused: " << result.latentsCheckpointPath << "\n"
                  << "paused after step " << result.stepsCompleted << " of " << result.request.steps
                  << "; continue with: framesmith-cli resume " << result.latentsCheckpointPath
                  << (out.empty() ? "" : " --out " + out) << "\n";
        return kExitPaused;
    }
    if (!out.empty() && isDecodeWanted)
        exportClip(out, hooks, result, progress, cancel);
    printSummary(result);
    return kExitOk;
}

void RunOutcome::exportClip(const std::string& out, const GenerationHooks& hooks, GenerationResult& result,
                            ProgressSink& progress, const CancelToken& cancel)
{
    progress.onStageStarted({Stage::Exporting, out});
    auto start = std::chrono::steady_clock::now();
    try {
        FrameOutput::write(out, hooks.frames, result, &cancel);
    } catch (Error& e) { // a cancelled or failed export: the latents are safe, say where
        e.setLatentsCheckpointPath(result.latentsCheckpointPath);
        throw;
    }
    result.outputPath = out;
    result.timings.push_back(
        {stageName(Stage::Exporting), std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count(), 0});
}

void RunOutcome::printSummary(const GenerationResult& result)
{
    std::cout << "latents: " << result.latentsCheckpointPath << "\n";
    if (!result.outputPath.empty())
        std::cout << "output: " << result.outputPath << " (" << result.clip.frameCount << " frames, "
                  << result.clip.width << "x" << result.clip.height << (result.isPartial ? ", partial" : "") << ")\n";
    for (const auto& t : result.timings)
        std::cout << "time " << t.stage << ": " << t.seconds << " s\n";
}

} // namespace framesmith::cli
