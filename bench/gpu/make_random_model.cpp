// bench_gpu_make_random_model: a full-size model folder with random weights, from a folder of
// configs (tests/fixtures/<family>/full-size-configs/<model>), written by the project's own code:
// no Python, no download. Only sizes matter for speed and memory measurements; the values keep
// activations finite (RandomCheckpointWriter). Resumable: a component whose folder holds
// `.complete` is kept, so a run cut short goes on where it stopped. Any family whose
// ModelFamily::componentModule builds its components (CogVideoX, Wan).
//
// usage: bench_gpu_make_random_model CONFIG_DIR OUT_DIR --tokenizer-from MODEL_DIR
//          [--dtype bfloat16|float32] [--seed N] [--shard-gib G] [--text-encoder-from MODEL_DIR]
//          [--device cpu|cuda]
//   --tokenizer-from       a model folder of the same family and kind (a tiny fixture model): its
//                          family builds the modules, its tokenizer/ is copied (the configs carry
//                          none), and its model_index.json stands in where CONFIG_DIR has none,
//                          with CONFIG_DIR/pipeline.json's class, boundary_ratio, expand_timesteps
//   --text-encoder-from    link text_encoder/ to that model's when both configs are equal (the
//                          models of a family share their T5: 9.5 / 11.4 GB written once)
//   --device               where the values are drawn (cuda: seconds for a full-size model)
#include "RandomCheckpointWriter.h"

#include "framesmith/Error.h"
#include "core/Module.h"
#include "models/ModelRegistry.h"

#include <nlohmann/json.hpp>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <map>
#include <sstream>

using namespace framesmith;
namespace fs = std::filesystem;

