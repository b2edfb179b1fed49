#include "framesmith/MemoryPreset.h"

#include "framesmith/Error.h"
#include "memory/presets/MemoryStrategyRegistry.h"

#include <nlohmann/json.hpp>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <limits>
#include <type_traits>
#include <map>

namespace framesmith {
namespace {

using nlohmann::json;

const std::map<Placement, const char*> kPlacementNames = {
    {Placement::Gpu, "gpu"}, {Placement::Cpu, "cpu"}, {Placement::OffloadToCpu, "offload-to-cpu"},
    {Placement::Streamed, "streamed"}};
const std::map<ComputeDtype, const char*> kDtypeNames = {
    {ComputeDtype::Float32, "fp32"}, {ComputeDtype::BFloat16, "bf16"}, {ComputeDtype::Float16, "fp16"}};
const std::map<WeightStorage, const char*> kStorageNames = {
    {WeightStorage::Native, "native"}, {WeightStorage::Float8, "fp8"}, {WeightStorage::Int8, "int8"}};

template <class E>
const char* nameOf(const std::map<E, const char*>& names, E value)
{
    auto it = names.find(value);
    return it == names.end() ? "invalid" : it->second;
}

// Reads JSON fields into a preset, naming the file and the key on any mistake.
class FieldReader {
public:
    FieldReader(const json& root, std::string origin) : m_root(root), m_origin(std::move(origin)) {}

    template <class T>
    void read(const char* key, T& out) const
    {
        if (!m_root.contains(key))
            return;
        const json& value = m_root.at(key);
        if constexpr (std::is_integral_v<T> && !std::is_same_v<T, bool>)
            out = integerOf<T>(key, value);
        else if constexpr (std::is_floating_point_v<T>)
            out = finiteNumberOf<T>(key, value);
        else
            try {
                out = value.get<T>();
            } catch (const json::exception&) {
                fail(key, "has the wrong type");
            }
    }

    template <class E>
    void readEnum(const char* key, const std::map<E, const char*>& names, E& out) const
    {
        std::string text;
        read(key, text);
        if (text.empty())
            return;
        std::string known;
        for (const auto& [value, name] : names) {
            if (text == name) {
                out = value;
                return;
            }
            known += (known.empty() ? "" : ", ") + std::string(name);
        }
        fail(key, "'" + text + "' is not one of " + known);
    }

    FieldReader section(const char* key) const
    {
        static const json kEmpty = json::object();
        if (!m_root.contains(key))
            return FieldReader(kEmpty, m_origin);
        if (!m_root.at(key).is_object())
            fail(key, "must be an object");
        return FieldReader(m_root.at(key), m_origin + " [" + key + "]");
    }

    [[noreturn]] void fail(const std::string& key, const std::string& problem) const
    {
        throw InvalidRequestError("preset", m_origin + ": " + key + " " + problem);
    }

private:
    // Integers are read as written: 2^40 in an int field or 9.9 is refused, never wrapped or
    // truncated (nor converted out of range, which is undefined).
    template <class T>
    T integerOf(const char* key, const json& value) const
    {
        if (!value.is_number_integer())
            fail(key, "must be an integer, got " + value.dump());
        bool fits = false;
        if (value.is_number_unsigned())
            fits = value.get<std::uint64_t>() <= std::uint64_t(std::numeric_limits<T>::max());
        else if constexpr (std::is_signed_v<T>)
            fits = value.get<std::int64_t>() >= std::int64_t(std::numeric_limits<T>::min()) &&
                   value.get<std::int64_t>() <= std::int64_t(std::numeric_limits<T>::max());
        if (!fits)
            fail(key, "is out of range: " + value.dump());
        return value.is_number_unsigned() ? T(value.get<std::uint64_t>()) : T(value.get<std::int64_t>());
    }

