#pragma once
// Runs one external program (sbatch, squeue, sacct, scancel) and collects what it printed: argv
// as given, no shell, so a partition or path with spaces or quotes is passed as one argument. One
// thread; blocks until the program ends, its deadline passes, it prints more than the cap or the
// cancel token stops it. The program runs in a process group of its own, and that whole group is
// ended (SIGTERM, then SIGKILL a second later) on a deadline, an overflow or a cancel, so a hung
// squeue or a script's background children cannot keep `farm` waiting; and framesmith-cli killed
// outright takes the program with it (its parent-death signal).
#include "framesmith/CancelToken.h"

#include <cstddef>
#include <string>
#include <vector>

namespace framesmith::cli {

struct CommandLimits {
    int timeoutSeconds = 180;              // a Slurm command answers in seconds; a busy controller in a minute
    std::size_t maxOutBytes = 16u << 20;   // squeue for a 10k-task array prints about 0.5 MiB
    std::size_t maxErrBytes = 256u << 10;
    const CancelToken* cancel = nullptr;   // a stop request ends the program (farm submit's Ctrl-C)

    // FRAMESMITH_COMMAND_TIMEOUT (seconds, 1..86400) overrides the default deadline.
    static CommandLimits fromEnvironment();
};

struct CommandResult {
    int exitCode = -1;        // -1: it could not be started (not installed), died from a signal or was ended
    std::string out;
    std::string err;
    bool wasStarted = false;
    bool timedOut = false;         // ended at the deadline
    bool printedTooMuch = false;   // ended when its output passed the cap
    bool wasCancelled = false;     // ended by the cancel token

    // Why it was ended ("did not finish within 180 s"), or "" when it ended by itself.
    std::string endedBecause(const CommandLimits& limits) const;
};

class CommandRunner {
public:
    static CommandResult run(const std::vector<std::string>& argv, const CommandLimits& limits = CommandLimits::fromEnvironment());
};

} // namespace framesmith::cli