namespace {

struct Args {
    fs::path configDir, outDir, tokenizerFrom, textEncoderFrom;
    c10::ScalarType dtype = c10::kBFloat16;
    std::uint64_t seed = 0;
    double shardGib = 2.0;
    std::string device = "cpu";
};

[[noreturn]] void usage(const std::string& why)
{
    std::cerr << "bench_gpu_make_random_model: " << why << "\nusage: bench_gpu_make_random_model CONFIG_DIR OUT_DIR "
              << "--tokenizer-from MODEL_DIR [--dtype bfloat16|float32] [--seed N] [--shard-gib G] "
              << "[--text-encoder-from MODEL_DIR] [--device cpu|cuda]\n";
    std::exit(2);
}

Args parse(int argc, char** argv)
{
    Args a;
    std::vector<std::string> positional;
    for (int i = 1; i < argc; ++i) {
        const std::string arg = argv[i];
        auto next = [&]() -> std::string { if (i + 1 >= argc) usage(arg + " needs a value"); return argv[++i]; };
        if (arg == "--tokenizer-from") a.tokenizerFrom = next();
        else if (arg == "--text-encoder-from") a.textEncoderFrom = next();
        else if (arg == "--seed") a.seed = std::stoull(next());
        else if (arg == "--shard-gib") a.shardGib = std::stod(next());
        else if (arg == "--device") a.device = next();
        else if (arg == "--dtype") {
            const std::string d = next();
            if (d == "bfloat16") a.dtype = c10::kBFloat16;
            else if (d == "float32") a.dtype = c10::kFloat;
            else usage("--dtype is bfloat16 or float32, not " + d);
        } else if (arg.rfind("--", 0) == 0) usage("unknown option " + arg);
        else positional.push_back(arg);
    }
    if (positional.size() != 2 || a.tokenizerFrom.empty())
        usage("give CONFIG_DIR, OUT_DIR and --tokenizer-from");
    a.configDir = positional[0];
    a.outDir = positional[1];
    return a;
}

std::string readText(const fs::path& path)
{
    std::ifstream in(path);
    std::stringstream s;
    s << in.rdbuf();
    return s.str();
}

void copyFolder(const fs::path& from, const fs::path& to)
{
    if (!fs::is_directory(from))
        throw FileError(ErrorCode::MissingFile, from.string(), "folder missing");
    fs::create_directories(to);
    fs::copy(from, to, fs::copy_options::recursive | fs::copy_options::overwrite_existing);
}

bool linkSharedTextEncoder(const Args& a, const fs::path& target)
{
    const fs::path other = a.textEncoderFrom / "text_encoder";
    if (a.textEncoderFrom.empty() || !fs::exists(other / ".complete") ||
        readText(other / "config.json") != readText(a.configDir / "text_encoder" / "config.json"))
        return false;
    fs::remove_all(target);
    fs::create_directory_symlink(fs::absolute(other), target);
    std::cout << "text_encoder: linked to " << fs::absolute(other).string() << " (same config)\n";
    return true;
}

// The model_index.json to write: CONFIG_DIR's, else the like-model's with CONFIG_DIR/pipeline.json's
// keys (the full-size Wan configs keep the -Diffusers repo's index as pipeline.json).
nlohmann::json modelIndex(const Args& a)
{
    if (fs::exists(a.configDir / "model_index.json"))
        return nlohmann::json::parse(readText(a.configDir / "model_index.json"));
    nlohmann::json index = nlohmann::json::parse(readText(a.tokenizerFrom / "model_index.json"));
    if (fs::exists(a.configDir / "pipeline.json")) {
        const nlohmann::json pipeline = nlohmann::json::parse(readText(a.configDir / "pipeline.json"));
        if (pipeline.contains("pipeline"))
            index["_class_name"] = pipeline["pipeline"];
        for (const char* key : {"boundary_ratio", "expand_timesteps"})
            if (pipeline.contains(key))
                index[key] = pipeline[key];
    }
    // Every component the index names must have its config here: a like-model of another kind
    // (an I2V index over T2V configs) would write a folder no one can load.
    for (const auto& [name, value] : index.items()) {
        const bool named = value.is_array() && value.size() == 2 && !value[0].is_null();
        if (named && name != "tokenizer" && !fs::is_directory(a.configDir / name))
            throw FileError(ErrorCode::MissingFile, (a.configDir / name).string(),
                            "the model_index.json of " + a.tokenizerFrom.string() + " names '" + name +
                                "', which these configs lack: give --tokenizer-from a model of the same kind");
    }
    return index;
}

void writeComponent(const Args& a, const ModelFamily& family, const std::string& component, std::uint64_t seed)
{
    const fs::path config = a.configDir / component / "config.json", target = a.outDir / component;
    if (fs::exists(target / ".complete")) {
        std::cout << component << ": already written, kept\n";
        return;
    }
    const ComponentModule built = family.componentModule(component, config.string());
    if (!built.module)
        throw InvalidRequestError("component", "the " + family.info().name + " family builds no module for '" + component + "'");
    if (component == "text_encoder" && linkSharedTextEncoder(a, target))
        return;
    const auto start = std::chrono::steady_clock::now();
    fs::remove_all(target);
    fs::create_directories(target);
    fs::copy_file(config, target / "config.json");
    RandomCheckpointWriter::Options options;
    options.dtype = a.dtype;
    options.seed = seed;
    options.shardBytes = static_cast<std::int64_t>(a.shardGib * (1 << 30));
    options.device = c10::Device(a.device);
    const auto written = RandomCheckpointWriter::write(*built.module, target.string(), built.weightsStem, options);
    std::ofstream(target / ".complete") << written.parameters << " parameters\n";
    const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    std::printf("%s: %lld parameters, %.2f GB in %d file(s), %.0f s\n", component.c_str(),
                static_cast<long long>(written.parameters), written.bytes / 1e9, written.files, seconds);
}

} // namespace

int main(int argc, char** argv)
{
    const Args a = parse(argc, argv);
    try {
        const ModelFamily& family = ModelRegistry::familyOf(a.tokenizerFrom.string());
        const nlohmann::json index = modelIndex(a);
        fs::create_directories(a.outDir);
        copyFolder(a.tokenizerFrom / "tokenizer", a.outDir / "tokenizer");
        std::uint64_t seed = a.seed;
        // Folders in name order: the seeds, and so the weights, do not depend on the directory's order.
        std::vector<fs::path> folders;
        for (const auto& entry : fs::directory_iterator(a.configDir))
            if (entry.is_directory())
                folders.push_back(entry.path());
        std::sort(folders.begin(), folders.end());
        for (const fs::path& folder : folders) {
            const std::string name = folder.filename().string();
            if (fs::exists(folder / "config.json") && family.componentModule(name, (folder / "config.json").string()).module)
                writeComponent(a, family, name, seed++);
            else if (name != "tokenizer")
                copyFolder(folder, a.outDir / name); // scheduler, image_processor: configs only
        }
        // Last: a folder without model_index.json is never taken for a finished model.
        std::ofstream(a.outDir / "model_index.json") << index.dump(2) << "\n";
        std::cout << "wrote " << a.outDir.string() << " (" << family.info().name << ")\n";
    } catch (const std::exception& e) {
        std::cerr << "bench_gpu_make_random_model: " << e.what() << "\n";
        return 1;
    }
    return 0;
}