    template <class T>
    T finiteNumberOf(const char* key, const json& value) const
    {
        if (!value.is_number())
            fail(key, "must be a number, got " + value.dump());
        const double number = value.get<double>();
        if (!std::isfinite(number) || std::fabs(number) > double(std::numeric_limits<T>::max()))
            fail(key, "is out of range: " + value.dump());
        return T(number);
    }

public:

private:
    const json& m_root;
    std::string m_origin;
};

// The starting point of a preset file: every lever off, so a preset means exactly its strategies.
MemoryPreset neutralPreset()
{
    MemoryPreset p;
    p.expandableSegments = false;
    p.releaseCacheBetweenStages = false;
    p.vaeSlicing = false;
    p.vaeTiling = false;
    return p;
}

void readSections(const FieldReader& r, MemoryPreset& p)
{
    r.readEnum("dtype", kDtypeNames, p.dtype);
    r.readEnum("weightStorage", kStorageNames, p.weightStorage);
    FieldReader allocator = r.section("allocator");
    allocator.read("expandableSegments", p.expandableSegments);
    allocator.read("maxSplitSizeMb", p.maxSplitSizeMb);
    allocator.read("garbageCollectionThreshold", p.garbageCollectionThreshold);
    FieldReader cache = r.section("cache");
    cache.read("releaseBetweenStages", p.releaseCacheBetweenStages);
    cache.read("releaseEveryStep", p.releaseCacheEveryStep);
    FieldReader placement = r.section("placement");
    placement.readEnum("textEncoder", kPlacementNames, p.textEncoder);
    placement.readEnum("transformer", kPlacementNames, p.transformer);
    placement.readEnum("vae", kPlacementNames, p.vae);
    placement.read("streamPrefetchBlocks", p.streamPrefetchBlocks);
    placement.read("vramHeadroomMb", p.vramHeadroomMb);
    FieldReader vae = r.section("vae");
    vae.read("slicing", p.vaeSlicing);
    vae.read("tiling", p.vaeTiling);
    vae.read("tileHeight", p.vaeTileHeight);
    vae.read("tileWidth", p.vaeTileWidth);
    vae.read("tileOverlapHeight", p.vaeTileOverlapHeight);
    vae.read("tileOverlapWidth", p.vaeTileOverlapWidth);
    FieldReader multi = r.section("multiGpu");
    multi.read("spreadAcrossGpus", p.spreadAcrossGpus);
    multi.read("cfgParallel", p.cfgParallel);
}

void validate(const FieldReader& r, const MemoryPreset& p)
{
    if (p.name.empty())
        r.fail("name", "is missing or empty");
    if (p.streamPrefetchBlocks < 0 || p.streamPrefetchBlocks > 8)
        r.fail("placement.streamPrefetchBlocks", "must be between 0 and 8");
    if (p.vramHeadroomMb < 0 || p.vramHeadroomMb > MemoryPreset::kMaxVramHeadroomMb)
        r.fail("placement.vramHeadroomMb", "must be between 0 and " + std::to_string(MemoryPreset::kMaxVramHeadroomMb));
    if (p.maxSplitSizeMb < 0)
        r.fail("allocator.maxSplitSizeMb", "must not be negative");
    if (p.garbageCollectionThreshold < 0 || p.garbageCollectionThreshold >= 1)
        r.fail("allocator.garbageCollectionThreshold", "must be in [0, 1)");
    if (p.vaeTileHeight < 16 || p.vaeTileWidth < 16 || p.vaeTileHeight % 8 || p.vaeTileWidth % 8)
        r.fail("vae.tileHeight/tileWidth", "must be multiples of 8 and at least 16 pixels");
    for (double overlap : {p.vaeTileOverlapHeight, p.vaeTileOverlapWidth})
        if (overlap < 0 || overlap >= 0.5)
            r.fail("vae.tileOverlapHeight/Width", "must be in [0, 0.5)");
}

} // namespace

const char* placementName(Placement p) { return nameOf(kPlacementNames, p); }
const char* dtypeName(ComputeDtype d) { return nameOf(kDtypeNames, d); }
const char* weightStorageName(WeightStorage w) { return nameOf(kStorageNames, w); }

std::string toJson(const MemoryPreset& p)
{
    json j = {
        {"schemaVersion", MemoryPreset::kSchemaVersion},
        {"name", p.name},
        {"description", p.description},
        {"strategies", p.strategies},
        {"dtype", dtypeName(p.dtype)},
        {"weightStorage", weightStorageName(p.weightStorage)},
        {"allocator", {{"expandableSegments", p.expandableSegments}, {"maxSplitSizeMb", p.maxSplitSizeMb},
                       {"garbageCollectionThreshold", p.garbageCollectionThreshold}}},
        {"cache", {{"releaseBetweenStages", p.releaseCacheBetweenStages}, {"releaseEveryStep", p.releaseCacheEveryStep}}},
        {"placement", {{"textEncoder", placementName(p.textEncoder)}, {"transformer", placementName(p.transformer)},
                       {"vae", placementName(p.vae)}, {"streamPrefetchBlocks", p.streamPrefetchBlocks},
                       {"vramHeadroomMb", p.vramHeadroomMb}}},
        {"vae", {{"slicing", p.vaeSlicing}, {"tiling", p.vaeTiling}, {"tileHeight", p.vaeTileHeight},
                 {"tileWidth", p.vaeTileWidth}, {"tileOverlapHeight", p.vaeTileOverlapHeight},
                 {"tileOverlapWidth", p.vaeTileOverlapWidth}}},
        {"multiGpu", {{"spreadAcrossGpus", p.spreadAcrossGpus}, {"cfgParallel", p.cfgParallel}}},
    };
    if (p.isAutomatic())
        j["autoCandidates"] = p.autoCandidates;
    return j.dump(2);
}

MemoryPreset presetFromJson(const std::string& text, const std::string& origin)
{
    json j = json::parse(text, nullptr, false);
    if (j.is_discarded() || !j.is_object())
        throw InvalidRequestError("preset", origin + ": is not a JSON object");
    FieldReader r(j, origin);
    static const std::vector<std::string> kKeys = {"schemaVersion", "name", "description", "strategies", "dtype",
        "weightStorage", "allocator", "cache", "placement", "vae", "multiGpu", "autoCandidates"};
    for (const auto& item : j.items())
        if (std::find(kKeys.begin(), kKeys.end(), item.key()) == kKeys.end())
            r.fail(item.key(), "is not a preset key (typo?)");
    int version = 0;
    r.read("schemaVersion", version);
    if (version < 1 || version > MemoryPreset::kSchemaVersion)
        r.fail("schemaVersion", "must be 1.." + std::to_string(MemoryPreset::kSchemaVersion) + ", got " +
                                    std::to_string(version) + " (a preset from a newer Framesmith?)");
    MemoryPreset p = neutralPreset();
    r.read("name", p.name);
    r.read("description", p.description);
    r.read("strategies", p.strategies);
    r.read("autoCandidates", p.autoCandidates);
    for (const std::string& name : p.strategies) {
        const MemoryStrategy* strategy = findMemoryStrategy(name);
        if (!strategy)
            r.fail("strategies", "names unknown strategy '" + name + "' (known: " + memoryStrategyNames() + ")");
        strategy->enable(p);
    }
    // Contradictory levers (two weight storages, two transformer placements) are refused, not
    // silently decided by their order in the list.
    for (std::size_t i = 0; i < p.strategies.size(); ++i)
        for (std::size_t k = i + 1; k < p.strategies.size(); ++k)
            if (strategiesConflict(p.strategies[i], p.strategies[k]))
                r.fail("strategies", "'" + p.strategies[i] + "' and '" + p.strategies[k] +
                                         "' cannot be combined: they set the same lever differently");
    readSections(r, p);
    validate(r, p);
    return p;
}

} // namespace framesmith
