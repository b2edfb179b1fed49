// `framesmith-cli inspect PATH`: what a .safetensors file, a shard index or a model folder holds,
// without loading weights. Bad input ends in one error line naming the file (exit status 2).
#include "cli/CliCommand.h"

#include "framesmith/Error.h"
#include "io/CogVideoXVariant.h"
#include "io/DiffusersModelFolder.h"
#include "io/WeightSource.h"

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

int inspectFolder(const DiffusersModelFolder& folder, bool listTensors)
{
    const ModelInfo info = folder.info(); // throws UnsupportedModel before anything is printed
    std::cout << "model " << folder.path() << "\nvariant " << info.variant << " (" << info.displayName << ")\n"
              << "pipeline " << folder.pipelineClass() << "\nsize on disk " << info.sizeOnDiskBytes << " bytes\n";
    const auto missing = folder.missingFiles();
    printList("missing files", missing);
    printList("unexpected files", folder.unexpectedFiles());
    std::uint64_t total = 0;
    for (const auto& component : folder.components()) {
        std::cout << "component " << component << " (" << folder.componentClass(component) << ")\n";
        const fs::path dir = fs::path(folder.path()) / component;
        bool hasWeights = false;
        std::error_code ec;
        for (const auto& entry : fs::directory_iterator(dir, ec))
            hasWeights |= entry.path().filename().string().find(".safetensors") != std::string::npos;
        if (hasWeights)
            total += printWeights(WeightSource::open(dir.string()), listTensors, "  ");
    }
    std::cout << "total tensor bytes " << total << "\n";
    if (!missing.empty())
        throw FileError(ErrorCode::MissingFile, folder.path(),
                        "incomplete model folder: " + std::to_string(missing.size()) + " files missing, first " +
                            missing.front());
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
    if (fs::is_directory(path, ec) && fs::exists(fs::path(path) / "model_index.json", ec))
        return inspectFolder(DiffusersModelFolder(path), listTensors);
    WeightSource source = WeightSource::open(path);
    std::cout << "weights " << path << "\n";
    printWeights(source, listTensors, "");
    return kExitOk;
}

} // namespace

FRAMESMITH_CLI_COMMAND("inspect", "inspect PATH [--summary]",
                       "show the variant, components and tensors (name, dtype, shape, bytes) of a model folder, "
                       "a .safetensors file or a shard index; --summary omits the tensor list",
                       runInspect);

} // namespace framesmith::cli
