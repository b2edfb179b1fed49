#pragma once
// Refuses a request the model cannot run before anything is loaded, naming the first bad field.
#include "framesmith/GenerationRequest.h"
#include "framesmith/ParameterSpec.h"

namespace framesmith {

class EngineRequestCheck {
public:
    static void require(const GenerationRequest& request, const ParameterSpec& spec); // throws InvalidRequestError
    // Only the text fields: valid UTF-8 (they are written into JSON). Part of require().
    static void requireUtf8(const GenerationRequest& request);
};

} // namespace framesmith
