#include "io/WeightSource.h"

#include "framesmith/Error.h"

#include <nlohmann/json.hpp>

#include <filesystem>
#include <fstream>

namespace fs = std::filesystem;

namespace framesmith {

namespace {

bool endsWith(const std::string& s, const std::string& suffix)
{
    return s.size() >= suffix.size() && s.compare(s.size() - suffix.size(), suffix.size(), suffix) == 0;
}

std::string findInFolder(const fs::path& folder)
{
    std::vector<fs::path> indexes, singles;
    for (const auto& entry : fs::directory_iterator(folder)) {
        std::string name = entry.path().filename().string();
        if (endsWith(name, ".safetensors.index.json"))
            indexes.push_back(entry.path());
        else if (endsWith(name, ".safetensors"))
            singles.push_back(entry.path());
    }
    if (!indexes.empty())
        return indexes.front().string();
    if (singles.size() == 1)
        return singles.front().string();
    if (singles.empty())
        throw FileError(ErrorCode::MissingFile, folder.string(), "no .safetensors file in this folder");
    throw FileError(ErrorCode::BadFile, folder.string(),
                    "several .safetensors files but no *.safetensors.index.json naming the shards");
}

} // namespace

WeightSource WeightSource::open(const std::string& pathIn)
{
    std::string path = pathIn;
    std::error_code ec;
    if (fs::is_directory(path, ec))
        path = findInFolder(path);
    WeightSource source;
    if (endsWith(path, ".json")) {
        std::ifstream in(path);
        if (!in)
            throw FileError(ErrorCode::MissingFile, path, "cannot open the shard index");
        auto index = nlohmann::json::parse(in, nullptr, false);
        if (index.is_discarded() || !index.contains("weight_map") || !index["weight_map"].is_object())
            throw FileError(ErrorCode::BadFile, path, "not a safetensors index (no weight_map object)");
        std::map<std::string, std::size_t> shardIndex;
        fs::path folder = fs::path(path).parent_path();
        for (auto& [tensor, shardValue] : index["weight_map"].items()) {
            if (!shardValue.is_string())
                throw FileError(ErrorCode::BadFile, path, "weight_map entry '" + tensor + "' is not a file name");
            std::string shard = shardValue.get<std::string>();
            auto it = shardIndex.find(shard);
            if (it == shardIndex.end()) {
                fs::path shardPath = folder / shard;
                if (!fs::exists(shardPath, ec))
                    throw FileError(ErrorCode::MissingFile, shardPath.string(),
                                    "shard named by " + fs::path(path).filename().string() + " is missing");
                source.m_files.push_back(std::make_shared<SafetensorsReader>(shardPath.string()));
                it = shardIndex.emplace(shard, source.m_files.size() - 1).first;
            }
            if (!source.m_files[it->second]->find(tensor))
                throw FileError(ErrorCode::BadFile, source.m_files[it->second]->path(),
                                "index says it holds '" + tensor + "' but it does not");
            source.m_fileOfTensor[tensor] = it->second;
        }
        return source;
    }
    source.m_files.push_back(std::make_shared<SafetensorsReader>(path));
    for (const auto& e : source.m_files.front()->entries())
        source.m_fileOfTensor[e.name] = 0;
    return source;
}

std::vector<std::string> WeightSource::names() const
{
    std::vector<std::string> out;
    out.reserve(m_fileOfTensor.size());
    for (const auto& kv : m_fileOfTensor)
        out.push_back(kv.first);
    return out;
}

const TensorEntry* WeightSource::find(const std::string& name) const
{
    auto it = m_fileOfTensor.find(name);
    return it == m_fileOfTensor.end() ? nullptr : m_files[it->second]->find(name);
}

std::string WeightSource::fileOf(const std::string& name) const
{
    auto it = m_fileOfTensor.find(name);
    return it == m_fileOfTensor.end() ? std::string() : fs::path(m_files[it->second]->path()).filename().string();
}

at::Tensor WeightSource::view(const std::string& name) const
{
    auto it = m_fileOfTensor.find(name);
    if (it == m_fileOfTensor.end())
        throw ShapeError("tensor '" + name + "' is not in the checkpoint");
    return m_files[it->second]->view(name);
}

} // namespace framesmith
