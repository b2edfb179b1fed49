#pragma once
// Gathers what a farm submission made into a Framesmith data folder, in the layout the app's
// History reads (ui/HistoryStore): clips/<id>.<ext> with its sidecar, history/<id>.json, and for a
// failed job that kept its latents, checkpoints/<id>.safetensors and a partial entry ("Decode
// again" makes the clip). Ids are "farm-<submission>-<index>", so collecting twice adds nothing
// twice. Every file lands under a temporary name first and is renamed into place. What is copied
// comes from the shared farm folder, a trust boundary (FarmFolder): only a task's own clip, sidecar,
// job and latents, opened inside their folders without following links, and only into m_root; a
// refused file is that job's failure, named. One thread.
#include "cli/farm/FarmStatus.h"

#include <string>
#include <vector>

namespace framesmith::cli {

class FarmCollector {
public:
    enum class Outcome { Collected, AlreadyCollected, KeptLatents, Failed, NotFinished };
    struct Row {
        std::string name;
        Outcome outcome = Outcome::NotFinished;
        std::string detail;
    };

    explicit FarmCollector(std::string dataRoot);
    // Throws FileError when the data folder cannot be written.
    std::vector<Row> collect(const FarmSubmission& submission, const std::vector<FarmJobStatus>& jobs);
    static std::string entryId(const FarmSubmission& submission, int index);
    static const char* outcomeName(Outcome outcome);

private:
    Row collectOne(const FarmSubmission& submission, const FarmJobStatus& job);
    Row collectClip(const FarmSubmission& submission, const FarmJobStatus& job);
    Row collectLatents(const FarmSubmission& submission, const FarmJobStatus& job);

    std::string m_root;
};

} // namespace framesmith::cli
