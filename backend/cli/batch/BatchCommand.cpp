// framesmith-cli batch: many jobs in one process through one warm Engine (a compatible next job
// loads nothing and reuses cached prompt embeddings). Every job is read and checked before the
// first model loads; a broken job is reported and the others run. A job whose clip and sidecar
// already record its request is skipped, so a rerun after a crash or Ctrl-C continues.
#include "cli/batch/BatchJob.h"
#include "cli/batch/BatchJobRunner.h"
#include "cli/batch/BatchReport.h"
#include "cli/CliCommand.h"
#include "cli/CliDevices.h"
#include "cli/FrameOutput.h"
#include "cli/InterruptCancel.h"

#include "framesmith/Error.h"
#include "framesmith/ExportOptions.h"
#include "engine/checks/EngineLoras.h"

#include <algorithm>
#include <iostream>
#include <map>

namespace framesmith::cli {

namespace {

const std::set<std::string> kSwitches = {"--force", "--progress"};
const std::set<std::string> kFlags = {"--out-dir", "--format", "--device", "--force", "--progress", "--lora",
                                      CliDevices::kFlag};

std::string extensionFrom(const CliArgs& args)
{
    const std::string name = args.value("--format").value_or("mp4");
    const auto format = exportFormatFromName(name);
    if (!format || *format == ExportFormat::PngSequence)
        throw InvalidRequestError("--format", "'" + name + "' is not a video format (mp4, h265, webm, av1, mov, gif)");
    return exportFormatExtension(*format);
}

// --lora flags join every job's own LoRAs; all of them are read and checked on the job's model now,
// so a LoRA for another model fails its job before the first model loads.
void addLoras(BatchJob& job, const std::vector<LoraSpec>& loras)
{
    if (!job.problem.empty())
        return;
    job.request.loras.insert(job.request.loras.end(), loras.begin(), loras.end());
    try {
        GenerationRequest checked = job.request;
        EngineLoras::prepare(checked);
    } catch (const std::exception& e) {
        job.problem = e.what();
    }
}

int runBatch(const std::vector<std::string>& argv)
{
    BatchJobRunner batch(std::find(argv.begin(), argv.end(), "--progress") != argv.end());
    InterruptCancel interrupt(batch.cancelToken()); // first: reading 10k jobs takes seconds
    CliArgs args(argv, kSwitches, {CliDevices::kFlag});
    args.rejectUnknown(kFlags);
    const std::string outFolder = args.value("--out-dir").value_or("");
    const std::string extension = extensionFrom(args);
    if (!outFolder.empty())
        FrameOutput::checkFolder(outFolder + "/job" + extension, "--out-dir");
    const std::vector<std::string> files = BatchJob::jobFiles(args.positionals());
    std::vector<LoraSpec> loras;
    for (const std::string& lora : args.values("--lora"))
        loras.push_back(parseLoraArgument(lora));

    // Every job is read and checked before anything loads: a typo in job 9 is known at once.
    std::vector<BatchJob> jobs;
    std::map<std::string, std::string> outputs; // clip -> the job that writes it
    for (const std::string& file : files) {
        jobs.push_back(BatchJob::load(file, outFolder, extension));
        addLoras(jobs.back(), loras);
        const auto [it, isNew] = outputs.emplace(jobs.back().outputPath, jobs.back().name());
        if (!isNew && jobs.back().problem.empty())
            jobs.back().problem = "writes the same clip as " + it->second + " (" + it->first + "): rename one job file";
    }

    BatchReport report(std::cout, static_cast<int>(jobs.size()));
    batch.options().device = args.value("--device").value_or("");
    batch.options().devices = CliDevices::fromFlags(args);
    bool isCancelled = false;
    for (const BatchJob& job : jobs) {
        if (isCancelled) {
            report.record(job.name(), BatchReport::Outcome::NotRun, "cancelled before it started");
        } else if (!job.problem.empty()) {
            report.record(job.name(), BatchReport::Outcome::Failed, job.problem);
        } else if (!args.has("--force") && job.isDone()) {
            report.record(job.name(), BatchReport::Outcome::Skipped, "already done: " + job.outputPath);
        } else {
            try {
                const BatchJobRunner::Result result = batch.run(job);
                report.record(job.name(), result.outcome, result.detail);
            } catch (const CancelledError& e) {
                isCancelled = true;
                report.record(job.name(), BatchReport::Outcome::NotRun, e.what());
            }
        }
    }
    report.printSummary();
    if (isCancelled)
        return kExitCancelled;
    if (report.hasFailures())
        return kExitFailure;
    return report.count(BatchReport::Outcome::Paused) > 0 ? kExitPaused : kExitOk;
}

} // namespace

FRAMESMITH_CLI_COMMAND("batch",
                       "batch JOBS... [--out-dir DIR] [--format mp4|webm|mov|gif] [--device cpu|cuda:N] [--vram GiB ...] "
                       "[--lora FILE[:STRENGTH] ...] [--force] [--progress]",
                       "run job files (request JSON as `generate --job` takes, clip sidecars, or folders of them) in one "
                       "process with one warm engine; each clip goes to DIR (default: beside its job) as <job>.<format> "
                       "with its sidecar; jobs whose clip and sidecar already match are skipped (--force: run them "
                       "again); --lora (repeatable) adds a LoRA to every job (job files list theirs under \"loras\"); "
                       "one line per job, then a summary; SIGUSR1 pauses the job under way (its checkpoint is named; "
                       "`resume` finishes it) and the batch goes on; exit 1 if any failed, 4 on Ctrl-C, 5 if any paused",
                       runBatch);

} // namespace framesmith::cli
