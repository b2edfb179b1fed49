#include "models/cogvideox/CogVideoXSpec.h"

#include "models/cogvideox/sampling/CogVideoXSchedulers.h"

namespace framesmith {

namespace {

FamilyKnob dynamicGuidanceKnob()
{
    FamilyKnob knob;
    knob.name = CogVideoXSpec::kDynamicGuidance;
    knob.kind = KnobKind::Switch;
    knob.label = "Dynamic guidance";
    knob.help = "Raises the guidance from 1 towards 1 + the guidance scale along a cosine over the steps "
                "(diffusers' use_dynamic_cfg); off: the same guidance at every step.";
    knob.defaultValue = false;
    return knob;
}

} // namespace

ParameterSpec CogVideoXSpec::forModel(const CogVideoXTransformerConfig& transformer, const CogVideoXVaeConfig& vae,
                                      bool isImageToVideo)
{
    ParameterSpec spec;
    spec.family = "cogvideox";
    spec.frames.runs = {{9, 161, 8}};
    spec.maxSteps = 500;
    spec.sizePresets = {{"480p 3:2", 720, 480}};
    if (transformer.patchSizeT) {
        // THUDM: 1.5 models are trained on 16N+1 frames at 16 fps, 1360x768.
        spec.frames.runs = {{17, 161, 16}};
        spec.defaultFrames = 81;
        spec.defaultFps = 16;
        spec.defaultWidth = 1360;
        spec.defaultHeight = 768;
        spec.sizePresets = {{"768p 16:9", 1360, 768}};
    }
    spec.sizeMultiple = static_cast<int>(vae.spatialCompression()) * transformer.patchSize;
    // One token is the technical minimum; small sizes matter for demo and test models.
    spec.minSize = spec.sizeMultiple;
    spec.maxSize = 2048;
    if (transformer.useLearnedPositionalEmbeddings) {
        // CogVideoXPatchEmbed refuses any other size: its learned table covers the sample size only.
        const int spatial = static_cast<int>(vae.spatialCompression());
        spec.requiredWidth = transformer.sampleWidth * spatial;
        spec.requiredHeight = transformer.sampleHeight * spatial;
        spec.defaultWidth = spec.requiredWidth;
        spec.defaultHeight = spec.requiredHeight;
    }
    spec.schedulers = CogVideoXSchedulers::registry().options();
    spec.supportsStartImage = isImageToVideo;
    spec.requiresStartImage = isImageToVideo;
    spec.knobs.push_back(dynamicGuidanceKnob());
    return spec;
}

} // namespace framesmith
