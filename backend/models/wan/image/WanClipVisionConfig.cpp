#include "models/wan/image/WanClipVisionConfig.h"

#include "core/ConfigReader.h"
#include "framesmith/Error.h"
#include "io/JsonGuard.h"

namespace framesmith {

WanClipVisionConfig WanClipVisionConfig::fromFile(const std::string& path)
{
    const nlohmann::json json = JsonGuard::readFile(path);
    if (!json.is_object())
        throw FileError(ErrorCode::BadFile, path, "is not a JSON object");
    const ConfigReader r(json, path);
    WanClipVisionConfig c;
    r.integer("hidden_size", c.hiddenSize, 1, 65536);
    r.integer("intermediate_size", c.intermediateSize, 1, 1 << 20);
    r.integer("num_attention_heads", c.numAttentionHeads, 1, 1024);
    r.integer("num_hidden_layers", c.numHiddenLayers, 2, 1024); // hidden_states[-2] needs two
    r.integer("num_channels", c.numChannels, 1, 16);
    r.integer("image_size", c.imageSize, 1, 8192);
    r.integer("patch_size", c.patchSize, 1, 8192);
    r.number("layer_norm_eps", c.layerNormEps, 0.0, 1.0);
    r.text("hidden_act", c.hiddenAct);
    if (c.hiddenSize % c.numAttentionHeads != 0)
        r.fail("hidden_size", "is not a multiple of num_attention_heads");
    if (c.imageSize % c.patchSize != 0)
        r.fail("image_size", "is not a multiple of patch_size");
    if (c.hiddenAct != "gelu" && c.hiddenAct != "quick_gelu")
        r.fail("hidden_act", "\"" + c.hiddenAct + "\" is not gelu or quick_gelu");
    return c;
}

} // namespace framesmith
