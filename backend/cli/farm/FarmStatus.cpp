#include "cli/farm/FarmStatus.h"

#include "cli/CliCommand.h"
#include "cli/farm/FarmFolder.h"
#include "cli/farm/FarmSubmissionCheck.h"
#include "cli/farm/FarmTimeLimit.h"
#include "framesmith/Error.h"

#include <filesystem>
#include <map>

namespace framesmith::cli {

namespace fs = std::filesystem;

namespace {

// A regular file with data, judged by itself: a link in the shared folder is not one.
bool isFile(const std::string& path)
{
    std::error_code ec;
    return !path.empty() && fs::is_regular_file(fs::symlink_status(path, ec)) && fs::file_size(path, ec) > 0;
}

// Why a clip a task said it made is not one to collect.
std::string clipProblem(const std::string& path)
{
    std::error_code ec;
    const fs::file_status status = fs::symlink_status(path, ec);
    if (fs::is_symlink(status))
        return " is a symbolic link, not a clip farm run-task wrote (refused)";
    if (!fs::exists(status))
        return " is gone (moved or deleted?)";
    if (!fs::is_regular_file(status))
        return " is not a regular file (refused)";
    return " is empty";
}

// Task `index`'s own state file, read as FarmFolder reads the shared folder. A file that is there
// but refused (a FIFO, a link, too large, a latents field naming another file) is the job's failure,
// named; nullopt when the task has not written one yet.
std::optional<FarmTaskState> ownState(const FarmSubmission& sub, int index)
{
    const std::string relative = "state/" + std::to_string(index) + ".json";
    std::optional<FarmTaskState> state;
    try {
        state = FarmTaskState::fromJson(FarmFolder::readInside(sub.folder, relative, FarmFolder::kMaxSmallFileBytes,
                                                               "task state file"));
    } catch (const FileError& e) {
        if (e.code() == ErrorCode::MissingFile)
            return std::nullopt;
        return FarmTaskState{"failed", e.what(), -1, "", "", ""};
    }
    if (!state)
        return FarmTaskState{"failed", sub.folder + "/" + relative + ": is not a task state this program wrote", -1, "", "", ""};
    if (!state->latentsPath.empty() && !FarmSubmissionCheck::isOwnLatents(sub, index, state->latentsPath)) {
        state->reason += " (" + relative + ": latents: '" + state->latentsPath +
                         "' is not this task's latents/" + std::to_string(index) + ".safetensors; not collected)";
        state->latentsPath.clear();
    } else if (!state->latentsPath.empty()) {
        state->latentsPath = sub.latentsPath(index); // where the folder is now, not where it was
    }
    return state;
}

// Where a Slurm state puts a task (squeue(1) and sacct(1) of Slurm 22.05 to 24.11). A state not
// listed is Unknown: it is named to the user, never read as an ending it might not be.
enum class SlurmPhase { Waiting, Running, Ended, Unknown };

SlurmPhase phaseOf(const std::string& slurmState)
{
    static const std::map<std::string, SlurmPhase> phases = {
        {"PENDING", SlurmPhase::Waiting},       {"REQUEUED", SlurmPhase::Waiting},
        {"REQUEUE_HOLD", SlurmPhase::Waiting},  {"REQUEUE_FED", SlurmPhase::Waiting},
        {"RESV_DEL_HOLD", SlurmPhase::Waiting}, {"SPECIAL_EXIT", SlurmPhase::Waiting},
        {"CONFIGURING", SlurmPhase::Running},   {"RUNNING", SlurmPhase::Running},
        {"COMPLETING", SlurmPhase::Running},    {"SUSPENDED", SlurmPhase::Running},
        {"STOPPED", SlurmPhase::Running},       {"RESIZING", SlurmPhase::Running},
        {"SIGNALING", SlurmPhase::Running},     {"STAGE_OUT", SlurmPhase::Running},
        {"COMPLETED", SlurmPhase::Ended},       {"FAILED", SlurmPhase::Ended},
        {"TIMEOUT", SlurmPhase::Ended},         {"NODE_FAIL", SlurmPhase::Ended},
        {"CANCELLED", SlurmPhase::Ended},       {"OUT_OF_MEMORY", SlurmPhase::Ended},
        {"PREEMPTED", SlurmPhase::Ended},       {"BOOT_FAIL", SlurmPhase::Ended},
        {"DEADLINE", SlurmPhase::Ended},        {"REVOKED", SlurmPhase::Ended}};
    const auto it = phases.find(slurmState);
    return it == phases.end() ? SlurmPhase::Unknown : it->second;
}

// A state this version does not know (a newer Slurm, a site's patch): while the task is still in
// squeue's list it is shown as pending (nothing collected, status asked again later); once it has
// left the queue it counts as failed, so collect files its latents and the user sees the word.
void applyUnknownState(FarmJobStatus& job, const SlurmTaskState& slurm, bool isInQueue, const std::string& arrayId)
{
    const std::string named = "Slurm state '" + SlurmClient::excerpt(slurm.state) + "' is not one Framesmith knows";
    if (isInQueue) {
        job.state = FarmJobStatus::State::Pending;
        job.reason = named + ": the task is still in Slurm's queue, so it is shown as pending and nothing is collected "
                             "until Slurm reports an ending (squeue -j " + arrayId + "_" + std::to_string(job.index) + ")";
        return;
    }
    job.state = FarmJobStatus::State::Failed;
    job.reason = named + ": the task has left the queue without a word of its own, so it is counted as failed "
                         "(collect keeps its latents, if any)" + (job.logPath.empty() ? "" : "; see " + job.logPath);
}

// What the task itself said last, in words.
std::string ownReason(const FarmTaskState& own)
{
    if (own.exitCode == kExitOutOfMemory)
        return "out of memory: " + own.reason;
    if (own.state == "cancelled")
        return "stopped by Slurm (scancel or the time limit): " + own.reason;
    return own.reason;
}

void applyEnding(FarmJobStatus& job, const FarmTaskState* own, const SlurmTaskState* slurm, const FarmSubmission& sub)
{
    const std::string ending = slurm ? FarmStatus::slurmEnding(*slurm, sub) : "";
    job.state = FarmJobStatus::State::Failed;
    if (own && own->state == "failed")
        job.reason = ownReason(*own); // the program knew why
    else if (!ending.empty())
        job.reason = ending;
    else if (own && own->state == "cancelled")
        job.reason = ownReason(*own);
    else if (own)
        job.reason = "ended without a word (killed outright: node lost, time limit or scancel); see " + job.logPath;
    else
        job.reason = "left the queue without starting (cancelled, or its node was lost); see " + job.logPath;
}

} // namespace

const char* FarmStatus::stateName(FarmJobStatus::State state)
{
    switch (state) {
    case FarmJobStatus::State::Pending: return "pending";
    case FarmJobStatus::State::Running: return "running";
    case FarmJobStatus::State::Ok: return "ok";
    case FarmJobStatus::State::Failed: return "failed";
    }
    return "?";
}

std::string FarmStatus::slurmEnding(const SlurmTaskState& task, const FarmSubmission& sub)
{
    const std::string on = task.node.empty() || task.node == "None assigned" ? "" : " on " + task.node;
    if (task.state == "TIMEOUT")
        return "time limit reached (--time=" + FarmTimeLimit::slurmTime(sub.timeLimitMinutes) + ")" + on;
    if (task.state == "NODE_FAIL")
        return "node lost" + on;
    if (task.state == "CANCELLED")
        return "cancelled (scancel)" + on;
    if (task.state == "OUT_OF_MEMORY")
        return "the node's memory limit was reached: Slurm killed the task" + on;
    if (task.state == "PREEMPTED")
        return "preempted by a higher-priority job" + on;
    if (task.state == "BOOT_FAIL" || task.state == "DEADLINE")
        return "Slurm ended it: " + task.state + on;
    if (task.state == "FAILED")
        return task.exitCode == kExitOutOfMemory ? "out of memory" + on
                                                 : "failed with exit code " + std::to_string(task.exitCode) + on;
    return "";
}

std::vector<FarmJobStatus> FarmStatus::merge(const FarmSubmission& sub, const std::map<int, SlurmTaskState>& queued,
                                             const std::optional<std::map<int, SlurmTaskState>>& accounted,
                                             const std::map<int, FarmTaskState>& states)
{
    std::vector<FarmJobStatus> jobs;
    for (const FarmTask& task : sub.tasks) {
        FarmJobStatus job;
        job.index = task.index;
        job.name = task.name;
        job.outputPath = task.outputPath;
        job.logPath = sub.arrayId.empty() ? "" : sub.logPath(task.index);
        const auto own = states.find(task.index);
        const FarmTaskState* ownState = own == states.end() ? nullptr : &own->second;
        const auto inQueue = queued.find(task.index);
        const SlurmTaskState* slurm = nullptr;
        if (accounted && accounted->count(task.index))
            slurm = &accounted->at(task.index);
        else if (inQueue != queued.end())
            slurm = &inQueue->second;

        const SlurmPhase phase = slurm ? phaseOf(slurm->state) : SlurmPhase::Ended;
        const bool saidFailed = ownState && ownState->state == "failed"; // while Slurm may still tidy up
        if (ownState && ownState->state == "ok") {
            job.state = isFile(task.outputPath) ? FarmJobStatus::State::Ok : FarmJobStatus::State::Failed;
            job.reason = isFile(task.outputPath) ? task.outputPath : "its clip " + task.outputPath + clipProblem(task.outputPath);
        } else if (phase == SlurmPhase::Ended || saidFailed) {
            applyEnding(job, ownState, slurm, sub);
        } else if (phase == SlurmPhase::Unknown) {
            applyUnknownState(job, *slurm, inQueue != queued.end(), sub.arrayId);
        } else {
            const bool isPending = phase == SlurmPhase::Waiting;
            job.state = isPending ? FarmJobStatus::State::Pending : FarmJobStatus::State::Running;
            job.reason = isPending ? slurm->reason : (slurm->node.empty() ? "" : "on " + slurm->node);
        }
        if (job.state == FarmJobStatus::State::Failed) {
            const std::string kept = ownState && isFile(ownState->latentsPath) ? ownState->latentsPath : sub.latentsPath(task.index);
            job.latentsPath = isFile(kept) ? kept : "";
        }
        jobs.push_back(job);
    }
    return jobs;
}

std::vector<FarmJobStatus> FarmStatus::read(const FarmSubmission& sub, const SlurmClient& slurm, std::string* source)
{
    std::map<int, FarmTaskState> states;
    for (const FarmTask& task : sub.tasks)
        if (auto state = ownState(sub, task.index))
            states[task.index] = *state;
    std::map<int, SlurmTaskState> queued;
    std::optional<std::map<int, SlurmTaskState>> accounted;
    if (!sub.arrayId.empty()) {
        queued = slurm.queued(sub.arrayId);
        accounted = slurm.accounted(sub.arrayId);
    }
    if (source)
        *source = accounted ? "sacct, squeue and the tasks' state files"
                            : "squeue and the tasks' state files (sacct has no record: no accounting database)";
    return merge(sub, queued, accounted, states);
}

} // namespace framesmith::cli
