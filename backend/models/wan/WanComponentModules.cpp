#include "models/wan/WanComponentModules.h"

#include "models/wan/WanComponents.h"
#include "models/wan/image/WanClipVisionModel.h"
#include "models/wan/transformer/WanTransformer3DModel.h"
#include "models/wan/vae/WanVae.h"
#include "text/T5Config.h"
#include "text/T5Encoder.h"

namespace framesmith {

namespace {

// transformers' CLIPVisionModel keeps the tower below "vision_model." (WanClipVisionModel::load
// strips it): the checkpoint's names need the prefix back.
class VisionModelHolder : public Module {
public:
    explicit VisionModelHolder(std::shared_ptr<WanClipVisionModel> tower) { registerModule("vision_model", std::move(tower)); }
};

} // namespace

ComponentModule WanComponentModules::fromConfig(const std::string& component, const std::string& configJsonPath)
{
    switch (WanComponents::roleOf(component)) {
    case ComponentRole::TextEncoder:
        return {std::make_shared<T5Encoder>(T5Config::fromFile(configJsonPath)), "model"};
    case ComponentRole::ImageEncoder:
        return {std::make_shared<VisionModelHolder>(
                    std::make_shared<WanClipVisionModel>(WanClipVisionConfig::fromFile(configJsonPath))),
                "model"};
    case ComponentRole::Denoiser:
        return {std::make_shared<WanTransformer3DModel>(WanTransformerConfig::fromFile(configJsonPath)),
                "diffusion_pytorch_model"};
    case ComponentRole::Vae:
        return {std::make_shared<WanVae>(WanVaeConfig::fromFile(configJsonPath)), "diffusion_pytorch_model"};
    default:
        return {};
    }
}

} // namespace framesmith
