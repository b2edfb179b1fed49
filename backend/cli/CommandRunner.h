#pragma once
// Runs one external program (sbatch, squeue, sacct, scancel) and collects what it printed: argv
// as given, no shell, so a partition or path with spaces or quotes is passed as one argument. One
// thread; blocks until the program ends.
#include <string>
#include <vector>

namespace framesmith::cli {

struct CommandResult {
    int exitCode = -1;        // -1: it could not be started (not installed) or died from a signal
    std::string out;
    std::string err;
    bool wasStarted = false;
};

class CommandRunner {
public:
    static CommandResult run(const std::vector<std::string>& argv);
};

} // namespace framesmith::cli
