#pragma once
// `framesmith-cli eval ... --lora FILE[:STRENGTH]` for a family's denoiser eval: the case's LoRAs
// read and checked on the model before its weights load (prepare), then put on the loaded model
// the way the case asks (apply). The calling thread.
#include "models/EvalKind.h"
#include "models/lora/LoraApplier.h"
#include "models/lora/LoraLibrary.h"

#include <memory>
#include <string>

namespace framesmith {

class LoraEval {
public:
    // Throws FileError / InvalidRequestError for a LoRA the model cannot take; warns through c.warn.
    LoraEval(const EvalCase& c, const LoraKeyMapping& mapping, const std::string& modelDir);
    void apply(Module& model, c10::Device device, c10::ScalarType dtype);

private:
    LoraLibrary::Prepared m_prepared;
    LoraMode m_mode;
    LoraApplier m_applier;
};

} // namespace framesmith
