#include "framesmith/GenerationRequest.h"

#include "framesmith/Error.h"

#include <nlohmann/json.hpp>

namespace framesmith {

std::string toJson(const GenerationRequest& r)
{
    nlohmann::json j = {
        {"model", r.modelPath}, {"prompt", r.prompt}, {"negativePrompt", r.negativePrompt},
        {"image", r.startImagePath}, {"frames", r.frameCount}, {"fps", r.fps}, {"width", r.width},
        {"height", r.height}, {"steps", r.steps}, {"guidance", r.guidanceScale},
        {"dynamicGuidance", r.useDynamicGuidance}, {"seed", r.seed}, {"scheduler", r.scheduler},
        {"preset", r.preset}};
    return j.dump(2);
}

template <class T>
static void readField(const nlohmann::json& j, const char* key, T& out)
{
    if (!j.contains(key))
        return;
    try {
        out = j.at(key).get<T>();
    } catch (const nlohmann::json::exception&) {
        throw InvalidRequestError(key, "has the wrong type in the job file");
    }
}

GenerationRequest requestFromJson(const std::string& text)
{
    auto j = nlohmann::json::parse(text, nullptr, false);
    if (j.is_discarded() || !j.is_object())
        throw InvalidRequestError("job", "is not a JSON object");
    GenerationRequest r;
    readField(j, "model", r.modelPath);
    readField(j, "prompt", r.prompt);
    readField(j, "negativePrompt", r.negativePrompt);
    readField(j, "image", r.startImagePath);
    readField(j, "frames", r.frameCount);
    readField(j, "fps", r.fps);
    readField(j, "width", r.width);
    readField(j, "height", r.height);
    readField(j, "steps", r.steps);
    readField(j, "guidance", r.guidanceScale);
    readField(j, "dynamicGuidance", r.useDynamicGuidance);
    readField(j, "seed", r.seed);
    readField(j, "scheduler", r.scheduler);
    readField(j, "preset", r.preset);
    return r;
}

} // namespace framesmith
