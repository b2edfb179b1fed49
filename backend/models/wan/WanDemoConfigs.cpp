#include "models/wan/WanDemoConfigs.h"

#include "framesmith/Error.h"

namespace framesmith {

using nlohmann::json;

namespace {

bool isImageToVideo(const std::string& v) { return v == "wan2.1-i2v" || v == "wan2.2-i2v-a14b"; }
bool hasTwoExperts(const std::string& v) { return v == "wan2.2-t2v-a14b" || v == "wan2.2-i2v-a14b"; }

const char* repoOf(const std::string& v)
{
    if (v == "wan2.1-i2v")
        return "Wan2.1-I2V-14B-480P-Diffusers";
    if (v == "wan2.2-ti2v")
        return "Wan2.2-TI2V-5B-Diffusers";
    if (v == "wan2.2-t2v-a14b")
        return "Wan2.2-T2V-A14B-Diffusers";
    if (v == "wan2.2-i2v-a14b")
        return "Wan2.2-I2V-A14B-Diffusers";
    return "Wan2.1-T2V-1.3B-Diffusers";
}

} // namespace

const std::vector<std::string>& WanDemoConfigs::variants()
{
    static const std::vector<std::string> names = {"wan2.1-t2v", "wan2.1-i2v", "wan2.2-ti2v", "wan2.2-t2v-a14b",
                                                   "wan2.2-i2v-a14b"};
    return names;
}

void WanDemoConfigs::check(const std::string& variant)
{
    for (const std::string& known : variants())
        if (variant == known)
            return;
    std::string list;
    for (const std::string& known : variants())
        list += (list.empty() ? "" : ", ") + known;
    throw InvalidRequestError("--variant", "the Wan demo has no variant '" + variant + "' (known: " + list + ")");
}

json WanDemoConfigs::modelIndex(const std::string& variant)
{
    const json none = {nullptr, nullptr};
    const json transformer = {"diffusers", "WanTransformer3DModel"};
    json index = {{"_class_name", isImageToVideo(variant) ? "WanImageToVideoPipeline" : "WanPipeline"},
                  {"_diffusers_version", "0.36.0"},
                  {"_framesmith_demo", true},
                  {"_framesmith_note", std::string("random weights: the output is noise; real clips need real weights, "
                                                   "e.g. huggingface.co/Wan-AI/") + repoOf(variant)},
                  {"boundary_ratio", variant == "wan2.2-t2v-a14b" ? json(0.875) : variant == "wan2.2-i2v-a14b" ? json(0.9) : json(nullptr)},
                  {"expand_timesteps", variant == "wan2.2-ti2v"},
                  {"scheduler", {"diffusers", "UniPCMultistepScheduler"}},
                  {"text_encoder", {"transformers", "UMT5EncoderModel"}},
                  {"tokenizer", {"transformers", "T5Tokenizer"}},
                  {"transformer", transformer},
                  {"transformer_2", hasTwoExperts(variant) ? transformer : none},
                  {"vae", {"diffusers", "AutoencoderKLWan"}}};
    if (isImageToVideo(variant)) {
        const bool clip = variant == "wan2.1-i2v";
        index["image_encoder"] = clip ? json{"transformers", "CLIPVisionModel"} : none;
        index["image_processor"] = clip ? json{"transformers", "CLIPImageProcessor"} : none;
    }
    return index;
}

json WanDemoConfigs::scheduler(const std::string& variant)
{
    // As scripts/convert_wan_to_diffusers.py builds it: flow_shift 5 for TI2V, 3 otherwise.
    return {{"_class_name", "UniPCMultistepScheduler"}, {"_diffusers_version", "0.36.0"},
            {"flow_shift", variant == "wan2.2-ti2v" ? 5.0 : 3.0},
            {"num_train_timesteps", 1000}, {"prediction_type", "flow_prediction"}, {"solver_order", 2},
            {"solver_type", "bh2"}, {"lower_order_final", true}, {"final_sigmas_type", "zero"},
            {"predict_x0", true}, {"timestep_spacing", "linspace"}, {"use_flow_sigmas", true}};
}

// Four blocks (the fixtures have two): block streaming then holds fewer blocks than the model has,
// so the demo shows what the memory presets do.
// I2V: noise, mask and condition (16 + 4 + 16 channels); Wan 2.1 I2V also attends to the CLIP
// tower's features (image_dim its width, added_kv_proj_dim the attention's).
json WanDemoConfigs::transformer(const std::string& variant)
{
    const int latent = variant == "wan2.2-ti2v" ? 48 : 16;
    const bool clip = variant == "wan2.1-i2v";
    return {{"_class_name", "WanTransformer3DModel"}, {"_diffusers_version", "0.36.0"},
            {"added_kv_proj_dim", clip ? json(32) : json(nullptr)}, {"attention_head_dim", 16}, {"cross_attn_norm", true},
            {"eps", 1e-6}, {"ffn_dim", 64}, {"freq_dim", 256}, {"image_dim", clip ? json(24) : json(nullptr)},
            {"in_channels", isImageToVideo(variant) ? 36 : latent}, {"num_attention_heads", 2}, {"num_layers", 4},
            {"out_channels", latent}, {"patch_size", {1, 2, 2}}, {"pos_embed_seq_len", nullptr},
            {"qk_norm", "rms_norm_across_heads"}, {"rope_max_seq_len", 1024}, {"text_dim", 32}};
}

json WanDemoConfigs::vae(const std::string& variant)
{
    if (variant == "wan2.2-ti2v") {
        // The Wan 2.2 VAE's latents_mean / latents_std (Wan2.2-TI2V-5B-Diffusers').
        const json mean = {-0.2289, -0.0052, -0.1323, -0.2339, -0.2799, 0.0174, 0.1838, 0.1557, -0.1382, 0.0542,
                           0.2813,  0.0891,  0.157,   -0.0098, 0.0375,  -0.1825, -0.2246, -0.1207, -0.0698, 0.5109,
                           0.2665,  -0.2108, -0.2158, 0.2502,  -0.2055, -0.0322, 0.1109, 0.1567,  -0.0729, 0.0899,
                           -0.2799, -0.123,  -0.0313, -0.1649, 0.0117,  0.0723,  -0.2839, -0.2083, -0.052,  0.3748,
                           0.0152,  0.1957,  0.1433,  -0.2944, 0.3573,  -0.0548, -0.1681, -0.0667};
        const json std = {0.4765, 1.0364, 0.4514, 1.1677, 0.5313, 0.499,  0.4818, 0.5013, 0.8158, 1.0344, 0.5894, 1.0901,
                          0.6885, 0.6165, 0.8454, 0.4978, 0.5759, 0.3523, 0.7135, 0.6804, 0.5833, 1.4146, 0.8986, 0.5659,
                          0.7069, 0.5338, 0.4889, 0.4917, 0.4069, 0.4999, 0.6866, 0.4093, 0.5709, 0.6065, 0.6415, 0.4944,
                          0.5726, 1.2042, 0.5458, 1.6887, 0.3971, 1.06,   0.3943, 0.5537, 0.5444, 0.4089, 0.7468, 0.7744};
        return {{"_class_name", "AutoencoderKLWan"}, {"_diffusers_version", "0.36.0"}, {"attn_scales", json::array()},
                {"base_dim", 4}, {"decoder_base_dim", 8}, {"dim_mult", {1, 2, 4, 4}}, {"dropout", 0.0},
                {"in_channels", 12}, {"is_residual", true}, {"latents_mean", mean}, {"latents_std", std},
                {"num_res_blocks", 2}, {"out_channels", 12}, {"patch_size", 2}, {"scale_factor_spatial", 16},
                {"scale_factor_temporal", 4}, {"temperal_downsample", {false, true, true}}, {"z_dim", 48}};
    }
    // The Wan 2.1 VAE's latents_mean / latents_std (every Wan 2.1 repo's).
    const json mean = {-0.7571, -0.7089, -0.9113, 0.1075, -0.1745, 0.9653, -0.1517, 1.5508,
                       0.4134, -0.0715, 0.5517, -0.3632, -0.1922, -0.9497, 0.2503, -0.2921};
    const json std = {2.8184, 1.4541, 2.3275, 2.6558, 1.2196, 1.7708, 2.6052, 2.0743,
                      3.2687, 2.1526, 2.8652, 1.5579, 1.6382, 1.1253, 2.8251, 1.916};
    return {{"_class_name", "AutoencoderKLWan"}, {"_diffusers_version", "0.36.0"}, {"attn_scales", json::array()},
            {"base_dim", 4}, {"decoder_base_dim", nullptr}, {"dim_mult", {1, 2, 4, 4}}, {"dropout", 0.0},
            {"in_channels", 3}, {"is_residual", false}, {"latents_mean", mean}, {"latents_std", std},
            {"num_res_blocks", 2}, {"out_channels", 3}, {"patch_size", nullptr}, {"scale_factor_spatial", 8},
            {"scale_factor_temporal", 4}, {"temperal_downsample", {false, true, true}}, {"z_dim", 16}};
}

json WanDemoConfigs::textEncoder(int vocabSize)
{
    return {{"architectures", {"UMT5EncoderModel"}}, {"classifier_dropout", 0.0}, {"d_ff", 64}, {"d_kv", 8},
            {"d_model", 32}, {"decoder_start_token_id", 0}, {"dense_act_fn", "gelu_new"}, {"dropout_rate", 0.1},
            {"eos_token_id", 1}, {"feed_forward_proj", "gated-gelu"}, {"initializer_factor", 1.0},
            {"is_encoder_decoder", true}, {"is_gated_act", true}, {"layer_norm_epsilon", 1e-6},
            {"model_type", "umt5"}, {"num_decoder_layers", 2}, {"num_heads", 4}, {"num_layers", 2},
            {"pad_token_id", 0}, {"relative_attention_max_distance", 128}, {"relative_attention_num_buckets", 32},
            {"tie_word_embeddings", false}, {"tokenizer_class", "T5Tokenizer"}, {"vocab_size", vocabSize}};
}

json WanDemoConfigs::imageEncoder()
{
    return {{"architectures", {"CLIPVisionModel"}}, {"attention_dropout", 0.0}, {"hidden_act", "gelu"},
            {"hidden_size", 24}, {"image_size", 32}, {"initializer_factor", 1.0}, {"initializer_range", 0.02},
            {"intermediate_size", 48}, {"layer_norm_eps", 1e-5}, {"model_type", "clip_vision_model"},
            {"num_attention_heads", 2}, {"num_channels", 3}, {"num_hidden_layers", 3}, {"patch_size", 8},
            {"projection_dim", 16}};
}

json WanDemoConfigs::imageProcessor()
{
    // CLIPImageProcessor with OpenAI CLIP's mean and std, bicubic, at the tower's 32 pixels.
    return {{"crop_size", {{"height", 32}, {"width", 32}}}, {"do_center_crop", true}, {"do_convert_rgb", true},
            {"do_normalize", true}, {"do_rescale", true}, {"do_resize", true},
            {"image_mean", {0.48145466, 0.4578275, 0.40821073}}, {"image_processor_type", "CLIPImageProcessor"},
            {"image_std", {0.26862954, 0.26130258, 0.27577711}}, {"resample", 3},
            {"rescale_factor", 0.00392156862745098}, {"size", {{"shortest_edge", 32}}}};
}

} // namespace framesmith
