#pragma once
// Runs checked BatchJobs one at a time through one warm Engine: what `framesmith-cli batch` does
// per job and what a farm task (`farm run-task`) does with its single job. A job's failure is an
// outcome, not an exception (the next job runs); only a cancel (Ctrl-C, Slurm's SIGTERM) throws.
// A pause (SIGUSR1) ends the job under way with a resumable checkpoint (Outcome::Paused, named in
// the detail) and is then cleared, so the next job runs in full; a pause that arrives after the
// job's denoising has ended is dropped when the job ends. One thread.
#include "cli/batch/BatchJob.h"
#include "cli/batch/BatchReport.h"
#include "cli/TerminalProgress.h"

#include "framesmith/CancelToken.h"
#include "framesmith/Engine.h"
#include "framesmith/GenerateOptions.h"

#include <string>

namespace framesmith::cli {

class BatchJobRunner {
public:
    struct Result {
        BatchReport::Outcome outcome = BatchReport::Outcome::Invalid;
        std::string detail;       // the clip and its time, or why it failed
        std::string latentsPath;  // a failed or paused run's latents checkpoint ("" : none)
        bool isOutOfMemory = false;
    };

    explicit BatchJobRunner(bool showProgress);

    GenerateOptions& options() { return m_options; }
    CancelToken& cancelToken() { return m_cancel; }
    // Generates the job and writes its clip and sidecar (atomically). Throws CancelledError.
    Result run(const BatchJob& job);

private:
    void clearPause();

    Engine m_engine;
    CancelToken m_cancel;
    GenerateOptions m_options;
    TerminalProgress m_progress;
};

} // namespace framesmith::cli
