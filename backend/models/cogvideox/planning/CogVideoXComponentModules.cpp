#include "models/cogvideox/planning/CogVideoXComponentModules.h"

#include "framesmith/Error.h"
#include "models/cogvideox/transformer/CogVideoXTransformer3D.h"
#include "models/cogvideox/vae/CogVideoXVae.h"
#include "text/T5Config.h"
#include "text/T5Encoder.h"

namespace framesmith {

const std::vector<std::string>& CogVideoXComponentModules::weightedComponents()
{
    static const std::vector<std::string> names = {"text_encoder", "transformer", "vae"};
    return names;
}

std::shared_ptr<Module> CogVideoXComponentModules::fromConfig(const std::string& component,
                                                              const std::string& configJsonPath)
{
    if (component == "transformer")
        return std::make_shared<CogVideoXTransformer3D>(CogVideoXTransformerConfig::fromFile(configJsonPath));
    if (component == "vae")
        return std::make_shared<CogVideoXVae>(CogVideoXVaeConfig::fromFile(configJsonPath));
    if (component == "text_encoder")
        return std::make_shared<T5Encoder>(T5Config::fromFile(configJsonPath));
    throw InvalidRequestError("component", "'" + component + "' has no weights in a CogVideoX folder "
                                           "(text_encoder, transformer, vae)");
}

std::string CogVideoXComponentModules::weightsStem(const std::string& component)
{
    return component == "text_encoder" ? "model" : "diffusion_pytorch_model";
}

} // namespace framesmith
