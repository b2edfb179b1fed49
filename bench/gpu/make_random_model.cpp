// bench_gpu_make_random_model: a full-size model folder with random weights, from a folder of
// configs (tests/fixtures/cogvideox/full-size-configs/<model>), written by the project's own code:
// no Python, no download. Only sizes matter for speed and memory measurements; the values keep
// activations finite (RandomCheckpointWriter). Resumable: a component whose folder holds
// `.complete` is kept, so a run cut short goes on where it stopped.
//
// usage: bench_gpu_make_random_model CONFIG_DIR OUT_DIR --tokenizer-from MODEL_DIR
//          [--dtype bfloat16|float32] [--seed N] [--shard-gib G] [--text-encoder-from MODEL_DIR]
//          [--device cpu|cuda]
//   --tokenizer-from       a model folder whose tokenizer/ is copied (the configs carry none)
//   --text-encoder-from    link text_encoder/ to that model's when both configs are equal (the
//                          CogVideoX models share T5-XXL: 9.5 GB written once)
//   --device               where the values are drawn (cuda: seconds for a full-size model)
#include "RandomCheckpointWriter.h"

#include "framesmith/Error.h"
#include "models/cogvideox/planning/CogVideoXComponentModules.h"

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

void writeComponent(const Args& a, const std::string& component, std::uint64_t seed)
{
    const fs::path config = a.configDir / component / "config.json", target = a.outDir / component;
    if (!fs::exists(config))
        return; // the model has no such component
    if (fs::exists(target / ".complete")) {
        std::cout << component << ": already written, kept\n";
        return;
    }
    if (component == "text_encoder" && linkSharedTextEncoder(a, target))
        return;
    const auto start = std::chrono::steady_clock::now();
    fs::remove_all(target);
    fs::create_directories(target);
    fs::copy_file(config, target / "config.json");
    auto module = CogVideoXComponentModules::fromConfig(component, config.string());
    RandomCheckpointWriter::Options options;
    options.dtype = a.dtype;
    options.seed = seed;
    options.shardBytes = static_cast<std::int64_t>(a.shardGib * (1 << 30));
    options.device = c10::Device(a.device);
    const auto written = RandomCheckpointWriter::write(*module, target.string(),
                                                       CogVideoXComponentModules::weightsStem(component), options);
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
        fs::create_directories(a.outDir);
        copyFolder(a.configDir / "scheduler", a.outDir / "scheduler");
        copyFolder(a.tokenizerFrom / "tokenizer", a.outDir / "tokenizer");
        std::uint64_t seed = a.seed;
        for (const auto& component : CogVideoXComponentModules::weightedComponents())
            writeComponent(a, component, seed++);
        // Last: a folder without model_index.json is never taken for a finished model.
        fs::copy_file(a.configDir / "model_index.json", a.outDir / "model_index.json",
                      fs::copy_options::overwrite_existing);
        std::cout << "wrote " << a.outDir.string() << "\n";
    } catch (const std::exception& e) {
        std::cerr << "bench_gpu_make_random_model: " << e.what() << "\n";
        return 1;
    }
    return 0;
}
