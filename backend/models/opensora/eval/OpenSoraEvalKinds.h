#pragma once
// Open-Sora's `framesmith-cli eval KIND --model DIR --case FILE --out FILE` handlers in one list:
// text-encoder, transformer, vae, scheduler, pipeline. Each reads the case's inputs by their
// golden names, follows its metadata and returns every non-debug output the case holds under the
// same names (the transformer adds its debug.* taps). The family hands these to the eval command
// (ModelFamily::evalKinds); nothing here knows the command. Worker thread; CPU.
#include "io/SafetensorsReader.h"

#include <ATen/core/Tensor.h>
#include <nlohmann/json.hpp>

#include <map>
#include <string>
#include <vector>

namespace framesmith {

struct OpenSoraEvalKind {
    using Run = std::map<std::string, at::Tensor> (*)(const std::string& modelRoot, const SafetensorsReader& caseFile,
                                                      const nlohmann::json& meta);
    std::string name;    // "transformer"
    std::string summary; // one line for the usage text
    Run run = nullptr;
};

class OpenSoraEvalKinds {
public:
    static const std::vector<OpenSoraEvalKind>& all();
    // The kind of that name; InvalidRequestError("KIND") naming the known ones otherwise.
    static const OpenSoraEvalKind& find(const std::string& name);
    // The models root a case runs against: `given` (--model: the folder holding the repos, or one
    // repo folder, which each kind accepts) when not empty; else the metadata's models_dir or
    // model_dir (fixture paths like "models/hpcai-tech/OpenSora-STDiT-v3"), looked up from the case
    // file's folder upwards, giving the folder of its first component. FileError when none is found.
    static std::string modelRoot(const std::string& given, const nlohmann::json& meta, const std::string& casePath);
    // find(kind).run(modelRoot(...), caseFile, meta).
    static std::map<std::string, at::Tensor> run(const std::string& kind, const std::string& given,
                                                 const SafetensorsReader& caseFile, const nlohmann::json& meta);
};

} // namespace framesmith
