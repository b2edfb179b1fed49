#include "models/lora/LoraLibrary.h"

#include "core/Sha256.h"
#include "framesmith/DataFolders.h"
#include "framesmith/Error.h"
#include "models/lora/LoraResolver.h"

#include <deque>
#include <filesystem>
#include <mutex>

namespace framesmith {

namespace {

namespace fs = std::filesystem;

constexpr std::size_t kCachedLoras = 8; // views on the files' mappings: page cache, not heap

struct CacheEntry {
    std::string key;
    std::shared_ptr<const ResolvedLora> lora;
};

std::mutex g_mutex;
std::deque<CacheEntry> g_cache; // most recent first

std::string stampOf(const std::string& path)
{
    std::error_code ec;
    const auto time = fs::last_write_time(path, ec).time_since_epoch().count();
    return fs::weakly_canonical(path, ec).string() + "@" + std::to_string(time) + "/" + std::to_string(fs::file_size(path, ec));
}

std::shared_ptr<const ResolvedLora> cached(const std::string& key)
{
    std::lock_guard<std::mutex> lock(g_mutex);
    for (const CacheEntry& entry : g_cache)
        if (entry.key == key)
            return entry.lora;
    return nullptr;
}

void remember(const std::string& key, std::shared_ptr<const ResolvedLora> lora)
{
    std::lock_guard<std::mutex> lock(g_mutex);
    g_cache.push_front({key, std::move(lora)});
    if (g_cache.size() > kCachedLoras)
        g_cache.pop_back();
}

std::shared_ptr<const ResolvedLora> resolve(const std::string& path, const LoraKeyMapping& mapping, const std::string& modelDir)
{
    std::error_code ec;
    const std::string key = stampOf(path) + " on " + fs::weakly_canonical(modelDir, ec).string();
    if (auto lora = cached(key))
        return lora;
    const LoraFile file(path);
    auto lora = std::make_shared<ResolvedLora>(LoraResolver::forModel(mapping, modelDir).resolve(file));
    lora->sha256 = Sha256::ofFile(path);
    remember(key, lora);
    return lora;
}

std::string shortHash(const std::string& sha256)
{
    return sha256.empty() ? std::string("not recorded") : sha256.substr(0, 12) + "…";
}

} // namespace

std::string LoraLibrary::locate(const LoraSpec& spec)
{
    std::error_code ec;
    if (fs::is_regular_file(spec.file, ec))
        return spec.file;
    const fs::path inLibrary = fs::path(dataFolder("loras")) / fs::path(spec.file).filename();
    if (fs::is_regular_file(inLibrary, ec) && (spec.sha256.empty() || Sha256::ofFile(inLibrary.string()) == spec.sha256))
        return inLibrary.string();
    throw FileError(ErrorCode::MissingFile, spec.file,
                    "LoRA " + fs::path(spec.file).filename().string() + " (sha256 " + shortHash(spec.sha256) +
                        ") is missing: put it back there or into " + dataFolder("loras"));
}

LoraLibrary::Prepared LoraLibrary::prepare(const std::vector<LoraSpec>& specs, const LoraKeyMapping& mapping,
                                           const std::string& modelDir)
{
    Prepared prepared;
    for (LoraSpec spec : specs) {
        requireValidLora(spec, "loras");
        if (spec.enabled) {
            const std::string path = locate(spec);
            auto lora = resolve(path, mapping, modelDir);
            if (!spec.sha256.empty() && spec.sha256 != lora->sha256)
                prepared.warnings.push_back("LoRA " + path + " changed since it was recorded (sha256 " + shortHash(spec.sha256) +
                                            ", now " + shortHash(lora->sha256) + ")");
            if (const std::string partial = lora->partialMatchWarning(); !partial.empty())
                prepared.warnings.push_back(partial);
            spec.file = path;
            spec.sha256 = lora->sha256;
            prepared.bytes += lora->bytes();
            prepared.loras.push_back({lora, spec.strength});
        }
        prepared.specs.push_back(spec);
    }
    return prepared;
}

void LoraLibrary::clearCache()
{
    std::lock_guard<std::mutex> lock(g_mutex);
    g_cache.clear();
}

} // namespace framesmith
