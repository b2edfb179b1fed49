#include "models/wan/WanSpec.h"

#include "models/wan/sampling/WanSchedulers.h"

namespace framesmith {

namespace {

struct Defaults {
    int width, height, frames, fps, steps;
    double guidance;
};

// diffusers' Wan examples: 2.1 T2V-1.3B and I2V-480P at 832x480, 14B T2V and A14B at 1280x720,
// TI2V-5B at 1280x704 and 121 frames (24 fps); A14B with 40 steps.
Defaults defaultsFor(const WanVariant& v)
{
    switch (v.kind) {
    case WanKind::TextImage22: return {1280, 704, 121, 24, 50, 5.0};
    case WanKind::TextToVideoA14B: return {1280, 720, 81, 16, 40, 4.0};
    case WanKind::ImageToVideoA14B: return {832, 480, 81, 16, 40, 3.5};
    case WanKind::TextToVideo21:
        if (v.id == "wan2.1-t2v-14b")
            return {1280, 720, 81, 16, 50, 5.0};
        return {832, 480, 81, 16, 50, 5.0};
    case WanKind::ImageToVideo21:
    case WanKind::Invalid: break;
    }
    return {832, 480, 81, 16, 50, 5.0};
}

std::vector<SizePreset> presetsFor(const WanVariant& v)
{
    if (v.kind == WanKind::TextImage22) // 720p on the 32-pixel grid
        return {{"720p 16:9", 1280, 704}, {"720p 9:16", 704, 1280}, {"480p 16:9", 832, 480}, {"480p 9:16", 480, 832}};
    return {{"480p 16:9", 832, 480}, {"480p 9:16", 480, 832}, {"720p 16:9", 1280, 720}, {"720p 9:16", 720, 1280}};
}

} // namespace

ParameterSpec WanSpec::forModel(const WanModelLayout& layout)
{
    const WanVariant& variant = layout.variant;
    ParameterSpec spec;
    spec.family = "wan";
    // The VAE compresses time 4x after the first frame: 1 + 4k frames (diffusers rounds others down).
    spec.frames.runs = {{1, kMaxFrames, 4}};
    spec.sizeMultiple = static_cast<int>(layout.vaeSpatialCompression() * layout.transformer.patchSize[1]);
    spec.minSize = spec.sizeMultiple;
    spec.maxSize = 2048;
    spec.maxSteps = 1000;
    const Defaults d = defaultsFor(variant);
    spec.defaultWidth = d.width;
    spec.defaultHeight = d.height;
    spec.defaultFrames = d.frames;
    spec.defaultFps = d.fps;
    spec.defaultSteps = d.steps;
    spec.defaultGuidanceScale = d.guidance;
    spec.sizePresets = presetsFor(variant);
    spec.schedulers = WanSchedulers::registry().options();
    spec.supportsStartImage = variant.takesStartImage();
    spec.requiresStartImage = variant.needsStartImage();
    spec.supportsReferences = false;
    spec.supportsNegativePrompt = true;
    spec.supportsDynamicGuidance = false;
    spec.isFpsConditioned = false;
    return spec;
}

double WanSpec::defaultSecondGuidanceScale(const WanVariant& variant)
{
    return variant.kind == WanKind::TextToVideoA14B ? 3.0 : defaultsFor(variant).guidance;
}

const std::string& WanSpec::defaultNegativePrompt()
{
    static const std::string text =
        "色调艳丽，过曝，静态，细节模糊不清，字幕，风格，作品，画作，画面，静止，整体发灰，最差质量，低质量，"
        "JPEG压缩残留，丑陋的，残缺的，多余的手指，画得不好的手部，画得不好的脸部，畸形的，毁容的，"
        "形态畸形的肢体，手指融合，静止不动的画面，杂乱的背景，三条腿，背景人很多，倒着走";
    return text;
}

} // namespace framesmith
