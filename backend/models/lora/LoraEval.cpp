#include "models/lora/LoraEval.h"

#include "framesmith/Error.h"

namespace framesmith {

LoraEval::LoraEval(const EvalCase& c, const LoraKeyMapping& mapping, const std::string& modelDir)
    : m_prepared(LoraLibrary::prepare(c.loras, mapping, modelDir)), m_mode(c.loraMode)
{
    for (const LoraSpec& lora : c.loras)
        if (!lora.expert.empty() && !mapping.choosesExperts(modelDir))
            throw InvalidRequestError("--lora", lora.file + "@" + lora.expert +
                                                    ": this model has one transformer; @high/@low choose an expert of a "
                                                    "two-expert model");
    if (c.warn)
        for (const std::string& warning : m_prepared.warnings)
            c.warn(warning);
}

void LoraEval::apply(Module& model, c10::Device device, c10::ScalarType dtype)
{
    m_applier.apply(model, m_prepared.loras, m_mode, device, dtype);
}

} // namespace framesmith
