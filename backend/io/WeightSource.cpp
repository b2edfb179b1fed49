#include "io/WeightSource.h"

#include "framesmith/Error.h"
#include "io/JsonGuard.h"

#include <nlohmann/json.hpp>

#include <algorithm>
#include <filesystem>

namespace fs = std::filesystem;

namespace framesmith {

namespace {

bool endsWith(const std::string& s, const std::string& suffix)
{
    return s.size() >= suffix.size() && s.compare(s.size() - suffix.size(), suffix.size(), suffix) == 0;
}

std::string joinNames(const std::vector<fs::path>& paths)
{
    std::string out;
    for (const auto& p : paths)
        out += (out.empty() ? "" : ", ") + p.filename().string();
    return out;
}

// diffusers/transformers names first, so an extra precision variant (".fp16.safetensors") beside
// the canonical file never makes a folder ambiguous.
std::string findInFolder(const fs::path& folder)
{
    for (const char* canonical : {"diffusion_pytorch_model.safetensors.index.json", "model.safetensors.index.json",
                                  "diffusion_pytorch_model.safetensors", "model.safetensors"}) {
        std::error_code ec;
        if (fs::is_regular_file(folder / canonical, ec))
            return (folder / canonical).string();
    }
    std::vector<fs::path> indexes, singles;
    std::error_code ec;
    for (const auto& entry : fs::directory_iterator(folder, ec)) {
        std::string name = entry.path().filename().string();
        if (endsWith(name, ".safetensors.index.json"))
            indexes.push_back(entry.path());
        else if (endsWith(name, ".safetensors"))
            singles.push_back(entry.path());
    }
    if (ec)
        throw FileError(ErrorCode::Io, folder.string(), "cannot list the folder: " + ec.message());
    std::sort(indexes.begin(), indexes.end());
    std::sort(singles.begin(), singles.end());
    if (indexes.size() == 1)
        return indexes.front().string();
    if (indexes.size() > 1)
        throw FileError(ErrorCode::BadFile, folder.string(), "several shard indexes, cannot tell which to use: " +
                                                                  joinNames(indexes));
    if (singles.size() == 1)
        return singles.front().string();
    if (singles.empty())
        throw FileError(ErrorCode::MissingFile, folder.string(), "no .safetensors file in this folder");
    throw FileError(ErrorCode::BadFile, folder.string(),
                    "several .safetensors files (" + joinNames(singles) +
                        ") but no *.safetensors.index.json naming the shards");
}

// A hostile index must not reach outside its folder ("../../etc/passwd").
void checkShardName(const std::string& shard, const std::string& tensor, const std::string& indexPath)
{
    if (shard.empty() || shard == "." || shard == ".." || shard.find('/') != std::string::npos ||
        shard.find('\\') != std::string::npos || shard.find('\0') != std::string::npos)
        throw FileError(ErrorCode::BadFile, indexPath,
                        "weight_map entry '" + tensor + "' names '" + shard + "', which is not a plain file name");
}

} // namespace

WeightSource WeightSource::open(const std::string& pathIn)
{
    std::string path = pathIn;
    std::error_code ec;
    if (fs::is_directory(path, ec)) {
        if (endsWith(path, ".safetensors") || endsWith(path, ".json"))
            throw FileError(ErrorCode::BadFile, path, "is a directory, expected a file");
        path = findInFolder(path);
    }
    if (endsWith(path, ".json"))
        return openIndex(path);
    WeightSource source;
    source.m_files.push_back(std::make_shared<SafetensorsReader>(path));
    for (const auto& e : source.m_files.front()->entries())
        source.m_fileOfTensor[e.name] = 0;
    return source;
}

WeightSource WeightSource::openIndex(const std::string& path)
{
    const nlohmann::json index = JsonGuard::readFile(path, 8);
    if (!index.is_object() || !index.contains("weight_map") || !index["weight_map"].is_object())
        throw FileError(ErrorCode::BadFile, path, "not a safetensors index (no \"weight_map\" object)");
    if (index["weight_map"].empty())
        throw FileError(ErrorCode::BadFile, path, "weight_map names no tensors");
    WeightSource source;
    std::map<std::string, std::size_t> shardIndex;
    const fs::path folder = fs::path(path).parent_path();
    const std::string indexName = fs::path(path).filename().string();
    for (const auto& [tensor, shardValue] : index["weight_map"].items()) {
        if (!shardValue.is_string())
            throw FileError(ErrorCode::BadFile, path, "weight_map entry '" + tensor + "' is not a file name");
        const std::string shard = shardValue.get<std::string>();
        checkShardName(shard, tensor, path);
        auto it = shardIndex.find(shard);
        if (it == shardIndex.end()) {
            const fs::path shardPath = folder / shard;
            std::error_code ec;
            if (!fs::exists(shardPath, ec))
                throw FileError(ErrorCode::MissingFile, shardPath.string(),
                                "shard named by " + indexName + " (for '" + tensor + "') is missing");
            source.m_files.push_back(std::make_shared<SafetensorsReader>(shardPath.string()));
            it = shardIndex.emplace(shard, source.m_files.size() - 1).first;
        }
        if (!source.m_files[it->second]->find(tensor))
            throw FileError(ErrorCode::BadFile, source.m_files[it->second]->path(),
                            indexName + " says this shard holds '" + tensor + "' but it does not");
        source.m_fileOfTensor[tensor] = it->second;
    }
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

at::Tensor WeightSource::load(const std::string& name, c10::ScalarType dtype, c10::Device device) const
{
    auto it = m_fileOfTensor.find(name);
    if (it == m_fileOfTensor.end())
        throw ShapeError("tensor '" + name + "' is not in the checkpoint");
    return m_files[it->second]->load(name, dtype, device);
}

std::uint64_t WeightSource::totalBytes() const
{
    std::uint64_t total = 0;
    for (const auto& [name, file] : m_fileOfTensor) {
        const TensorEntry* e = m_files[file]->find(name);
        total += e->end - e->begin;
    }
    return total;
}

} // namespace framesmith
