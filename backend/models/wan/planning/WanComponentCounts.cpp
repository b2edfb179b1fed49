#include "models/wan/planning/WanComponentCounts.h"

#include "core/ConfigReader.h"
#include "io/JsonGuard.h"
#include "models/wan/vae/WanVae.h"

namespace framesmith {

namespace {

std::int64_t linear(std::int64_t in, std::int64_t out) { return in * out + out; }

bool startsWith(const std::string& text, const std::string& prefix) { return text.rfind(prefix, 0) == 0; }

} // namespace

WanImageEncoderCount WanComponentCounts::imageEncoder(const std::string& path)
{
    const nlohmann::json j = JsonGuard::readFile(path);
    if (!j.is_object())
        throw FileError(ErrorCode::BadFile, path, "expected a JSON object");
    // CLIPVisionConfig's defaults (ViT-B/32), as transformers has them.
    std::int64_t hidden = 768, intermediate = 3072, layers = 12, image = 224, patch = 32, channels = 3, heads = 12;
    const ConfigReader r(j, path);
    r.integer("hidden_size", hidden, 1, 1 << 16);
    r.integer("intermediate_size", intermediate, 1, 1 << 18);
    r.integer("num_hidden_layers", layers, 1, 1024);
    r.integer("image_size", image, 1, 1 << 14);
    r.integer("patch_size", patch, 1, 1 << 14);
    r.integer("num_channels", channels, 1, 64);
    r.integer("num_attention_heads", heads, 1, 1024);
    const std::int64_t positions = (image / patch) * (image / patch) + 1; // patches + [CLS]
    const std::int64_t embeddings = hidden                                 // class_embedding
                                    + channels * hidden * patch * patch     // patch_embedding (no bias)
                                    + positions * hidden;                   // position_embedding
    // q, k, v, out_proj; layer_norm1; mlp fc1, fc2; layer_norm2
    const std::int64_t layer = 4 * linear(hidden, hidden) + 2 * hidden + linear(hidden, intermediate) +
                               linear(intermediate, hidden) + 2 * hidden;
    WanImageEncoderCount n;
    n.elements = embeddings + 2 * hidden /* pre_layrnorm */ + layers * layer + 2 * hidden /* post_layernorm */;
    n.tokens = positions;
    n.hidden = hidden;
    n.intermediate = intermediate;
    n.heads = heads;
    return n;
}

WanVaeCount WanComponentCounts::vae(const WanVaeConfig& config)
{
    WanVae skeleton(config);
    WanVaeCount counts;
    for (const ParameterSlot& slot : skeleton.parameters()) {
        std::int64_t n = 1;
        for (std::int64_t d : slot.shape)
            n *= d;
        if (startsWith(slot.name, "encoder."))
            counts.encoder += n;
        else if (startsWith(slot.name, "decoder."))
            counts.decoder += n;
        else
            counts.other += n;
    }
    return counts;
}

} // namespace framesmith
