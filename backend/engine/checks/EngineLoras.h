#pragma once
// The request's LoRAs checked on its model before any weight loads: each file found (or named as
// missing), hashed, read and mapped onto the model's denoiser; a LoRA for another family or
// variant, a broken one or a full checkpoint is refused (FileError, exit 2 in the CLI). Fills every
// enabled LoRA's file and sha256 into the request (the sidecar records them) and says how they will
// be applied. The worker thread (or any: it only reads files).
#include "framesmith/GenerationRequest.h"

#include <cstdint>
#include <string>
#include <vector>

namespace framesmith {

struct EngineLoras {
    std::vector<std::string> warnings; // partial matches, files changed since recorded
    std::string summary;               // "2 LoRAs, merged into the weights" ("" without LoRAs)
    std::int64_t bytes = 0;            // of the resolved LoRAs, as stored

    // `request.resolvedPreset` set: the mode follows it. Throws InvalidRequestError, FileError.
    static EngineLoras prepare(GenerationRequest& request);
};

} // namespace framesmith
