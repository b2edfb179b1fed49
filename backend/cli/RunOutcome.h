#pragma once
// What `generate` and `resume` do with the Engine's result: a paused run names its checkpoint and
// the command that continues it (kExitPaused); a finished one is exported (--out) and summarised.
#include "framesmith/CancelToken.h"
#include "framesmith/GenerationEvents.h"
#include "framesmith/GenerationResult.h"

#include <string>

namespace framesmith {
class GenerationHooks;
}

namespace framesmith::cli {

class RunOutcome {
public:
    // out: "" for no export. Returns the command's exit code.
    static int finish(const std::string& out, bool isDecodeWanted, const GenerationHooks& hooks,
                      GenerationResult& result, ProgressSink& progress, const CancelToken& cancel);

private:
    static void exportClip(const std::string& out, const GenerationHooks& hooks, GenerationResult& result,
                           ProgressSink& progress, const CancelToken& cancel);
    static void printSummary(const GenerationResult& result);
};

} // namespace framesmith::cli
