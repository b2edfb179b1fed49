#include "models/wan/WanModelLayout.h"

#include "framesmith/Error.h"
#include "io/JsonGuard.h"

#include <filesystem>

namespace fs = std::filesystem;

namespace framesmith {

namespace {

bool layoutFileExists(const fs::path& p)
{
    std::error_code ec;
    return fs::is_regular_file(p, ec);
}

std::string classNameIn(const nlohmann::json& json)
{
    auto it = json.is_object() ? json.find("_class_name") : json.end();
    return json.is_object() && it != json.end() && it->is_string() ? it->get<std::string>() : std::string();
}

// A component model_index.json names ([library, class]); [null, null] marks one that is not there.
bool namesComponent(const nlohmann::json& index, const char* name)
{
    auto it = index.find(name);
    return it != index.end() && it->is_array() && it->size() == 2 && (*it)[1].is_string();
}

[[noreturn]] void refuse(const std::string& path, const std::string& problem)
{
    throw FileError(ErrorCode::UnsupportedModel, path, problem);
}

WanTransformerConfig transformerConfig(const fs::path& root, const char* component)
{
    const fs::path path = root / component / "config.json";
    if (!layoutFileExists(path))
        throw FileError(ErrorCode::MissingFile, path.string(),
                        "no such file: model_index.json names " + std::string(component) + ", its config is missing");
    const nlohmann::json config = JsonGuard::readFile(path.string());
    if (classNameIn(config) != "WanTransformer3DModel")
        refuse(path.string(), "_class_name is '" + classNameIn(config) + "', expected WanTransformer3DModel");
    return WanTransformerConfig::fromFile(path.string());
}

void readIndexFields(WanModelLayout& layout, const nlohmann::json& index)
{
    const std::string path = layout.indexPath();
    if (auto it = index.find("boundary_ratio"); it != index.end() && !it->is_null()) {
        if (!it->is_number() || it->get<double>() <= 0.0 || it->get<double>() >= 1.0)
            refuse(path, "boundary_ratio must be a number between 0 and 1 or null");
        layout.boundaryRatio = it->get<double>();
    }
    if (auto it = index.find("expand_timesteps"); it != index.end() && !it->is_null()) {
        if (!it->is_boolean())
            refuse(path, "expand_timesteps must be true, false or null");
        layout.expandTimesteps = it->get<bool>();
    }
    layout.hasImageEncoder = namesComponent(index, "image_encoder");
    auto demo = index.find("_framesmith_demo");
    layout.isDemo = demo != index.end() && demo->is_boolean() && demo->get<bool>();
}

} // namespace

bool WanModelLayout::hasMarker(const std::string& folder)
{
    const fs::path index = fs::path(folder) / "model_index.json";
    try {
        if (layoutFileExists(index))
            return classNameIn(JsonGuard::readFile(index.string())).rfind("Wan", 0) == 0;
    } catch (const FileError&) {
        // unreadable: the transformer's config decides whether this was meant as a Wan model
    }
    try {
        const fs::path transformer = fs::path(folder) / "transformer" / "config.json";
        return layoutFileExists(transformer) && classNameIn(JsonGuard::readFile(transformer.string())) == "WanTransformer3DModel";
    } catch (const FileError&) {
        return false;
    }
}

WanModelLayout WanModelLayout::read(const std::string& folder)
{
    WanModelLayout layout;
    layout.root = folder;
    const std::string index = layout.indexPath();
    if (!layoutFileExists(index))
        throw FileError(ErrorCode::MissingFile, index,
                        "no such file: not a diffusers pipeline folder (point at the folder holding model_index.json)");
    const nlohmann::json json = JsonGuard::readFile(index);
    if (!json.is_object())
        throw FileError(ErrorCode::BadFile, index, "is not a JSON object");
    layout.pipelineClass = classNameIn(json);
    if (layout.pipelineClass != "WanPipeline" && layout.pipelineClass != "WanImageToVideoPipeline")
        refuse(index, "pipeline class '" + layout.pipelineClass + "' is not a Wan pipeline this build runs (supported: "
                      "WanPipeline, WanImageToVideoPipeline; not yet: VACE, Animate, FLF2V)");
    for (const char* component : {"transformer", "vae", "text_encoder", "tokenizer"})
        if (!namesComponent(json, component))
            refuse(index, "names no " + std::string(component) + " component: not a Wan -Diffusers folder");
    readIndexFields(layout, json);
    layout.transformer = transformerConfig(folder, "transformer");
    if (namesComponent(json, "transformer_2"))
        layout.transformer2 = transformerConfig(folder, "transformer_2");
    const fs::path vaePath = fs::path(folder) / "vae" / "config.json";
    if (!layoutFileExists(vaePath))
        throw FileError(ErrorCode::MissingFile, vaePath.string(), "no such file: model_index.json names vae, its config is missing");
    layout.vae = WanVaeConfig::fromFile(vaePath.string());
    layout.variant = wanVariantOf(layout);
    return layout;
}

std::string WanModelLayout::indexPath() const
{
    return (fs::path(root) / "model_index.json").string();
}

std::int64_t WanModelLayout::vaeSpatialCompression() const
{
    return (std::int64_t(1) << (vae.dimMult.size() - 1)) * vae.patchSize; // as WanVae::spatialCompression
}

} // namespace framesmith
