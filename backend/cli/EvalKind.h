#pragma once
// `framesmith-cli eval KIND --model DIR --case CASE.safetensors --out OUT.safetensors`:
// each KIND (text-encoder, transformer, vae, scheduler, pipeline) registers one function that
// reads a fixture case's inputs by their fixture-README names, honours the case's metadata
// (`__metadata__["json"]`) and returns every non-debug output the case holds, under the same names.
#include "io/SafetensorsReader.h"

#include <nlohmann/json.hpp>

#include <functional>
#include <map>
#include <string>

namespace framesmith::cli {

struct EvalCase {
    std::string modelDir;            // may be empty: then the case metadata's model folder is used
    const SafetensorsReader& input;
    nlohmann::json meta;             // parsed __metadata__["json"], or {} when absent
    std::string casePath;
};

using EvalOutputs = std::map<std::string, at::Tensor>;
using EvalFunction = std::function<EvalOutputs(const EvalCase&)>;

struct EvalKind {
    std::string name;
    std::string summary;
    EvalFunction run;
};

std::map<std::string, EvalKind>& evalKinds();
bool registerEvalKind(EvalKind kind);

} // namespace framesmith::cli

#define FRAMESMITH_EVAL_CONCAT2(a, b) a##b
#define FRAMESMITH_EVAL_CONCAT(a, b) FRAMESMITH_EVAL_CONCAT2(a, b)
#define FRAMESMITH_EVAL_KIND(...)                                                                   \
    static const bool FRAMESMITH_EVAL_CONCAT(kEvalRegistered, __LINE__) =                          \
        ::framesmith::cli::registerEvalKind(::framesmith::cli::EvalKind{__VA_ARGS__})
