#pragma once
// Talks to Slurm through its commands: sbatch (submit an array), squeue (tasks still pending or
// running), sacct (how finished tasks ended: only with an accounting database, slurmdbd) and
// scancel. The program runner is injectable, so tests feed canned output; the parsers are public
// for the same reason. Slurm's formats are those of 22.05 (Debian 12) and later. One thread.
#include "cli/farm/CommandRunner.h"

#include <functional>
#include <map>
#include <optional>
#include <string>
#include <vector>

namespace framesmith::cli {

// One array task as Slurm reports it.
struct SlurmTaskState {
    std::string state;    // Slurm's word: PENDING, RUNNING, COMPLETED, FAILED, TIMEOUT, NODE_FAIL, CANCELLED, ...
    std::string reason;   // squeue's reason (pending/ held) or ""
    int exitCode = -1;    // sacct's exit code of the task's script (-1: not known)
    std::string node;
};

class SlurmClient {
public:
    using Runner = std::function<CommandResult(const std::vector<std::string>& argv)>;
    // No runner: CommandRunner with CommandLimits::fromEnvironment() (a deadline and output caps).
    explicit SlurmClient(Runner runner = nullptr, CommandLimits limits = CommandLimits::fromEnvironment());

    // sbatch --parsable SCRIPT: the array's job id. Throws Error naming sbatch's own message.
    std::string submit(const std::string& scriptPath) const;
    // Tasks of the array still in the queue, by task index (an empty map: none left).
    std::map<int, SlurmTaskState> queued(const std::string& arrayId) const;
    // Tasks as the accounting database recorded them; nullopt when sacct has nothing to say
    // (accounting disabled, no slurmdbd, sacct not installed).
    std::optional<std::map<int, SlurmTaskState>> accounted(const std::string& arrayId) const;
    void cancel(const std::string& arrayId) const; // throws Error when scancel refuses

    static std::string parseSubmit(const std::string& sbatchOut); // "123" or "123;cluster" -> "123"
    // At most ~1000 characters of a program's message, trimmed, with how much was left out.
    static std::string excerpt(const std::string& text);
    // Lines "ID|STATE|REASON|NODE" (squeue -h -r -o '%i|%T|%r|%N').
    static std::map<int, SlurmTaskState> parseQueue(const std::string& arrayId, const std::string& squeueOut);
    // Lines "JobID|State|ExitCode|NodeList" (sacct -n -P -X -o JobID,State,ExitCode,NodeList).
    static std::map<int, SlurmTaskState> parseAccounting(const std::string& arrayId, const std::string& sacctOut);

private:
    // Why `command` gave no answer; throws CancelledError when the cancel token ended it.
    std::string describe(const CommandResult& result, const std::string& command) const;

    CommandLimits m_limits;
    Runner m_runner;
};

} // namespace framesmith::cli
