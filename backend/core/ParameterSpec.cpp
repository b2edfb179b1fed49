#include "framesmith/ParameterSpec.h"

#include <cstdio>
#include <string>
#include <tuple>

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

static std::string shortNumber(double value)
{
    char text[32];
    std::snprintf(text, sizeof text, "%g", value);
    return text;
}

static void checkRange(std::vector<FieldError>& errors, const char* field, int value, int lo, int hi)
{
    using std::to_string;
    if (value < lo || value > hi)
        errors.push_back({field,
                          std::string(field) + " must be between " + to_string(lo) + " and " + to_string(hi) +
                              ", got " + to_string(value),
                          FieldRule::OutOfRange,
                          {to_string(lo), to_string(hi), to_string(value)}});
}

static void checkRequiredSize(std::vector<FieldError>& errors, const GenerationRequest& r, const ParameterSpec& spec)
{
    using std::to_string;
    if (spec.requiredWidth <= 0 || spec.requiredHeight <= 0)
        return;
    const std::string size = to_string(spec.requiredWidth) + "x" + to_string(spec.requiredHeight);
    for (auto [field, value, required] : {std::tuple<const char*, int, int>{"width", r.width, spec.requiredWidth},
                                          {"height", r.height, spec.requiredHeight}})
        if (value != required)
            errors.push_back({field, std::string(field) + " must be " + to_string(required) + ": this model only runs at " +
                                         size + " px, got " + to_string(r.width) + "x" + to_string(r.height),
                              FieldRule::RequiredSize, {to_string(spec.requiredWidth), to_string(spec.requiredHeight)}});
}

std::vector<FieldError> validateRequest(const GenerationRequest& r, const ParameterSpec& spec)
{
    std::vector<FieldError> errors;
    using std::to_string;
    checkRange(errors, "frameCount", r.frameCount, spec.minFrames, spec.maxFrames);
    if ((r.frameCount - 1) % spec.frameStep != 0)
        errors.push_back({"frameCount",
                          "frameCount must be " + to_string(spec.frameStep) + "N+1 for this model (e.g. " +
                              to_string(spec.defaultFrames) + "), got " + to_string(r.frameCount),
                          FieldRule::FrameStep,
                          {to_string(spec.frameStep), to_string(spec.defaultFrames), to_string(r.frameCount)}});
    for (auto [field, value] : {std::pair<const char*, int>{"width", r.width}, {"height", r.height}}) {
        checkRange(errors, field, value, spec.minSize, spec.maxSize);
        if (value % spec.sizeMultiple != 0)
            errors.push_back({field,
                              std::string(field) + " must be a multiple of " + to_string(spec.sizeMultiple) +
                                  ", got " + to_string(value),
                              FieldRule::SizeMultiple, {to_string(spec.sizeMultiple), to_string(value)}});
    }
    checkRequiredSize(errors, r, spec);
    checkRange(errors, "steps", r.steps, 1, spec.maxSteps);
    checkRange(errors, "fps", r.fps, 1, 120);
    if (!(r.guidanceScale >= 0.0 && r.guidanceScale <= 50.0))
        errors.push_back({"guidanceScale", "guidanceScale must be between 0 and 50", FieldRule::OutOfRange,
                          {"0", "50", shortNumber(r.guidanceScale)}});
    if (spec.requiresStartImage && !r.hasStartImage())
        errors.push_back({"startImage", "this model turns a start image into a video: choose one",
                          FieldRule::StartImageRequired, {}});
    if (!spec.supportsStartImage && r.hasStartImage())
        errors.push_back({"startImage", "this model is text-to-video only: clear the start image",
                          FieldRule::StartImageUnsupported, {}});
    return errors;
}

} // namespace framesmith
