// `framesmith-cli eval KIND --model DIR --case CASE.safetensors --out OUT.safetensors`: runs one
// fixture case through the family that recognises DIR (or, without --model, the model folder the
// case's metadata names), with that family's handler for KIND (ModelFamily::evalKinds), with
// the LoRAs --lora names.
#include "cli/CliCommand.h"

#include "framesmith/Error.h"
#include "io/SafetensorsWriter.h"
#include "models/EvalCaseModel.h"
#include "models/ModelRegistry.h"
#include "engine/PipelineCase.h"

#include <filesystem>
#include <iostream>

namespace framesmith::cli {

namespace {

nlohmann::json caseMetadata(const SafetensorsReader& reader)
{
    auto it = reader.metadata().find("json");
    if (it == reader.metadata().end())
        return nlohmann::json::object();
    auto meta = nlohmann::json::parse(it->second, nullptr, false);
    if (meta.is_discarded())
        throw FileError(ErrorCode::BadFile, reader.path(), "__metadata__[\"json\"] is not valid JSON");
    return meta;
}

// The family whose model --model (or the case) points into; else the only family with `kind`.
const ModelFamily& familyFor(const std::string& kind, const std::string& modelDir, const nlohmann::json& meta,
                             const std::string& casePath)
{
    const std::string hint = modelDir.empty() ? evalCaseModelFolder(meta, casePath) : modelDir;
    if (!hint.empty())
        if (const ModelFamily* family = ModelRegistry::recogniseAbove(hint))
            return *family;
    if (!modelDir.empty())
        ModelRegistry::familyOf(modelDir); // throws the reason none recognises it
    const ModelFamily* only = nullptr;
    for (const auto& family : ModelRegistry::families())
        for (const EvalKind& k : family->evalKinds())
            if (k.name == kind)
                only = only ? nullptr : family.get();
    if (!only)
        throw InvalidRequestError("--model", "no model folder found for this case: pass --model DIR");
    return *only;
}

const EvalKind& kindOf(const std::vector<EvalKind>& kinds, const std::string& name, const ModelFamily& family)
{
    std::string known;
    for (const EvalKind& kind : kinds) {
        if (kind.name == name)
            return kind;
        known += (known.empty() ? "" : ", ") + kind.name;
    }
    throw InvalidRequestError("KIND", "unknown eval kind '" + name + "' for " + family.info().displayName +
                                          " (known: " + known + ")");
}

LoraMode loraModeFromName(const std::string& name)
{
    if (name == "merge")
        return LoraMode::Merge;
    if (name == "side-path")
        return LoraMode::SidePath;
    throw InvalidRequestError("--lora-mode", "is '" + name + "'; choose merge or side-path");
}

int runEval(const std::vector<std::string>& argv)
{
    CliArgs args(argv, {});
    args.rejectUnknown({"--model", "--case", "--out", "--lora", "--lora-mode"});
    if (args.positionals().size() != 1)
        throw InvalidRequestError("KIND", "give exactly one kind (see `framesmith-cli help`)");
    const std::string kindName = args.positionals().front();
    SafetensorsReader input(args.require("--case"));
    EvalCase evalCase{args.value("--model").value_or(""), input, caseMetadata(input), input.path()};
    for (const std::string& lora : args.values("--lora"))
        evalCase.loras.push_back(parseLoraArgument(lora));
    evalCase.loraMode = loraModeFromName(args.value("--lora-mode").value_or("merge"));
    evalCase.warn = [](const std::string& warning) { std::cerr << "framesmith-cli eval: warning: " << warning << "\n"; };
    evalCase.runPipeline = &PipelineCase::run;
    const ModelFamily& family = familyFor(kindName, evalCase.modelDir, evalCase.meta, evalCase.casePath);
    const std::vector<EvalKind> kinds = family.evalKinds();
    EvalOutputs outputs = kindOf(kinds, kindName, family).run(evalCase);
    SafetensorsWriter writer;
    for (const auto& [name, tensor] : outputs)
        writer.add(name, tensor.cpu()); // eval may run on a GPU (FRAMESMITH_EVAL_DEVICE)
    writer.setMetadata("eval_kind", kindName);
    writer.write(args.require("--out"));
    std::cout << "wrote " << outputs.size() << " tensors to " << args.require("--out") << "\n";
    return kExitOk;
}

// "<family>: <kind>, <kind>; <family>: ..." for every registered family.
std::string kindList()
{
    std::string text;
    for (const auto& family : ModelRegistry::families()) {
        std::string names;
        for (const EvalKind& kind : family->evalKinds())
            names += (names.empty() ? "" : ", ") + kind.name;
        text += (text.empty() ? "" : "; ") + family->info().name + ": " + names;
    }
    return text;
}

} // namespace

FRAMESMITH_CLI_COMMAND("eval", "eval KIND --model DIR --case CASE.safetensors --out OUT.safetensors "
                               "[--lora FILE[:STRENGTH] ...] [--lora-mode merge|side-path]",
                       "run one fixture case with the handler of the family that recognises DIR and write its "
                       "outputs (kinds: " + kindList() + "); --lora (repeatable) applies LoRAs to the denoiser first, "
                       "merged into its weights or as a low-rank side path",
                       runEval);

} // namespace framesmith::cli
