// framesmith-cli farm: the render queue on a Slurm cluster. `submit` checks every job, copies them
// into <out>/.farm/<id>/ and submits one array task per job; each task runs `farm run-task` (one
// job through the same runner as `batch`, its state written for `status`); `status` and `collect`
// read squeue/sacct and the tasks' state files; `collect` files the clips into a History.
#include "cli/batch/BatchJob.h"
#include "cli/batch/BatchJobRunner.h"
#include "cli/CliCommand.h"
#include "cli/farm/FarmCollector.h"
#include "cli/farm/FarmStatus.h"
#include "cli/farm/FarmSubmission.h"
#include "cli/farm/FarmTaskState.h"
#include "cli/farm/FarmTimeLimit.h"
#include "cli/FrameOutput.h"
#include "cli/InterruptCancel.h"
#include "cli/farm/SbatchScript.h"
#include "core/Utf8.h"

#include "framesmith/DataFolders.h"
#include "framesmith/Error.h"
#include "framesmith/ExportOptions.h"

#include <algorithm>
#include <cstdlib>
#include <filesystem>
#include <iostream>
#include <map>
#include <unistd.h>

namespace framesmith::cli {

namespace {

namespace fs = std::filesystem;

const std::set<std::string> kSubmitFlags = {"--partition", "--out", "--gpus-per-job", "--sbatch-arg",
                                            "--model", "--device", "--format", "--dry-run"};

FarmSettings settingsFrom(const CliArgs& args)
{
    FarmSettings s;
    s.partition = args.require("--partition");
    s.outFolder = fs::absolute(args.require("--out")).lexically_normal().string();
    while (s.outFolder.size() > 1 && s.outFolder.back() == '/')
        s.outFolder.pop_back(); // "out/" and "out" are one folder; the record names it one way
    s.gpusPerJob = args.intValue("--gpus-per-job", 1, 0, 64);
    s.sbatchArgs = args.values("--sbatch-arg");
    s.model = args.value("--model").value_or("");
    if (!s.model.empty())
        s.model = fs::absolute(s.model).lexically_normal().string();
    s.device = args.value("--device").value_or("");
    s.format = args.value("--format").value_or("mp4");
    const auto format = exportFormatFromName(s.format);
    if (!format || *format == ExportFormat::PngSequence)
        throw InvalidRequestError("--format", "'" + s.format + "' is not a video format (mp4, h265, webm, av1, mov, gif)");
    FrameOutput::checkFolder(s.outFolder + "/job.mp4", "--out");
    return s;
}

// Every job checked as `batch` checks it; any problem refuses the whole submission (nothing is
// half-submitted). Jobs already done in the output folder are left out.
std::vector<BatchJob> checkedJobs(const CliArgs& args, const FarmSettings& s)
{
    const std::string extension = exportFormatExtension(*exportFormatFromName(s.format));
    std::vector<BatchJob> jobs;
    std::map<std::string, std::string> outputs;
    std::string problems;
    for (const std::string& file : BatchJob::jobFiles(args.positionals())) {
        BatchJob job = BatchJob::load(file, s.outFolder, extension, s.model);
        std::size_t offset = 0;
        if (job.problem.empty() && !Utf8::isValid(job.name(), &offset)) // it names the copy, the clip and the task
            job.problem = "the file name is not valid UTF-8 (bad byte at offset " + std::to_string(offset) +
                          "): the farm records job names as JSON text; rename it in UTF-8";
        const auto [it, isNew] = outputs.emplace(job.outputPath, job.name());
        if (!isNew && job.problem.empty())
            job.problem = "writes the same clip as " + it->second + " (" + it->first + "): rename one job file";
        if (!job.problem.empty())
            problems += "\n  " + job.name() + ": " + job.problem;
        else if (job.isDone())
            std::cerr << "farm submit: " << job.name() << ": already done (" << job.outputPath << "), left out\n";
        else
            jobs.push_back(job);
    }
    if (!problems.empty())
        throw InvalidRequestError("JOBS", "nothing was submitted; fix these jobs first:" + problems);
    return jobs;
}

int runSubmit(const std::vector<std::string>& argv)
{
    CliArgs args(argv, {"--dry-run"});
    args.rejectUnknown(kSubmitFlags);
    const FarmSettings settings = settingsFrom(args);
    const std::vector<BatchJob> jobs = checkedJobs(args, settings);
    if (jobs.empty()) {
        std::cerr << "farm submit: every job is already done; nothing to submit\n";
        return kExitOk;
    }
    const bool onGpu = settings.gpusPerJob > 0 && settings.device != "cpu";
    std::vector<std::int64_t> estimates;
    for (const BatchJob& job : jobs)
        estimates.push_back(FarmTimeLimit::estimateSeconds(job.request, onGpu));
    // Ctrl-C or SIGTERM from here on stops sbatch and removes the folder: nothing half-submitted.
    CancelToken interrupted;
    InterruptCancel interrupt(interrupted);
    FarmSubmission sub = FarmSubmission::create(settings, jobs, estimates);
    sub.timeLimitMinutes = FarmTimeLimit::limitMinutes(*std::max_element(estimates.begin(), estimates.end()));
    try {
        SbatchScript::write(sub);
        sub.save();
        if (args.has("--dry-run")) {
            std::cout << SbatchScript::text(sub);
            std::cerr << "farm submit: not submitted (--dry-run): " << sub.scriptPath() << "\n";
            return kExitOk;
        }
        CommandLimits limits = CommandLimits::fromEnvironment();
        limits.cancel = &interrupted;
        if (interrupted.isStopRequested())
            throw CancelledError("farm submit, before sbatch ran");
        sub.arrayId = SlurmClient(nullptr, limits).submit(sub.scriptPath());
    } catch (const std::exception&) {
        std::error_code ec;
        fs::remove_all(sub.folder, ec); // nothing was submitted: leave nothing behind
        if (interrupted.isStopRequested())
            throw CancelledError("farm submit: nothing was submitted and " + sub.folder + " was removed");
        throw;
    }
    sub.save();
    try {
        sub.remember();
    } catch (const std::exception& e) { // submitted all the same: the folder still finds it
        std::cerr << "farm submit: warning: `farm status " << sub.arrayId << "` will not find this array ("
                  << e.what() << "); use `farm status " << settings.outFolder << "`\n";
    }
    std::cerr << "farm submit: " << jobs.size() << " job(s) submitted as array " << sub.arrayId << " to partition "
              << settings.partition << " (time limit " << FarmTimeLimit::slurmTime(sub.timeLimitMinutes)
              << "); clips go to " << settings.outFolder << "\n";
    std::cout << sub.arrayId << "\n";
    return kExitOk;
}

std::string hostName()
{
    char name[256] = {};
    return ::gethostname(name, sizeof name - 1) == 0 ? name : "";
}

int taskIndex(const CliArgs& args)
{
    if (args.has("--task"))
        return args.intValue("--task", 0, 0);
    const char* fromSlurm = std::getenv("SLURM_ARRAY_TASK_ID");
    if (!fromSlurm)
        throw InvalidRequestError("--task", "is missing and SLURM_ARRAY_TASK_ID is not set (run-task runs inside an array task)");
    try {
        return CliArgs({"--task", fromSlurm}, {}).intValue("--task", 0, 0);
    } catch (const InvalidRequestError&) { // the value came from Slurm's environment, not from --task
        throw InvalidRequestError("SLURM_ARRAY_TASK_ID", "'" + std::string(fromSlurm) +
                                                             "' is not an array task index (0 or more); give --task N");
    }
}

// The task's end, written where `farm status` looks, and its exit code.
int finishTask(const FarmSubmission& sub, int index, FarmTaskState state)
{
    state.host = hostName();
    FarmTaskState::write(sub.statePath(index), state);
    std::cout << "farm task " << index << ": " << state.state << ": " << state.reason << std::endl;
    return state.exitCode;
}

int runTask(const std::vector<std::string>& argv)
{
    CliArgs args(argv, {});
    args.rejectUnknown({"--task"});
    if (args.positionals().size() != 1)
        throw InvalidRequestError("FOLDER", "give the submission folder (<out>/.farm/<id>)");
    const FarmSubmission sub = FarmSubmission::load(args.positionals().front());
    const int index = taskIndex(args);
    const FarmTask& task = sub.task(index);
    FarmTaskState::write(sub.statePath(index), {"running", task.name, -1, "", hostName(), ""});
    const BatchJob job = BatchJob::load(task.jobFile, fs::path(task.outputPath).parent_path().string(),
                                        fs::path(task.outputPath).extension().string());
    if (!job.problem.empty())
        return finishTask(sub, index, {"failed", job.problem, kExitBadInput, "", "", ""});
    if (job.isDone())
        return finishTask(sub, index, {"ok", "already done: " + job.outputPath, kExitOk, "", "", ""});
    BatchJobRunner runner(true);
    runner.options().device = sub.settings.device;
    runner.options().saveLatentsPath = sub.latentsPath(index); // on the shared storage, for collect
    InterruptCancel interrupt(runner.cancelToken());
    try {
        const BatchJobRunner::Result result = runner.run(job);
        std::error_code ec;
        if (result.outcome == BatchReport::Outcome::Ok) {
            fs::remove(sub.latentsPath(index), ec); // the clip is made: the checkpoint is not needed
            return finishTask(sub, index, {"ok", result.detail, kExitOk, "", "", ""});
        }
        if (result.outcome == BatchReport::Outcome::Paused) // the detail names the checkpoint and `resume`
            return finishTask(sub, index, {"failed", result.detail, kExitPaused, result.latentsPath, "", ""});
        const int code = result.isOutOfMemory ? kExitOutOfMemory : kExitFailure;
        return finishTask(sub, index, {"failed", result.detail, code, result.latentsPath, "", ""});
    } catch (const CancelledError& e) {
        return finishTask(sub, index, {"cancelled", e.what(), kExitCancelled, e.latentsCheckpointPath(), "", ""});
    }
}

// Slurm's commands for status, collect and cancel. With an InterruptCancel on `interrupted`, Ctrl-C
// or SIGTERM ends a hung squeue with its whole process group and the command exits 4; without it the
// signal killed framesmith-cli and a site's squeue wrapper script kept running (its parent-death
// signal reaches only the program itself, not the script's children).
SlurmClient interruptibleSlurm(const CancelToken& interrupted)
{
    CommandLimits limits = CommandLimits::fromEnvironment();
    limits.cancel = &interrupted;
    return SlurmClient(nullptr, limits);
}

void stopIfInterrupted(const CancelToken& interrupted, const char* command)
{
    if (interrupted.isStopRequested())
        throw CancelledError(command);
}

int g_refusedSubmissions = 0; // submissions of an output folder skipped as refused (exit status 2)

// FOLDER (a submission or an output folder holding several) or an array id this machine submitted.
// In an output folder, a submission whose record is refused (FarmSubmissionCheck) is skipped with
// its reason, so one planted folder cannot stop the others from being read.
std::vector<FarmSubmission> submissionsFrom(const CliArgs& args)
{
    if (args.positionals().size() != 1)
        throw InvalidRequestError("DIR|ID", "give the output folder, a submission folder or an array id");
    const std::string where = args.positionals().front();
    std::error_code ec;
    if (fs::exists(fs::path(where) / "submission.json", ec))
        return {FarmSubmission::load(where)};
    if (!fs::is_directory(where, ec))
        return {FarmSubmission::load(FarmSubmission::folderOf(where))};
    const std::vector<std::string> folders = FarmSubmission::foldersIn(where);
    if (folders.empty())
        throw InvalidRequestError("DIR", "'" + where + "' holds no farm submission (.farm/)");
    std::vector<FarmSubmission> subs;
    for (const std::string& folder : folders) {
        try {
            subs.push_back(FarmSubmission::load(folder));
        } catch (const FileError& e) {
            if (folders.size() == 1)
                throw;
            ++g_refusedSubmissions;
            std::cerr << "farm: skipped " << folder << ": " << e.what() << "\n";
        }
    }
    if (subs.empty())
        throw InvalidRequestError("DIR", "'" + where + "' holds no readable farm submission");
    return subs;
}

void printHeader(const FarmSubmission& sub, const std::string& source)
{
    std::cout << "array " << (sub.arrayId.empty() ? "(not submitted)" : sub.arrayId) << ": " << sub.tasks.size()
              << " job(s) on partition " << sub.settings.partition << ", submitted " << sub.createdAt << " ("
              << sub.folder << ")\n  from " << source << "\n";
}

int runStatus(const std::vector<std::string>& argv)
{
    CliArgs args(argv, {});
    args.rejectUnknown({});
    std::map<std::string, int> counts;
    CancelToken interrupted;
    InterruptCancel interrupt(interrupted);
    const SlurmClient slurm = interruptibleSlurm(interrupted);
    for (const FarmSubmission& sub : submissionsFrom(args)) {
        std::string source;
        const std::vector<FarmJobStatus> jobs = FarmStatus::read(sub, slurm, &source);
        stopIfInterrupted(interrupted, "farm status");
        printHeader(sub, source);
        for (const FarmJobStatus& job : jobs) {
            ++counts[FarmStatus::stateName(job.state)];
            std::cout << "  [" << job.index << "] " << FarmStatus::stateName(job.state) << "  " << job.name
                      << (job.reason.empty() ? "" : "  " + job.reason)
                      << (job.latentsPath.empty() ? "" : " (latents kept in " + job.latentsPath + ")") << "\n";
        }
    }
    std::cout << counts["ok"] << " ok, " << counts["failed"] << " failed, " << counts["running"] << " running, "
              << counts["pending"] << " pending\n";
    return g_refusedSubmissions > 0 ? kExitBadInput : kExitOk;
}

int runCollect(const std::vector<std::string>& argv)
{
    CliArgs args(argv, {});
    args.rejectUnknown({"--history"});
    const std::string root = args.value("--history").value_or(dataRoot());
    FarmCollector collector(root);
    int failed = 0, waiting = 0;
    CancelToken interrupted;
    InterruptCancel interrupt(interrupted);
    const SlurmClient slurm = interruptibleSlurm(interrupted);
    for (const FarmSubmission& sub : submissionsFrom(args)) {
        std::string source;
        const std::vector<FarmJobStatus> jobs = FarmStatus::read(sub, slurm, &source);
        stopIfInterrupted(interrupted, "farm collect, before this submission's clips were copied");
        printHeader(sub, source);
        for (const FarmCollector::Row& row : collector.collect(sub, jobs)) {
            failed += row.outcome == FarmCollector::Outcome::Failed || row.outcome == FarmCollector::Outcome::KeptLatents;
            waiting += row.outcome == FarmCollector::Outcome::NotFinished;
            std::cout << "  " << FarmCollector::outcomeName(row.outcome) << "  " << row.name << "  " << row.detail << "\n";
        }
    }
    std::cout << "history: " << root << (waiting ? "; " + std::to_string(waiting) + " job(s) not finished yet: collect again later" : "") << "\n";
    if (g_refusedSubmissions > 0)
        return kExitBadInput;
    return failed > 0 ? kExitFailure : kExitOk;
}

int runCancel(const std::vector<std::string>& argv)
{
    CliArgs args(argv, {});
    args.rejectUnknown({});
    CancelToken interrupted;
    InterruptCancel interrupt(interrupted);
    const SlurmClient slurm = interruptibleSlurm(interrupted);
    for (const FarmSubmission& sub : submissionsFrom(args))
        if (!sub.arrayId.empty()) {
            slurm.cancel(sub.arrayId);
            std::cout << "cancelled array " << sub.arrayId << "\n";
        }
    return g_refusedSubmissions > 0 ? kExitBadInput : kExitOk;
}

int runFarm(const std::vector<std::string>& argv)
{
    static const std::map<std::string, int (*)(const std::vector<std::string>&)> commands = {
        {"submit", runSubmit}, {"run-task", runTask}, {"status", runStatus}, {"collect", runCollect}, {"cancel", runCancel}};
    const auto it = argv.empty() ? commands.end() : commands.find(argv.front());
    if (it == commands.end())
        throw InvalidRequestError("farm", "expects submit, status, collect, cancel or run-task (framesmith-cli farm --help)");
    return it->second(std::vector<std::string>(argv.begin() + 1, argv.end()));
}

} // namespace

FRAMESMITH_CLI_COMMAND("farm",
                       "farm submit JOBS... --partition P --out DIR [--gpus-per-job N] [--sbatch-arg ARG]... "
                       "[--model DIR] [--device cpu|cuda:N] [--format mp4|webm|mov|gif] [--dry-run] | "
                       "farm status DIR|ID | farm collect DIR|ID [--history DATADIR] | farm cancel DIR|ID",
                       "render job files on a Slurm cluster: submit checks every job, copies them into DIR/.farm/<id>/ "
                       "and submits a job array (one task per job, --gres=gpu:N, a time limit from the job's estimate), "
                       "printing the array id; each task writes DIR/<job>.<format> and its sidecar; status reads "
                       "squeue/sacct and the tasks' state files; collect files finished clips (and failed jobs' "
                       "latents) into a History (default: the data folder); see docs/farm.md",
                       runFarm);

} // namespace framesmith::cli
