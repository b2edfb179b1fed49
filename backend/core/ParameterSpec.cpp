#include "framesmith/ParameterSpec.h"

#include <string>

namespace framesmith {

ParameterSpec cogVideoXSpec(bool isVersion15, bool isImageToVideo)
{
    ParameterSpec spec;
    spec.supportsStartImage = isImageToVideo;
    spec.requiresStartImage = isImageToVideo;
    if (isVersion15) {
        // THUDM: 1.5 models are trained on 16N+1 frames at 16 fps, 1360x768.
        spec.frameStep = 16;
        spec.minFrames = 17;
        spec.defaultFrames = 81;
        spec.defaultFps = 16;
        spec.defaultWidth = 1360;
        spec.defaultHeight = 768;
    }
    return spec;
}

static void checkRange(std::vector<FieldError>& errors, const char* field, int value, int lo, int hi)
{
    if (value < lo || value > hi)
        errors.push_back({field, std::string(field) + " must be between " + std::to_string(lo) + " and " +
                                     std::to_string(hi) + ", got " + std::to_string(value)});
}

std::vector<FieldError> validateRequest(const GenerationRequest& r, const ParameterSpec& spec)
{
    std::vector<FieldError> errors;
    checkRange(errors, "frameCount", r.frameCount, spec.minFrames, spec.maxFrames);
    if ((r.frameCount - 1) % spec.frameStep != 0)
        errors.push_back({"frameCount", "frameCount must be " + std::to_string(spec.frameStep) +
                                            "N+1 for this model (e.g. " + std::to_string(spec.defaultFrames) +
                                            "), got " + std::to_string(r.frameCount)});
    for (auto [field, value] : {std::pair<const char*, int>{"width", r.width}, {"height", r.height}}) {
        checkRange(errors, field, value, spec.minSize, spec.maxSize);
        if (value % spec.sizeMultiple != 0)
            errors.push_back({field, std::string(field) + " must be a multiple of " +
                                         std::to_string(spec.sizeMultiple) + ", got " + std::to_string(value)});
    }
    checkRange(errors, "steps", r.steps, 1, spec.maxSteps);
    checkRange(errors, "fps", r.fps, 1, 120);
    if (!(r.guidanceScale >= 0.0 && r.guidanceScale <= 50.0))
        errors.push_back({"guidanceScale", "guidanceScale must be between 0 and 50"});
    if (spec.requiresStartImage && !r.hasStartImage())
        errors.push_back({"startImage", "this model turns a start image into a video: choose one"});
    if (!spec.supportsStartImage && r.hasStartImage())
        errors.push_back({"startImage", "this model is text-to-video only: clear the start image"});
    return errors;
}

} // namespace framesmith
