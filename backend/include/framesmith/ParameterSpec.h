#pragma once
// What a model family accepts: frame-count rule, size granularity, defaults. The GUI builds its
// limits from it and validateRequest() refuses impossible values with the field's name.
#include "framesmith/GenerationRequest.h"

#include <string>
#include <vector>

namespace framesmith {

struct ParameterSpec {
    std::string family = "cogvideox";
    int frameStep = 8;        // valid frame counts are frameStep * N + 1
    int minFrames = 9;
    int maxFrames = 161;
    int sizeMultiple = 16;
    int minSize = 64;
    int maxSize = 2048;
    int maxSteps = 500;
    int defaultWidth = 720;
    int defaultHeight = 480;
    int defaultFrames = 49;
    int defaultFps = 8;
    bool supportsStartImage = false;
    bool requiresStartImage = false;
    // Non-zero: the only size the model runs at (learned positional embeddings, e.g. 5b-I2V).
    int requiredWidth = 0;
    int requiredHeight = 0;
};

// CogVideoX 1.0 (2b, 5b, 5b-I2V) and 1.5 (frames 16N+1, 1360x768 default).
ParameterSpec cogVideoXSpec(bool isVersion15, bool isImageToVideo);

// Which rule a field broke; the GUI words it in the user's language from the arguments.
enum class FieldRule {
    Invalid,
    OutOfRange,            // args: minimum, maximum, value
    FrameStep,             // args: step, example, value (frames must be step*N+1)
    SizeMultiple,          // args: multiple, value
    RequiredSize,          // args: width, height (the only size this model runs at)
    StartImageRequired,    // no args
    StartImageUnsupported  // no args
};

struct FieldError {
    std::string field;   // "frameCount", "width", "steps", ...
    std::string message; // English, names the rule that was broken (the CLI prints it)
    FieldRule rule = FieldRule::Invalid;
    std::vector<std::string> args; // the rule's numbers, as text, in the order FieldRule lists
};

std::vector<FieldError> validateRequest(const GenerationRequest& request, const ParameterSpec& spec);

} // namespace framesmith
