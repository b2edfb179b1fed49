// bench_gpu_parity: every fixture case of a list in ONE process (CUDA starts once, not once per
// case as with a framesmith-cli eval per case), each compared with its golden (CaseComparison).
// Prints one JSON line per case as it finishes (bench/gpu/run.sh writes each straight to $OUT), so
// a run stopped by its deadline keeps what it measured. Device and dtype as `framesmith-cli eval`:
// FRAMESMITH_EVAL_DEVICE, FRAMESMITH_EVAL_DTYPE (and NVIDIA_TF32_OVERRIDE=0 for float32 on a GPU).
//
// usage: bench_gpu_parity CASES.tsv [--strict]
//   CASES.tsv: one case a line, tab-separated: LABEL KIND MODEL_DIR|- GOLDEN ATOL [NAME=ATOL ...]
//   --strict: exit 1 when a case has an element outside its rule or fails
#include "CaseComparison.h"

#include "models/EvalCaseModel.h"
#include "models/ModelRegistry.h"
#include "engine/PipelineCase.h"

#include <ATen/ATen.h>

#include <chrono>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <sstream>
#include <vector>

using namespace framesmith;
namespace fs = std::filesystem;

namespace {

struct ParityCase {
    std::string label, kind, modelDir, golden;
    CaseComparison::Tolerance tolerance;
};

std::vector<ParityCase> readCases(const std::string& path)
{
    std::ifstream in(path);
    if (!in)
        throw std::runtime_error(path + ": cannot be read");
    std::vector<ParityCase> cases;
    for (std::string line; std::getline(in, line);) {
        if (line.empty() || line[0] == '#')
            continue;
        std::vector<std::string> fields;
        std::stringstream s(line);
        for (std::string field; std::getline(s, field, '\t');)
            fields.push_back(field);
        if (fields.size() < 5)
            throw std::runtime_error(path + ": '" + line + "' has fewer than 5 tab-separated fields");
        ParityCase c{fields[0], fields[1], fields[2] == "-" ? "" : fields[2], fields[3], {}};
        c.tolerance.atol = std::stod(fields[4]);
        for (std::size_t i = 5; i < fields.size(); ++i)
            CaseComparison::addAtolFor(c.tolerance, fields[i]);
        cases.push_back(std::move(c));
    }
    return cases;
}

// As `framesmith-cli eval` (EvalCommand.cpp): the model folder the case's metadata names, found
// above the case file, when no MODEL_DIR is given.
EvalOutputs runCase(const ParityCase& c)
{
    SafetensorsReader input(c.golden);
    nlohmann::json meta = nlohmann::json::object();
    if (auto it = input.metadata().find("json"); it != input.metadata().end())
        meta = nlohmann::json::parse(it->second);
    const std::string hint = c.modelDir.empty() ? evalCaseModelFolder(meta, c.golden) : c.modelDir;
    const ModelFamily* family = hint.empty() ? nullptr : ModelRegistry::recogniseAbove(hint);
    if (!family)
        throw std::runtime_error("no model family recognises '" + hint + "'");
    EvalCase evalCase{c.modelDir, input, meta, input.path()};
    evalCase.runPipeline = &PipelineCase::run;
    for (const EvalKind& kind : family->evalKinds())
        if (kind.name == c.kind)
            return kind.run(evalCase);
    throw std::runtime_error("no eval kind '" + c.kind + "' in " + family->info().name);
}

std::string env(const char* name, const char* fallback)
{
    const char* value = std::getenv(name);
    return value && *value ? value : fallback;
}

} // namespace

int main(int argc, char** argv)
{
    if (argc < 2 || (argc == 3 && std::string(argv[2]) != "--strict") || argc > 3) {
        std::cerr << "usage: bench_gpu_parity CASES.tsv [--strict]\n";
        return 2;
    }
    const bool strict = argc == 3;
    std::vector<ParityCase> cases;
    try {
        cases = readCases(argv[1]);
    } catch (const std::exception& e) {
        std::cerr << "bench_gpu_parity: " << e.what() << "\n";
        return 2;
    }
    int failed = 0;
    for (const ParityCase& c : cases) {
        nlohmann::json row = {{"step", "parity"}, {"label", c.label}, {"golden", c.golden},
                              {"device", env("FRAMESMITH_EVAL_DEVICE", "cpu")},
                              {"dtype", env("FRAMESMITH_EVAL_DTYPE", "float32")}, {"atol", c.tolerance.atol},
                              {"rtol", c.tolerance.rtol}};
        const auto start = std::chrono::steady_clock::now();
        try {
            row.update(CaseComparison::compare(SafetensorsReader(c.golden), runCase(c), c.tolerance));
            if (row["tensors"] == 0)
                throw std::runtime_error("no output tensor is in the golden file");
            if (row["elementsOutside"] > 0)
                ++failed;
        } catch (const std::exception& e) {
            row["error"] = e.what();
            ++failed;
        }
        row["seconds"] = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
        std::cout << row.dump() << std::endl; // one line per case, flushed: the caller records it now
    }
    return strict && failed > 0 ? 1 : 0;
}
