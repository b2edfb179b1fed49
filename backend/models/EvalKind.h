#pragma once
// `framesmith-cli eval KIND --model DIR --case CASE.safetensors --out OUT.safetensors` runs one
// fixture case through the port. Each family lists its own kinds (ModelFamily::evalKinds:
// text-encoder, transformer, vae, scheduler, pipeline, ...) from inside its folder; the CLI picks
// the family that recognises DIR and runs its handler. A handler reads the case's inputs by their
// fixture-README names, honours the case's metadata (`__metadata__["json"]`) and returns every
// non-debug output the case holds, under the same names. The calling thread only.
#include "framesmith/LoraSpec.h"
#include "io/SafetensorsReader.h"
#include "models/lora/LoraMode.h"

#include <nlohmann/json.hpp>

#include <functional>
#include <map>
#include <string>
#include <vector>

namespace framesmith {

using EvalOutputs = std::map<std::string, at::Tensor>;

struct PipelineCaseOptions {
    bool useRecordedNoise = true; // false: draw from a CPU generator seeded like the metadata says
    bool isDecodeWanted = true;
};

// Runs a whole-pipeline case (golden/<variant>/pipeline.safetensors) through the Engine: input
// tensors, the case's metadata, the model folder. The engine sits above the families, so the front
// end that makes the case hands this in (the CLI and the parity program: PipelineCase::run).
using PipelineCaseRunner = std::function<EvalOutputs(const SafetensorsReader& input, const nlohmann::json& meta,
                                                     const std::string& modelDir, const PipelineCaseOptions& options)>;

struct EvalCase {
    std::string modelDir;            // as given (--model), may be a component folder; empty: use the metadata's
    const SafetensorsReader& input;
    nlohmann::json meta;             // parsed __metadata__["json"], or {} when absent
    std::string casePath;
    // --lora FILE[:STRENGTH] (repeatable): applied to the denoiser the case runs, checked before
    // any of its weights load; --lora-mode merge|side-path says how.
    std::vector<LoraSpec> loras = {};
    LoraMode loraMode = LoraMode::Merge;
    std::function<void(const std::string&)> warn = {}; // a LoRA that matched in part
    PipelineCaseRunner runPipeline = {};                // empty: this caller runs no pipeline case
};
using EvalFunction = std::function<EvalOutputs(const EvalCase&)>;

struct EvalKind {
    std::string name;    // "transformer"
    std::string summary; // one line for `framesmith-cli help`
    EvalFunction run;
};

} // namespace framesmith
