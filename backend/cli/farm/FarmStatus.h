#pragma once
// Where each job of a farm submission stands, from three sources: sacct (how a finished task
// ended, when the cluster has an accounting database), squeue (tasks pending or running) and each
// task's own state file (always there once a task started: it needs no database). A task's own
// final word ("ok", "failed" with its reason) wins; Slurm's word explains the tasks that could not
// speak (TIMEOUT, NODE_FAIL, CANCELLED, a SIGKILL). Pure merge, plus read() that gathers the
// sources. Any thread.
#include "cli/farm/FarmSubmission.h"
#include "cli/farm/FarmTaskState.h"
#include "cli/farm/SlurmClient.h"

#include <map>
#include <optional>
#include <string>
#include <vector>

namespace framesmith::cli {

struct FarmJobStatus {
    enum class State { Pending, Running, Ok, Failed };

    int index = 0;
    std::string name;
    State state = State::Pending;
    std::string reason;      // the clip for Ok; the reason for Failed; squeue's reason while pending
    std::string outputPath;
    std::string latentsPath; // a failed job's kept latents checkpoint ("" : none)
    std::string logPath;

    bool isFinished() const { return state == State::Ok || state == State::Failed; }
};

class FarmStatus {
public:
    // accounted: nullopt when sacct has nothing (no slurmdbd).
    static std::vector<FarmJobStatus> merge(const FarmSubmission& submission, const std::map<int, SlurmTaskState>& queued,
                                            const std::optional<std::map<int, SlurmTaskState>>& accounted,
                                            const std::map<int, FarmTaskState>& states);
    // Asks Slurm and reads the state files. *source: which sources answered (for the user).
    static std::vector<FarmJobStatus> read(const FarmSubmission& submission, const SlurmClient& slurm,
                                           std::string* source = nullptr);
    static const char* stateName(FarmJobStatus::State state); // "pending", "running", "ok", "failed"
    // Why Slurm ended a task, in words ("" for states that are not an ending).
    static std::string slurmEnding(const SlurmTaskState& task, const FarmSubmission& submission);
};

} // namespace framesmith::cli
