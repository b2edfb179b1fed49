#pragma once
// One job of `framesmith-cli batch`: a JSON job file (a request as framesmith::toJson writes it, or
// a clip's sidecar, or a queue job: the request under "request"), where its clip goes, and why it
// cannot run. Loading and checking read configs and headers only, never weights, so every broken
// job is reported before the first model loads. Any thread; no shared state.
#include "framesmith/GenerationRequest.h"

#include <string>
#include <vector>

namespace framesmith::cli {

struct BatchJob {
    std::string jobPath;
    std::string outputPath;  // the clip; its sidecar is outputPath + ".json"
    GenerationRequest request;
    std::string problem;     // why it cannot run ("" : it can)

    std::string name() const; // the job file's name, for progress lines and the summary

    // The job files named by `paths`: files as given, folders expanded to their *.json files in name
    // order (clip sidecars such as "a.mp4.json" excluded: they belong to outputs). Throws
    // InvalidRequestError for a path that does not exist and when nothing is found.
    static std::vector<std::string> jobFiles(const std::vector<std::string>& paths);
    // Reads and checks one job (the model's rules, its files' headers, the output folder); never
    // throws: a corrupt or impossible job comes back with `problem` set. outFolder "" : the job
    // file's own folder; extension: ".mp4", ".webm", ".mov" or ".gif". modelFolder: run this model
    // instead of the one the job names (a farm's shared copy), checked the same way.
    static BatchJob load(const std::string& jobPath, const std::string& outFolder, const std::string& extension,
                         const std::string& modelFolder = "");
    // The clip and its sidecar exist, the sidecar records this request and the clip decodes to the
    // frames the sidecar says were written: a rerun skips it.
    bool isDone() const;
};

} // namespace framesmith::cli
