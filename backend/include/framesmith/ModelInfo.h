#pragma once
#include "framesmith/ParameterSpec.h"
#include "framesmith/StepCacheSetting.h"

#include <cstdint>
#include <string>
#include <vector>

namespace framesmith {

// A model family the backend can run, as users meet it (About box, usage text, error messages).
struct ModelFamilyInfo {
    std::string name;        // stable id, the family folder's name (make-demo-model --family NAME)
    std::string displayName; // as people call the family ("Name", "Name 1.2")
    std::string folderHint;  // English: the folder layout the family recognises
    std::string weightsUrl;  // where its real weights are published
    // English: the syntax of GenerationRequest::conditioning (--mask-strategy); "" when the family
    // takes no references.
    std::string conditioningSyntax;
    // bench_step_cache's figures for each step-cache setting on this family's models (empty: not
    // measured; the app then shows the setting without figures).
    std::vector<StepCacheFigure> stepCacheFigures;
};

// What a model folder is, without loading weights, as its family describes it.
struct ModelInfo {
    std::string path;
    std::string family;       // ModelFamilyInfo::name of the family that recognised it
    std::string variant;      // the family's own variant id (one family name, size and task)
    std::string displayName;
    std::string weightsUrl;   // the family's: where real weights come from (shown beside a demo model)
    std::vector<std::string> components;
    std::int64_t sizeOnDiskBytes = 0;
    bool isImageToVideo = false;
    bool isDemo = false;      // random weights: the output is noise
    ParameterSpec spec;       // what this model accepts
};

// Asks every registered family which one recognises the folder and lets it read its configs (no
// weights): family, variant, components, spec, size on disk, demo marker. Throws FileError
// (MissingFile, BadFile, UnsupportedModel) naming the file and the problem. Pure; any thread.
ModelInfo inspectModelFolder(const std::string& path);

// The families this build runs, in registry order.
std::vector<ModelFamilyInfo> modelFamilies();

} // namespace framesmith
