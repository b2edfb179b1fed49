#include "models/wan/WanComponents.h"

namespace framesmith {

std::vector<WanComponent> WanComponents::of(const WanModelLayout& layout)
{
    std::vector<WanComponent> out{{"text_encoder", "UMT5EncoderModel", ComponentRole::TextEncoder}};
    if (layout.hasImageEncoder)
        out.push_back({"image_encoder", "CLIPVisionModel", ComponentRole::ImageEncoder});
    out.push_back({"transformer", "WanTransformer3DModel", ComponentRole::Denoiser});
    if (layout.transformer2)
        out.push_back({"transformer_2", "WanTransformer3DModel", ComponentRole::Denoiser});
    out.push_back({"vae", "AutoencoderKLWan", ComponentRole::Vae});
    return out;
}

ComponentRole WanComponents::roleOf(const std::string& name)
{
    if (name == "text_encoder")
        return ComponentRole::TextEncoder;
    if (name == "image_encoder")
        return ComponentRole::ImageEncoder;
    if (name == "transformer" || name == "transformer_2")
        return ComponentRole::Denoiser;
    if (name == "vae")
        return ComponentRole::Vae;
    return ComponentRole::Invalid;
}

} // namespace framesmith
