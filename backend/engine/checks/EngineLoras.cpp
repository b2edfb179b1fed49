#include "engine/checks/EngineLoras.h"

#include "framesmith/Error.h"
#include "models/ModelRegistry.h"
#include "models/lora/LoraLibrary.h"
#include "models/lora/LoraMode.h"

namespace framesmith {

EngineLoras EngineLoras::prepare(GenerationRequest& request)
{
    EngineLoras result;
    if (request.loras.empty())
        return result;
    const ModelFamily& family = ModelRegistry::familyOf(request.modelPath);
    const LoraKeyMapping* mapping = family.loraKeyMapping();
    if (!mapping)
        throw InvalidRequestError("loras", family.info().displayName + " models take no LoRA");
    for (const LoraSpec& lora : request.loras)
        if (!lora.expert.empty() && !mapping->choosesExperts(request.modelPath))
            throw InvalidRequestError("--lora", lora.file + "@" + lora.expert + ": this model has one transformer; "
                                                "@high/@low choose an expert of a two-expert model");
    LoraLibrary::Prepared prepared = LoraLibrary::prepare(request.loras, *mapping, request.modelPath);
    request.loras = prepared.specs;
    result.warnings = prepared.warnings;
    result.bytes = prepared.bytes;
    const LoraMode mode = request.resolvedPreset ? chooseLoraMode(*request.resolvedPreset) : LoraMode::Merge;
    if (!prepared.loras.empty())
        result.summary = std::to_string(prepared.loras.size()) + (prepared.loras.size() == 1 ? " LoRA, " : " LoRAs, ") +
                         loraModeName(mode);
    return result;
}

} // namespace framesmith
