#pragma once
// How `generate` and `resume` run through the Engine and what they do with its result: --out and
// the run flags checked first, Ctrl-C cancels, progress on the terminal; then a paused run names
// its checkpoint and the command that continues it (kExitPaused), a finished one is exported
// (--out) and summarised.
#include "cli/CliArgs.h"
#include "framesmith/CancelToken.h"
#include "framesmith/GenerateOptions.h"
#include "framesmith/GenerationEvents.h"
#include "framesmith/GenerationResult.h"

#include <functional>
#include <string>

namespace framesmith {
class Engine;
class GenerationHooks;
}

namespace framesmith::cli {

class RunOutcome {
public:
    using EngineCall = std::function<GenerationResult(Engine&, ProgressSink&, CancelToken&, const GenerateOptions&)>;
    // The whole command after its own arguments: the one Engine call, then finish(). Exit code.
    static int run(const CliArgs& args, const EngineCall& call);
    // out: "" for no export. Returns the command's exit code.
    static int finish(const std::string& out, bool isDecodeWanted, const GenerationHooks& hooks,
                      GenerationResult& result, ProgressSink& progress, const CancelToken& cancel);

private:
    static void exportClip(const std::string& out, const GenerationHooks& hooks, GenerationResult& result,
                           ProgressSink& progress, const CancelToken& cancel);
    static void printSummary(const GenerationResult& result);
};

} // namespace framesmith::cli
