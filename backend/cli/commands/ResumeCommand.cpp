// framesmith-cli resume: continues a paused run (generate's exit 5, SIGUSR1 or --pause-after-step)
// from its checkpoint through Engine::resume, in this process or after a restart: the request the
// file records, at the step it stopped, with the sampler's and the noise's state, so the clip is
// the uninterrupted run's.
#include "cli/CliCommand.h"
#include "cli/CliDevices.h"
#include "cli/RunOutcome.h"

#include "framesmith/Engine.h"
#include "framesmith/Error.h"

namespace framesmith::cli {

namespace {

int runResume(const std::vector<std::string>& argv)
{
    CliArgs args(argv, {"--quiet", "--no-decode"}, {CliDevices::kFlag});
    args.rejectUnknown({"--out", "--save-latents", "--device", "--memory-report", "--pause-after-step", "--quiet",
                        "--no-decode", CliDevices::kFlag});
    if (args.positionals().size() != 1)
        throw InvalidRequestError("FILE", "give exactly one paused latents checkpoint");
    const std::string paused = args.positionals().front();
    return RunOutcome::run(args, [&](Engine& engine, ProgressSink& progress, CancelToken& cancel,
                                     const GenerateOptions& options) {
        return engine.resume(paused, progress, cancel, options);
    });
}

} // namespace

FRAMESMITH_CLI_COMMAND("resume",
                       "resume FILE [--out FILE] [--save-latents F] [--device cpu|cuda:N] [--vram GiB ...] "
                       "[--memory-report F.json] [--pause-after-step N] [--no-decode] [--quiet]",
                       "continue a paused run (generate's exit 5) at the step it stopped: the same clip as "
                       "an uninterrupted run; SIGUSR1 or --pause-after-step pauses it again",
                       runResume);

} // namespace framesmith::cli
