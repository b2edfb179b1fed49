#include "models/wan/WanSpec.h"

#include "models/wan/sampling/WanFlowShift.h"
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

FamilyKnob flowShiftKnob(const std::string& modelDir)
{
    FamilyKnob knob;
    knob.name = WanSpec::kFlowShift;
    knob.kind = KnobKind::Number;
    knob.label = "Flow shift";
    knob.help = "Shifts the sampler's noise levels towards the noisy end: higher values spend more steps "
                "on composition and motion. The model's scheduler config gives the default (3 for 480p, "
                "5 for 720p in Wan's repos).";
    knob.minimum = 0.1;
    knob.maximum = 20.0;
    knob.step = 0.5;
    knob.decimals = 2;
    if (const std::optional<double> configured = WanFlowShift::ofModel(modelDir))
        knob.defaultValue = *configured;
    return knob;
}

FamilyKnob secondGuidanceKnob()
{
    FamilyKnob knob;
    knob.name = WanSpec::kGuidanceScale2;
    knob.kind = KnobKind::Number;
    knob.label = "Low-noise guidance";
    knob.help = "The guidance scale of the low-noise expert (transformer_2), which runs the steps after the "
                "expert switch. Unset: the same as the guidance scale, as diffusers does.";
    knob.minimum = 0.0;
    knob.maximum = 50.0;
    knob.step = 0.5;
    knob.decimals = 2;
    return knob;
}

// Inside (0, 1) with both ends of the form's range included: 0 or 1 would leave one expert unused.
FamilyKnob boundaryRatioKnob(std::optional<double> configured)
{
    FamilyKnob knob;
    knob.name = WanSpec::kBoundaryRatio;
    knob.kind = KnobKind::Number;
    knob.label = "Expert switch";
    knob.help = "Where the low-noise expert (transformer_2) takes over, as a fraction of the noise scale: "
                "steps whose timestep is below this ratio of 1000 run it. Lower values give more steps to "
                "the high-noise expert (composition and motion). The model's model_index.json gives the "
                "default (0.875 for T2V-A14B, 0.9 for I2V-A14B).";
    knob.minimum = 0.01;
    knob.maximum = 0.99;
    knob.step = 0.025;
    knob.decimals = 3;
    if (configured)
        knob.defaultValue = *configured;
    return knob;
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
    spec.defaultNegativePrompt = defaultNegativePrompt();
    spec.isFpsConditioned = false;
    spec.knobs.push_back(flowShiftKnob(layout.root));
    if (variant.hasTwoExperts()) {
        spec.knobs.push_back(secondGuidanceKnob());
        spec.knobs.push_back(boundaryRatioKnob(layout.boundaryRatio));
    }
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
