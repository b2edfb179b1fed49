#pragma once
// The models on this machine as the app's model box lists them: the Hugging Face hub cache and the
// ModelScope cache (their standard places and environment variables, as ModelDiscovery finds
// them), folders the user added, and the demo model in the data root. Reads configs and sizes
// only, but touches the disk: call it off the GUI thread. Any thread.
#include "framesmith/ModelInfo.h"

#include <string>
#include <vector>

namespace framesmith {

struct FoundModel {
    std::string source;  // "huggingface", "modelscope", "user" or "demo"
    std::string repoId;  // "org/name" of a hub repo; the folder's name otherwise
    ModelInfo info;      // path and size always set; the rest when `problem` is empty
    std::string problem; // English: why the folder cannot be used; empty when usable
};

// Every model found, each once: the demo model first, then the caches, then the user's folders (a
// model folder, or a folder of model folders). Never throws for a broken model: it is listed with
// its problem.
std::vector<FoundModel> findModels(const std::vector<std::string>& userFolders);

// Where the app keeps its demo model: dataFolder("demo-model") (scripts/run-app.sh uses it too).
std::string demoModelFolder();

// Writes the default family's demo model (random weights: its clips are noise) into `folder`, as
// `framesmith-cli make-demo-model` does. Seconds on a CPU. Throws FileError naming what is missing
// (the demo tokenizer) or cannot be written.
void writeDemoModel(const std::string& folder);

} // namespace framesmith
