#pragma once
// One `farm submit`: its jobs copied into <out>/.farm/<id>/ on the shared storage, the settings it
// was submitted with and, once sbatch answered, the array's job id. Every file in it is written
// atomically. The folder is what every array task, `farm status` and `farm collect` read:
//   submission.json        this record (tasks by array index)
//   farm.sbatch            the script given to sbatch
//   jobs/<job>.json        each job's request (the model folder as the cluster sees it)
//   state/<index>.json     each task's own state (FarmTaskState)
//   latents/<index>.safetensors  a task's latents checkpoint (kept only when the task failed)
//   logs/<array>_<index>.out     each task's output (progress lines, errors)
// Everything in it may have been written by anyone who can write the shared storage: see
// FarmFolder and FarmSubmissionCheck for what is believed. Any thread; no shared state.
#include "cli/batch/BatchJob.h"

#include <cstdint>
#include <string>
#include <vector>

namespace framesmith::cli {

struct FarmSettings {
    std::string outFolder;                // where the clips go (shared storage)
    std::string partition;
    int gpusPerJob = 1;                   // 0: no --gres line (CPU partitions, tests)
    std::vector<std::string> sbatchArgs;  // extra #SBATCH lines, as given
    std::string model;                    // the model folder on the cluster ("" : each job's own)
    std::string device;                   // run-task's --device ("" : the preset's placement)
    std::string format = "mp4";
};

struct FarmTask {
    int index = 0;
    std::string name;                // the job file's name as submitted
    std::string jobFile;             // its copy in jobs/
    std::string outputPath;          // the clip; its sidecar is outputPath + ".json"
    std::int64_t estimateSeconds = 0; // FarmTimeLimit's estimate for this job
};

class FarmSubmission {
public:
    std::string id;       // "20261124-051530-4242": UTC time and the submitting process
    std::string folder;   // <out>/.farm/<id>
    std::string arrayId;  // sbatch's job id; "" until submitted
    std::string createdAt;
    std::string cliPath;  // the framesmith-cli every task runs (the same install path on every node)
    int timeLimitMinutes = 0;
    FarmSettings settings;
    std::vector<FarmTask> tasks;

    // Makes the folder and copies the (checked) jobs into it; throws FileError.
    static FarmSubmission create(const FarmSettings& settings, const std::vector<BatchJob>& jobs,
                                 const std::vector<std::int64_t>& estimates);
    void save() const; // submission.json, atomically
    // Throws FileError naming the folder when it holds no readable submission.json, or one whose
    // fields FarmSubmissionCheck refuses (the folder is shared storage, a trust boundary). The
    // tasks' job and clip paths are those under `folder` as it is now, not as recorded.
    static FarmSubmission load(const std::string& folder);
    // The submission folders under <out>/.farm (real folders, not links), oldest first.
    static std::vector<std::string> foldersIn(const std::string& outFolder);

    // <data root>/farm/<array id>: where `farm status ID` finds the folder of an array this machine
    // submitted. remember() after sbatch answered; folderOf throws InvalidRequestError for an id
    // it never saw.
    void remember() const;
    static std::string folderOf(const std::string& arrayId);

    std::string scriptPath() const;
    std::string statePath(int index) const;
    std::string latentsPath(int index) const;
    std::string logPath(int index) const; // needs arrayId
    std::string logPattern() const;       // sbatch's --output: logs/%A_%a.out, the folder's own '%' as "%%"
    const FarmTask& task(int index) const; // throws InvalidRequestError for an index it lacks
};

} // namespace framesmith::cli
