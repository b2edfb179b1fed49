#pragma once
// A framesmith-cli subcommand. Each command lives in its own file and registers itself with
// FRAMESMITH_CLI_COMMAND; main() dispatches on the first argument.
#include "cli/CliArgs.h"

#include <functional>
#include <map>
#include <string>
#include <vector>

namespace framesmith::cli {

// Distinct exit codes so scripts can react (documented in `framesmith-cli help`).
enum ExitCode {
    kExitOk = 0,
    kExitFailure = 1,
    kExitBadInput = 2,
    kExitOutOfMemory = 3,
    kExitCancelled = 4,
    kExitPaused = 5 // the run paused (SIGUSR1, --pause-after-step); `framesmith-cli resume FILE` continues it
};

struct CliCommand {
    std::string name;
    std::string usage;   // one line: "inspect PATH"
    std::string summary;
    std::function<int(const std::vector<std::string>& args)> run; // builds its own CliArgs
};

std::map<std::string, CliCommand>& cliCommands();
bool registerCliCommand(CliCommand command);

} // namespace framesmith::cli

#define FRAMESMITH_CLI_CONCAT2(a, b) a##b
#define FRAMESMITH_CLI_CONCAT(a, b) FRAMESMITH_CLI_CONCAT2(a, b)
#define FRAMESMITH_CLI_COMMAND(...)                                                                 \
    static const bool FRAMESMITH_CLI_CONCAT(kCliRegistered, __LINE__) =                            \
        ::framesmith::cli::registerCliCommand(::framesmith::cli::CliCommand{__VA_ARGS__})
