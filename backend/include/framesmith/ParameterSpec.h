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
};

// CogVideoX 1.0 (2b, 5b, 5b-I2V) and 1.5 (frames 16N+1, 1360x768 default).
ParameterSpec cogVideoXSpec(bool isVersion15, bool isImageToVideo);

struct FieldError {
    std::string field;   // "frameCount", "width", "steps", ...
    std::string message; // English, names the rule that was broken
};

std::vector<FieldError> validateRequest(const GenerationRequest& request, const ParameterSpec& spec);

} // namespace framesmith
