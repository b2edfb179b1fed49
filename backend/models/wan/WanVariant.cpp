#include "models/wan/WanVariant.h"

#include "framesmith/Error.h"
#include "models/wan/WanModelLayout.h"

#include <filesystem>

namespace framesmith {

namespace {

[[noreturn]] void refuseVariant(const std::string& path, const std::string& problem)
{
    throw FileError(ErrorCode::UnsupportedModel, path, problem);
}

std::string transformerPath(const WanModelLayout& layout)
{
    return (std::filesystem::path(layout.root) / "transformer" / "config.json").string();
}

WanKind twoExpertKind(const WanModelLayout& layout)
{
    if (!layout.boundaryRatio)
        refuseVariant(layout.indexPath(), "names transformer_2 but no boundary_ratio: the experts' switch is unknown");
    const bool isConcat = layout.transformer.inChannels == 2 * layout.vae.zDim + 4;
    if (isConcat != (layout.pipelineClass == "WanImageToVideoPipeline"))
        refuseVariant(transformerPath(layout), "in_channels " + std::to_string(layout.transformer.inChannels) +
                                            " does not fit " + layout.pipelineClass + " with a z_dim " +
                                            std::to_string(layout.vae.zDim) + " VAE");
    if (layout.transformer2->inChannels != layout.transformer.inChannels)
        refuseVariant((std::filesystem::path(layout.root) / "transformer_2" / "config.json").string(),
               "in_channels differs from transformer/config.json's: the experts must take the same input");
    return isConcat ? WanKind::ImageToVideoA14B : WanKind::TextToVideoA14B;
}

WanKind oneExpertKind(const WanModelLayout& layout)
{
    if (layout.boundaryRatio)
        refuseVariant(layout.indexPath(), "has a boundary_ratio but names no transformer_2");
    const std::int64_t in = layout.transformer.inChannels;
    if (layout.expandTimesteps) {
        if (in != layout.vae.zDim || layout.vae.zDim != 48)
            refuseVariant(transformerPath(layout), "expand_timesteps (Wan 2.2 TI2V) needs the z_dim 48 VAE and 48 input "
                                            "channels; in_channels is " + std::to_string(in));
        return WanKind::TextImage22;
    }
    if (in == 2 * layout.vae.zDim + 4) {
        if (layout.pipelineClass != "WanImageToVideoPipeline" || !layout.hasImageEncoder || !layout.transformer.imageDim)
            refuseVariant(transformerPath(layout), "a 36-channel transformer with one expert is Wan 2.1 I2V, which needs "
                                            "WanImageToVideoPipeline, an image_encoder and image_dim");
        return WanKind::ImageToVideo21;
    }
    if (in != layout.vae.zDim || layout.pipelineClass != "WanPipeline")
        refuseVariant(transformerPath(layout), "in_channels " + std::to_string(in) + " does not fit " + layout.pipelineClass +
                                            " with a z_dim " + std::to_string(layout.vae.zDim) + " VAE");
    return WanKind::TextToVideo21;
}

// The published checkpoints' widths and depths (full-size-configs/).
const char* publishedSize(WanKind kind, const WanTransformerConfig& c)
{
    const std::int64_t inner = c.innerDim();
    if (kind == WanKind::TextToVideo21 && inner == 1536 && c.numLayers == 30)
        return "1.3B";
    if (kind == WanKind::TextImage22 && inner == 3072 && c.numLayers == 30)
        return "5B";
    if (inner == 5120 && c.numLayers == 40)
        return kind == WanKind::TextToVideoA14B || kind == WanKind::ImageToVideoA14B ? "A14B" : "14B";
    return nullptr;
}

std::string lower(std::string text)
{
    for (char& c : text)
        c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    return text;
}

std::string displayKind(WanKind kind)
{
    switch (kind) {
    case WanKind::TextToVideo21: return "Wan 2.1 T2V";
    case WanKind::ImageToVideo21: return "Wan 2.1 I2V";
    case WanKind::TextImage22: return "Wan 2.2 TI2V";
    case WanKind::TextToVideoA14B: return "Wan 2.2 T2V";
    case WanKind::ImageToVideoA14B: return "Wan 2.2 I2V";
    case WanKind::Invalid: break;
    }
    return "Wan";
}

} // namespace

const char* wanKindName(WanKind kind)
{
    switch (kind) {
    case WanKind::TextToVideo21: return "wan2.1-t2v";
    case WanKind::ImageToVideo21: return "wan2.1-i2v";
    case WanKind::TextImage22: return "wan2.2-ti2v";
    case WanKind::TextToVideoA14B: return "wan2.2-t2v-a14b";
    case WanKind::ImageToVideoA14B: return "wan2.2-i2v-a14b";
    case WanKind::Invalid: break;
    }
    return "invalid";
}

WanVariant wanVariantOf(const WanModelLayout& layout)
{
    WanVariant variant;
    variant.kind = layout.transformer2 ? twoExpertKind(layout) : oneExpertKind(layout);
    const WanTransformerConfig& t = layout.transformer;
    const char* size = publishedSize(variant.kind, t);
    variant.isPublishedSize = size != nullptr;
    const bool namesSize = variant.kind != WanKind::TextToVideoA14B && variant.kind != WanKind::ImageToVideoA14B;
    variant.kindName = displayKind(variant.kind) + (namesSize ? "" : " A14B");
    if (size) {
        variant.id = namesSize ? std::string(wanKindName(variant.kind)) + "-" + lower(size) : wanKindName(variant.kind);
        variant.displayName = displayKind(variant.kind) + " " + size;
    } else {
        const std::string shape = "h" + std::to_string(t.innerDim()) + "-d" + std::to_string(t.numLayers);
        variant.id = std::string(wanKindName(variant.kind)) + "-" + shape;
        variant.displayName = variant.kindName + " layout (" +
                              std::to_string(t.innerDim()) + " wide, " + std::to_string(t.numLayers) + " blocks)";
    }
    return variant;
}

} // namespace framesmith
