#include "io/DiffusersModelFolder.h"

#include "framesmith/Error.h"
#include "io/DiskUsage.h"
#include "io/JsonGuard.h"

#include <algorithm>
#include <filesystem>
#include <set>

namespace fs = std::filesystem;

namespace framesmith {

namespace {

bool endsWith(const std::string& s, const std::string& suffix)
{
    return s.size() >= suffix.size() && s.compare(s.size() - suffix.size(), suffix.size(), suffix) == 0;
}

bool isFile(const fs::path& p)
{
    std::error_code ec;
    return fs::is_regular_file(p, ec);
}

bool isScheduler(const std::string& className) { return className.find("Scheduler") != std::string::npos; }
bool isTokenizer(const std::string& className) { return className.find("Tokenizer") != std::string::npos; }

// Files a component of this class needs besides its weights.
std::vector<std::string> requiredFiles(const std::string& className)
{
    if (isScheduler(className))
        return {"scheduler_config.json"};
    if (isTokenizer(className))
        return className.rfind("T5Tokenizer", 0) == 0 ? std::vector<std::string>{"tokenizer_config.json", "spiece.model"}
                                                      : std::vector<std::string>{"tokenizer_config.json"};
    return {"config.json"};
}

// diffusers names model weights "diffusion_pytorch_model", transformers names them "model".
std::string weightStem(const std::string& library)
{
    return library == "transformers" ? "model" : "diffusion_pytorch_model";
}

bool isKnownComponentFile(const std::string& name)
{
    static const std::set<std::string> known = {"config.json", "scheduler_config.json", "tokenizer_config.json",
                                                "spiece.model", "special_tokens_map.json", "added_tokens.json",
                                                "tokenizer.json", "generation_config.json"};
    return known.count(name) || endsWith(name, ".safetensors") || endsWith(name, ".safetensors.index.json") ||
           name.rfind('.', 0) == 0 || endsWith(name, ".md");
}

// Missing weights: the canonical single file or index, and every shard an index names.
void addMissingWeights(const fs::path& folder, const std::string& component, const std::string& stem,
                       std::vector<std::string>& missing)
{
    const fs::path index = folder / (stem + ".safetensors.index.json");
    if (isFile(index)) {
        std::set<std::string> shards;
        try {
            const nlohmann::json json = JsonGuard::readFile(index.string(), 8);
            for (const auto& [tensor, shard] : json.at("weight_map").items())
                if (shard.is_string())
                    shards.insert(shard.get<std::string>());
        } catch (const std::exception&) {
            return; // a broken index is reported when the weights are opened, with its reason
        }
        for (const auto& shard : shards)
            if (!isFile(folder / shard))
                missing.push_back(component + "/" + shard);
        return;
    }
    if (isFile(folder / (stem + ".safetensors")))
        return;
    std::error_code ec;
    for (const auto& entry : fs::directory_iterator(folder, ec))
        if (endsWith(entry.path().filename().string(), ".safetensors"))
            return; // a precision variant (".fp16.safetensors"): WeightSource picks it
    missing.push_back(component + "/" + stem + ".safetensors");
}

} // namespace

DiffusersModelFolder::DiffusersModelFolder(const std::string& path) : m_path(path)
{
    std::error_code ec;
    if (!fs::exists(path, ec))
        throw FileError(ErrorCode::MissingFile, path, "no such folder");
    if (!fs::is_directory(path, ec))
        throw FileError(ErrorCode::BadFile, path, "is a file, expected a diffusers model folder");
    const fs::path indexPath = fs::path(path) / "model_index.json";
    if (!fs::exists(indexPath, ec))
        throw FileError(ErrorCode::MissingFile, indexPath.string(),
                        "no such file: not a diffusers pipeline folder (point at the folder holding model_index.json)");
    m_index = JsonGuard::readFile(indexPath.string());
    if (!m_index.is_object())
        throw FileError(ErrorCode::BadFile, indexPath.string(), "is not a JSON object");
}

std::string DiffusersModelFolder::pipelineClass() const
{
    auto it = m_index.find("_class_name");
    return it != m_index.end() && it->is_string() ? it->get<std::string>() : std::string();
}

std::vector<std::string> DiffusersModelFolder::components() const
{
    std::vector<std::string> out;
    for (const auto& [key, value] : m_index.items())
        if (key.rfind('_', 0) != 0 && value.is_array() && value.size() == 2 && value[1].is_string())
            out.push_back(key); // [null, null] marks an optional component that is not there
    std::sort(out.begin(), out.end());
    return out;
}

std::string DiffusersModelFolder::componentClass(const std::string& component) const
{
    auto it = m_index.find(component);
    if (it == m_index.end() || !it->is_array() || it->size() != 2 || !(*it)[1].is_string())
        return {};
    return (*it)[1].get<std::string>();
}

nlohmann::json DiffusersModelFolder::componentConfig(const std::string& component) const
{
    const std::string className = componentClass(component);
    const std::string file = isScheduler(className) ? "scheduler_config.json" : "config.json";
    nlohmann::json config = JsonGuard::readFile((fs::path(m_path) / component / file).string());
    if (!config.is_object())
        throw FileError(ErrorCode::BadFile, (fs::path(m_path) / component / file).string(), "is not a JSON object");
    return config;
}

bool DiffusersModelFolder::isDemo() const
{
    auto it = m_index.find("_framesmith_demo");
    return it != m_index.end() && it->is_boolean() && it->get<bool>();
}

std::vector<std::string> DiffusersModelFolder::missingFiles() const
{
    std::vector<std::string> missing;
    for (const auto& component : components()) {
        const fs::path folder = fs::path(m_path) / component;
        const std::string className = componentClass(component);
        for (const auto& file : requiredFiles(className))
            if (!isFile(folder / file))
                missing.push_back(component + "/" + file);
        if (!isScheduler(className) && !isTokenizer(className))
            addMissingWeights(folder, component, weightStem(m_index.at(component).at(0).is_string()
                                                                ? m_index.at(component).at(0).get<std::string>()
                                                                : std::string()),
                              missing);
    }
    return missing;
}

std::vector<std::string> DiffusersModelFolder::unexpectedFiles() const
{
    const auto names = components();
    const std::set<std::string> componentSet(names.begin(), names.end());
    std::vector<std::string> unexpected;
    std::error_code ec;
    for (const auto& entry : fs::directory_iterator(m_path, ec)) {
        const std::string name = entry.path().filename().string();
        if (name.rfind('.', 0) == 0 || !entry.is_directory(ec))
            continue; // top-level files are docs, licences, hub metadata
        if (!componentSet.count(name)) {
            unexpected.push_back(name + "/");
            continue;
        }
        for (const auto& file : fs::directory_iterator(entry.path(), ec))
            if (!isKnownComponentFile(file.path().filename().string()))
                unexpected.push_back(name + "/" + file.path().filename().string());
    }
    std::sort(unexpected.begin(), unexpected.end());
    return unexpected;
}

std::uint64_t DiffusersModelFolder::sizeOnDiskBytes() const
{
    return DiskUsage::bytes(m_path);
}

} // namespace framesmith
