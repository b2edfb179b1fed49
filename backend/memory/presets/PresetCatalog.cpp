// The public face of PresetStore and the strategy registry for the app's preset editor.
#include "framesmith/PresetCatalog.h"

#include "memory/presets/MemoryStrategyRegistry.h"
#include "memory/presets/PresetStore.h"

#include <nlohmann/json.hpp>

namespace framesmith {

PresetCatalog::PresetCatalog(std::string userFolder)
    : m_userFolder(userFolder.empty() ? PresetStore::defaultUserFolder() : std::move(userFolder))
{
}

std::vector<StrategyInfo> PresetCatalog::strategies()
{
    std::vector<StrategyInfo> infos;
    for (const auto& strategy : memoryStrategies()) {
        StrategyInfo info{strategy->name(), strategy->summary(), {}};
        for (const auto& other : memoryStrategies())
            if (other != strategy && strategiesConflict(strategy->name(), other->name()))
                info.excludes.push_back(other->name());
        infos.push_back(info);
    }
    return infos;
}

std::vector<StrategyConflict> PresetCatalog::conflicts(const std::vector<std::string>& strategies)
{
    std::vector<StrategyConflict> found;
    for (std::size_t i = 0; i < strategies.size(); ++i)
        for (std::size_t k = i + 1; k < strategies.size(); ++k)
            if (strategiesConflict(strategies[i], strategies[k]))
                found.push_back({strategies[i], strategies[k]});
    return found;
}

MemoryPreset PresetCatalog::compose(const std::string& name, const std::vector<std::string>& strategies)
{
    // Through the file reader on purpose: a composed preset means exactly what its file would.
    const nlohmann::json file = {{"schemaVersion", MemoryPreset::kSchemaVersion}, {"name", name},
                                 {"strategies", strategies}};
    return presetFromJson(file.dump(), "custom preset '" + name + "'");
}

std::vector<std::string> PresetCatalog::builtinNames() const { return PresetStore({}, m_userFolder).builtinNames(); }

std::vector<std::string> PresetCatalog::userNames() const { return PresetStore({}, m_userFolder).userNames(); }

bool PresetCatalog::isBuiltin(const std::string& name) const { return PresetStore({}, m_userFolder).isBuiltin(name); }

MemoryPreset PresetCatalog::load(const std::string& name) const { return PresetStore({}, m_userFolder).load(name); }

std::string PresetCatalog::save(const MemoryPreset& preset) const
{
    const PresetStore store({}, m_userFolder);
    // Refuse what could not be read back (a tile size of 10, an unknown strategy) before writing.
    presetFromJson(toJson(preset), "preset '" + preset.name + "'");
    return store.save(preset);
}

void PresetCatalog::remove(const std::string& name) const { PresetStore({}, m_userFolder).remove(name); }

} // namespace framesmith
