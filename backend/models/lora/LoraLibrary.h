#pragma once
// Turns the LoRA list of a request into LoRAs ready to apply to one model, before any of the
// model's weights load: finds each enabled file (where the request says, else a file of the same
// name in the data root's loras/ folder whose sha256 is the recorded one), hashes it, reads and
// checks it (LoraFile) and maps it onto the model (LoraResolver). Refusals are FileErrors naming the
// file; a partial match is a warning. Resolved LoRAs are kept (the last few, by path, size and
// time), so the engine's check and the pipeline's application read a file once, and a new strength
// reads nothing. Any thread.
#include "framesmith/LoraSpec.h"
#include "models/lora/LoraApplier.h"
#include "models/lora/LoraKeyMapping.h"

#include <string>
#include <vector>

namespace framesmith {

class LoraLibrary {
public:
    struct Prepared {
        std::vector<WeightedLora> loras;     // the enabled ones
        std::vector<LoraSpec> specs;         // as given, each with its file as found and its sha256
        std::vector<std::string> warnings;   // partial matches, a file that changed since it was recorded
        std::int64_t bytes = 0;              // of every resolved LoRA, as stored
    };

    static Prepared prepare(const std::vector<LoraSpec>& specs, const LoraKeyMapping& mapping, const std::string& modelDir);
    // The file of `spec`, or throws FileError (MissingFile) naming it and its recorded sha256.
    static std::string locate(const LoraSpec& spec);
    static void clearCache();
};

} // namespace framesmith
