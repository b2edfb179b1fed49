#include "models/opensora/OpenSoraSpec.h"

#include "models/opensora/OpenSoraAspectTables.h"
#include "models/opensora/sampling/OpenSoraSchedulers.h"
#include "models/opensora/transformer/STDiT3Config.h"
#include "models/opensora/vae/OpenSoraVaeConfig.h"

namespace framesmith {

ParameterSpec OpenSoraSpec::forModel(const STDiT3Config& transformer, const OpenSoraVaeConfig& /*vae*/)
{
    ParameterSpec spec;
    spec.family = "opensora";
    spec.frames.runs = {{1, 1, 1}, {17, kMaxFrames, 1}};
    // The VAE floors sizes to multiples of 8 and STDiT3 pads to its patch; the presets are even.
    spec.sizeMultiple = 2;
    spec.minSize = static_cast<int>(OpenSoraVaeConfig::kSpatialPatch) * transformer.patchSize[1];
    spec.maxSize = 2048;
    spec.maxSteps = 1000;
    spec.defaultHeight = 240; // sample.py: 240p, aspect ratio "9:16" (H:W), 51 frames, 24 fps
    spec.defaultWidth = 426;
    spec.defaultFrames = 51;
    spec.defaultFps = 24;
    spec.defaultSteps = 30;
    spec.defaultGuidanceScale = 7.0;
    for (const OpenSoraSizePreset& p : OpenSoraAspectTables::presets())
        if (p.width % spec.sizeMultiple == 0 && p.height % spec.sizeMultiple == 0 && p.width <= spec.maxSize &&
            p.height <= spec.maxSize)
            spec.sizePresets.push_back({p.resolution + " " + p.aspectRatio, p.width, p.height});
    spec.schedulers = OpenSoraSchedulers::registry().options();
    spec.supportsStartImage = true;   // kept at latent frame 0 (mask strategy "0")
    spec.supportsReferences = true;   // GenerationRequest::conditioning: the mask strategy
    spec.requiresStartImage = false;
    spec.supportsNegativePrompt = false;
    spec.isFpsConditioned = true;
    return spec;
}

} // namespace framesmith
