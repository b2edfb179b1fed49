#include "engine/checks/EngineRequestCheck.h"

#include "core/Utf8.h"
#include "framesmith/Error.h"
#include "sampling/StepCachePolicy.h"

namespace framesmith {

void EngineRequestCheck::requireUtf8(const GenerationRequest& request)
{
    // These end up in JSON (checkpoint, sidecar, history): refused now, not after the denoise.
    for (const auto& [field, text] : {std::pair<const char*, const std::string*>{"prompt", &request.prompt},
                                      {"negativePrompt", &request.negativePrompt},
                                      {"modelPath", &request.modelPath},
                                      {"startImagePath", &request.startImagePath},
                                      {"conditioning", &request.conditioning},
                                      {"scheduler", &request.scheduler},
                                      {"preset", &request.preset}}) {
        std::size_t offset = 0;
        if (!Utf8::isValid(*text, &offset))
            throw InvalidRequestError(field, std::string(field) + " is not valid UTF-8 (bad byte at offset " +
                                                 std::to_string(offset) + "); use UTF-8 text and file names");
    }
    for (const std::string& reference : request.references) {
        std::size_t offset = 0;
        if (!Utf8::isValid(reference, &offset))
            throw InvalidRequestError("references", "a reference file name is not valid UTF-8 (bad byte at offset " +
                                                        std::to_string(offset) + "); use UTF-8 file names");
    }
}

void EngineRequestCheck::require(const GenerationRequest& request, const ParameterSpec& spec)
{
    requireUtf8(request);
    StepCachePolicy::forSetting(request.stepCache); // throws InvalidRequestError("stepCache") naming the choices
    auto errors = validateRequest(request, spec);
    if (errors.empty())
        return;
    std::string more;
    for (std::size_t i = 1; i < errors.size(); ++i)
        more += "; " + errors[i].message;
    throw InvalidRequestError(errors.front().field, errors.front().message + more);
}

} // namespace framesmith
