#pragma once
// Everything `framesmith-cli inspect` and the model picker show about a model folder, as its family
// reads it from configs alone (no weights): the door's ModelInfo (with the ParameterSpec), the
// layout in one line, each component and where its files are, and what is missing or unexpected.
// Plain values; any thread.
#include "framesmith/ModelInfo.h"

#include <string>
#include <vector>

namespace framesmith {

struct ModelComponent {
    std::string name;      // "transformer", "vae", "text_encoder", "tokenizer", "scheduler"
    std::string className; // as the folder names it (a diffusers "_class_name"); "" when unnamed
    std::string folder;    // where its config and weights are (inside the model folder, or a sibling repo)
};

struct ModelInspection {
    ModelInfo info;
    std::string layout;                       // one line, e.g. "diffusers pipeline <class>"
    std::vector<ModelComponent> components;   // sorted by name
    std::vector<std::string> missingFiles;    // paths relative to info.path a complete model has
    std::vector<std::string> unexpectedFiles; // relative paths nothing here reads (e.g. pickle weights)
};

} // namespace framesmith
