// The door's LoRA files (framesmith/LoraFiles.h): a file described from its header, through the same
// key reading as LoraFile, and the model's experts as its family's LoraKeyMapping says.
#include "framesmith/LoraFiles.h"

#include "framesmith/Error.h"
#include "io/SafetensorsReader.h"
#include "models/ModelRegistry.h"
#include "models/lora/LoraFile.h"
#include "models/lora/LoraKeyName.h"
#include "models/lora/LoraLibrary.h"
#include "models/lora/LoraMetadata.h"

#include <set>

namespace framesmith {

LoraFileSummary describeLoraFile(const std::string& path)
{
    const SafetensorsReader reader(path);
    LoraFileSummary summary;
    summary.path = path;
    summary.fileBytes = reader.fileBytes();
    std::set<std::pair<LoraKeyLayout, std::string>> modules;
    std::set<std::int64_t> ranks;
    LoraKeyLayout layout = LoraKeyLayout::Invalid;
    std::string otherKey;
    for (const TensorEntry& entry : reader.entries()) {
        ++summary.tensorCount;
        const auto key = LoraKeyName::isIgnored(entry.name) ? std::nullopt : LoraKeyName::parse(entry.name);
        if (!key) {
            if (otherKey.empty() && !LoraKeyName::isIgnored(entry.name))
                otherKey = entry.name;
            continue;
        }
        if (modules.empty())
            layout = key->layout;
        modules.insert({key->layout, key->module});
        if (key->part == LoraKeyPart::Down && !entry.shape.empty())
            ranks.insert(entry.shape.front()); // A [rank, in] (or [rank, in, 1, 1])
    }
    if (modules.empty())
        throw FileError(ErrorCode::BadFile, path, LoraKeyName::notALoraMessage(summary.tensorCount, otherKey));
    summary.layout = LoraFile::layoutName(layout);
    summary.moduleCount = static_cast<std::int64_t>(modules.size());
    summary.ranks.assign(ranks.begin(), ranks.end());
    const LoraMetadata meta = LoraMetadata::read(reader.metadata(), path);
    summary.title = meta.title;
    summary.baseModel = meta.baseModel;
    summary.networkDim = meta.networkDim;
    summary.networkAlpha = meta.networkAlpha;
    summary.triggerWords = meta.triggerWords;
    return summary;
}

std::vector<std::string> loraExpertsOf(const std::string& modelDir)
{
    if (modelDir.empty())
        return {};
    try {
        const LoraKeyMapping* mapping = ModelRegistry::familyOf(modelDir).loraKeyMapping();
        if (mapping && mapping->choosesExperts(modelDir))
            return {"high", "low"};
    } catch (const Error&) {
        // no model (yet): one transformer as far as the panel knows; the run names the problem
    }
    return {};
}

std::string locateLoraFile(const LoraSpec& spec)
{
    return LoraLibrary::locate(spec);
}

} // namespace framesmith
