#include "export/ExportMetadata.h"

#include <nlohmann/json.hpp>

namespace framesmith {

std::string appVersionOf(const ExportOptions& options)
{
    return options.appVersion.empty() ? std::string(FRAMESMITH_VERSION) : options.appVersion;
}

MetadataTags exportMetadataTags(const ExportOptions& options)
{
    // "comment" and "description" are what editors and players show; the framesmith_* keys are
    // exact values for tools (MP4/MOV keep them as mdta keys with use_metadata_tags).
    MetadataTags tags = {{"encoded_by", "Framesmith " + appVersionOf(options)},
                         {"framesmith_version", appVersionOf(options)}};
    if (!options.request)
        return tags;
    const GenerationRequest& r = *options.request;
    tags.insert(tags.end(), {{"description", r.prompt},
                             {"comment", "Framesmith " + appVersionOf(options) + "; seed " + std::to_string(r.seed) +
                                             "; model " + r.modelPath + "; preset " + r.preset +
                                             (r.negativePrompt.empty() ? "" : "; negative: " + r.negativePrompt)},
                             {"framesmith_prompt", r.prompt},
                             {"framesmith_negative_prompt", r.negativePrompt},
                             {"framesmith_seed", std::to_string(r.seed)},
                             {"framesmith_model", r.modelPath},
                             {"framesmith_preset", r.preset}});
    return tags;
}

std::string exportSidecarJson(const ExportOptions& options, const ExportSummary& summary)
{
    nlohmann::json exported = {
        {"format", exportFormatName(options.format)}, {"encoder", summary.encoder},
        {"frames", summary.frameCount}, {"fps", summary.fps}, {"width", summary.width},
        {"height", summary.height}, {"sourceWidth", summary.sourceWidth},
        {"sourceHeight", summary.sourceHeight}, {"quality", summary.quality}};
    if (!summary.sizeNote.empty())
        exported["sizeNote"] = summary.sizeNote;
    nlohmann::json sidecar = {{"schemaVersion", 1}, {"app", "Framesmith"}, {"appVersion", appVersionOf(options)},
                              {"export", exported}};
    sidecar["request"] = options.request ? nlohmann::json::parse(toJson(*options.request)) : nlohmann::json();
    if (!options.warnings.empty())
        sidecar["warnings"] = options.warnings; // frames not to be taken for a finished clip
    return sidecar.dump(2) + "\n";
}

} // namespace framesmith
