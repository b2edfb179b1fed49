// `framesmith-cli inspect PATH`: what a .safetensors file, a shard index or a model folder holds,
// without loading weights. Bad input ends in one error line naming the file (exit status 2).
#include "cli/CliCommand.h"
#include "cli/KnobFlags.h"

#include "framesmith/Error.h"
#include "io/WeightSource.h"
#include "memory/planner/ModelPlanning.h"
#include "models/ModelRegistry.h"

#include <filesystem>
#include <iostream>

namespace fs = std::filesystem;

namespace framesmith::cli {

namespace {

std::string shapeText(const std::vector<std::int64_t>& shape)
{
    std::string s = "[";
    for (std::size_t i = 0; i < shape.size(); ++i)
        s += (i ? ", " : "") + std::to_string(shape[i]);
    return s + "]";
}

std::uint64_t printWeights(const WeightSource& source, bool listTensors, const std::string& indent)
{
    for (const auto& file : source.files())
        std::cout << indent << "file " << file->path() << " (" << file->fileBytes() << " bytes)\n";
    if (listTensors)
        for (const auto& name : source.names()) {
            const TensorEntry* e = source.find(name);
            std::cout << indent << "  " << name << "  " << e->dtype << "  " << shapeText(e->shape) << "\n";
        }
    std::cout << indent << source.names().size() << " tensors, " << source.totalBytes() << " bytes\n";
    return source.totalBytes();
}

void printList(const char* title, const std::vector<std::string>& items)
{
    if (items.empty())
        return;
    std::cout << title << " (" << items.size() << "):\n";
    for (const auto& item : items)
        std::cout << "  " << item << "\n";
}

// The model as its family lists it for the planner: each component's role, blocks and planned
// weight bytes at the default preset's dtype (empty when the configs cannot be planned).
ModelFootprint plannedComponents(const std::string& path)
{
    try {
        return ModelRegistry::planning(path)->footprint(MemoryPreset{});
    } catch (const Error&) {
        return {};
    }
}

std::string roleLine(const ComponentFootprint& c)
{
    std::string line = std::string(componentRoleName(c.role));
    if (c.hasBlocks())
        line += ", " + std::to_string(c.blocks.blockCount) + " blocks (" + c.blocks.key + ")";
    return line + ", " + std::to_string(c.bytes()) + " bytes planned at " + dtypeName(MemoryPreset{}.dtype);
}

bool hasWeights(const std::string& folder)
{
    std::error_code ec;
    for (const auto& entry : fs::directory_iterator(folder, ec))
        if (entry.path().filename().string().find(".safetensors") != std::string::npos)
            return true;
    return false;
}

int inspectFolder(const std::string& path, bool listTensors)
{
    const ModelInspection model = ModelRegistry::inspect(path); // throws before anything is printed
    const ModelInfo& info = model.info;
    std::cout << "model " << info.path << "\nfamily " << info.family << "\nvariant " << info.variant << " ("
              << info.displayName << ")\nlayout " << model.layout << "\nsize on disk " << info.sizeOnDiskBytes
              << " bytes\n";
    printList("missing files", model.missingFiles);
    printList("unexpected files", model.unexpectedFiles);
    std::uint64_t total = 0;
    const ModelFootprint planned = plannedComponents(path);
    for (const ModelComponent& component : model.components) {
        std::cout << "component " << component.name << " (" << component.className << ")";
        if (const ComponentFootprint* c = planned.find(component.name))
            std::cout << ": " << roleLine(*c);
        std::cout << "\n";
        if (hasWeights(component.folder))
            total += printWeights(WeightSource::open(component.folder), listTensors, "  ");
    }
    std::cout << "total tensor bytes " << total << "\n";
    for (const std::string& line : KnobFlags(info.spec.knobs).describe()) // generate takes them as flags
        std::cout << "knob " << line << "\n";
    if (!model.missingFiles.empty())
        throw FileError(ErrorCode::MissingFile, info.path,
                        "incomplete model folder: " + std::to_string(model.missingFiles.size()) +
                            " files missing, first " + model.missingFiles.front());
    return kExitOk;
}

int runInspect(const std::vector<std::string>& argv)
{
    CliArgs args(argv, {"--summary"});
    args.rejectUnknown({"--summary"});
    if (args.positionals().size() != 1)
        throw InvalidRequestError("PATH", "give exactly one .safetensors file, shard index or model folder");
    const std::string path = args.positionals().front();
    const bool listTensors = !args.has("--summary");
    std::error_code ec;
    if (fs::is_directory(path, ec) && ModelRegistry::looksLikeAModel(path))
        return inspectFolder(path, listTensors);
    WeightSource source = WeightSource::open(path);
    std::cout << "weights " << path << "\n";
    printWeights(source, listTensors, "");
    return kExitOk;
}

} // namespace

FRAMESMITH_CLI_COMMAND("inspect", "inspect PATH [--summary]",
                       "show the family, variant, components and tensors (name, dtype, shape, bytes) of a model "
                       "folder (see `framesmith-cli families`) with its knobs (generate's --KNOB flags: range, default, "
                       "help), a .safetensors file or a shard index; --summary omits the tensor list",
                       runInspect);

} // namespace framesmith::cli
