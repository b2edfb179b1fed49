#include "cli/CliCommand.h"
#include "cli/EvalKind.h"

#include "framesmith/Error.h"
#include "io/SafetensorsWriter.h"

#include <iostream>

namespace framesmith::cli {

std::map<std::string, EvalKind>& evalKinds()
{
    static std::map<std::string, EvalKind> kinds;
    return kinds;
}

bool registerEvalKind(EvalKind kind)
{
    evalKinds()[kind.name] = std::move(kind);
    return true;
}

static nlohmann::json caseMetadata(const SafetensorsReader& reader)
{
    auto it = reader.metadata().find("json");
    if (it == reader.metadata().end())
        return nlohmann::json::object();
    auto meta = nlohmann::json::parse(it->second, nullptr, false);
    if (meta.is_discarded())
        throw FileError(ErrorCode::BadFile, reader.path(), "__metadata__[\"json\"] is not valid JSON");
    return meta;
}

static int runEval(const std::vector<std::string>& argv)
{
    CliArgs args(argv, {});
    args.rejectUnknown({"--model", "--case", "--out"});
    if (args.positionals().size() != 1)
        throw InvalidRequestError("KIND", "give exactly one kind (see `framesmith-cli eval help`)");
    const std::string kindName = args.positionals().front();
    auto it = evalKinds().find(kindName);
    if (it == evalKinds().end()) {
        std::string known;
        for (const auto& [name, kind] : evalKinds())
            known += (known.empty() ? "" : ", ") + name;
        throw InvalidRequestError("KIND", "unknown eval kind '" + kindName + "' (known: " + known + ")");
    }
    SafetensorsReader input(args.require("--case"));
    EvalCase evalCase{args.value("--model").value_or(""), input, caseMetadata(input), input.path()};
    EvalOutputs outputs = it->second.run(evalCase);
    SafetensorsWriter writer;
    for (const auto& [name, tensor] : outputs)
        writer.add(name, tensor.cpu()); // eval may run on a GPU (FRAMESMITH_EVAL_DEVICE)
    writer.setMetadata("eval_kind", kindName);
    writer.write(args.require("--out"));
    std::cout << "wrote " << outputs.size() << " tensors to " << args.require("--out") << "\n";
    return kExitOk;
}

FRAMESMITH_CLI_COMMAND("eval", "eval KIND --model DIR --case CASE.safetensors --out OUT.safetensors",
                       "run one fixture case (text-encoder, transformer, vae, scheduler, pipeline) and write its outputs",
                       runEval);

} // namespace framesmith::cli
