#include "models/wan/transformer/WanLoraKeyMapping.h"

#include "framesmith/Error.h"

#include <cctype>
#include <filesystem>
#include <utility>

namespace framesmith {

namespace {

// Inside blocks.N: diffusers' name -> the original Wan checkpoint's (lora_conversion_utils.py).
const std::pair<const char*, const char*> kBlockNames[] = {
    {"attn1.to_q", "self_attn.q"},          {"attn1.to_k", "self_attn.k"},
    {"attn1.to_v", "self_attn.v"},          {"attn1.to_out.0", "self_attn.o"},
    {"attn1.norm_q", "self_attn.norm_q"},   {"attn1.norm_k", "self_attn.norm_k"},
    {"attn2.to_q", "cross_attn.q"},         {"attn2.to_k", "cross_attn.k"},
    {"attn2.to_v", "cross_attn.v"},         {"attn2.to_out.0", "cross_attn.o"},
    {"attn2.norm_q", "cross_attn.norm_q"},  {"attn2.norm_k", "cross_attn.norm_k"},
    {"attn2.add_k_proj", "cross_attn.k_img"}, {"attn2.add_v_proj", "cross_attn.v_img"},
    {"attn2.norm_added_k", "cross_attn.norm_k_img"},
    {"ffn.net.0.proj", "ffn.0"},            {"ffn.net.2", "ffn.2"},
    // diffusers' norm2 is the affine norm before cross-attention, the original's norm3.
    {"norm2", "norm3"},                     {"norm3", "norm2"},
};

// Outside the blocks.
const std::pair<const char*, const char*> kTopNames[] = {
    {"proj_out", "head.head"},
    {"condition_embedder.time_embedder.linear_1", "time_embedding.0"},
    {"condition_embedder.time_embedder.linear_2", "time_embedding.2"},
    {"condition_embedder.text_embedder.linear_1", "text_embedding.0"},
    {"condition_embedder.text_embedder.linear_2", "text_embedding.2"},
    {"condition_embedder.time_proj", "time_projection.1"},
    {"condition_embedder.image_embedder.norm1", "img_emb.proj.0"},
    {"condition_embedder.image_embedder.ff.net.0.proj", "img_emb.proj.1"},
    {"condition_embedder.image_embedder.ff.net.2", "img_emb.proj.3"},
    {"condition_embedder.image_embedder.norm2", "img_emb.proj.4"},
};

// "blocks.12." of "blocks.12.attn1.to_q", or "" when the name is not inside a block.
std::string blockPrefix(const std::string& name)
{
    const std::string head = "blocks.";
    if (name.compare(0, head.size(), head) != 0)
        return {};
    std::size_t end = head.size();
    while (end < name.size() && std::isdigit(static_cast<unsigned char>(name[end])))
        ++end;
    if (end == head.size() || end >= name.size() || name[end] != '.')
        return {};
    return name.substr(0, end + 1);
}

} // namespace

std::string WanLoraKeyMapping::targetWeights(const std::string& modelDir) const
{
    const std::filesystem::path transformer = std::filesystem::path(modelDir) / "transformer";
    std::error_code ec;
    return std::filesystem::is_directory(transformer, ec) ? transformer.string() : modelDir;
}

std::string WanLoraKeyMapping::originalName(const std::string& portModule) const
{
    const std::string block = blockPrefix(portModule);
    if (!block.empty()) {
        const std::string inner = portModule.substr(block.size());
        for (const auto& [port, original] : kBlockNames)
            if (inner == port)
                return block + original;
        return portModule;
    }
    for (const auto& [port, original] : kTopNames)
        if (portModule == port)
            return original;
    return portModule;
}

std::string WanLoraKeyMapping::exampleModules() const
{
    return "blocks.0.attn1.to_q, blocks.0.ffn.net.0.proj (ComfyUI: diffusion_model.blocks.0.self_attn.q; "
           "musubi/kohya: lora_unet_blocks_0_self_attn_q)";
}

std::string WanLoraKeyMapping::expertComponent(const std::string& expert)
{
    if (expert == "high")
        return "transformer";
    if (expert == "low")
        return "transformer_2";
    throw InvalidRequestError("--lora", "expert '" + expert + "' is not high or low");
}

bool WanLoraKeyMapping::takesLora(const std::string& component, const std::string& expert)
{
    return expert.empty() || expertComponent(expert) == component;
}

bool WanLoraKeyMapping::hasTwoExperts(const std::string& modelDir)
{
    std::error_code ec;
    return std::filesystem::is_directory(std::filesystem::path(modelDir) / "transformer_2", ec);
}

std::vector<LoraSpec> WanLoraKeyMapping::lorasFor(const std::vector<LoraSpec>& specs, const std::string& modelDir,
                                                  const std::string& component)
{
    const bool twoExperts = hasTwoExperts(modelDir);
    std::vector<LoraSpec> out;
    for (LoraSpec lora : specs) {
        if (!lora.expert.empty() && !twoExperts)
            throw InvalidRequestError("--lora", lora.file + "@" + lora.expert +
                                                    ": this model has one transformer; @high/@low choose an expert of a "
                                                    "two-expert model (Wan 2.2 A14B)");
        if (!takesLora(component, lora.expert))
            continue;
        lora.expert.clear();
        out.push_back(lora);
    }
    return out;
}

} // namespace framesmith
