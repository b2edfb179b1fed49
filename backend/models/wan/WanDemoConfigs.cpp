#include "models/wan/WanDemoConfigs.h"

namespace framesmith {

using nlohmann::json;

json WanDemoConfigs::modelIndex()
{
    return {{"_class_name", "WanPipeline"},
            {"_diffusers_version", "0.36.0"},
            {"_framesmith_demo", true},
            {"_framesmith_note", "random weights: the output is noise; real clips need real weights, "
                                 "e.g. huggingface.co/Wan-AI/Wan2.1-T2V-1.3B-Diffusers"},
            {"boundary_ratio", nullptr},
            {"expand_timesteps", false},
            {"scheduler", {"diffusers", "UniPCMultistepScheduler"}},
            {"text_encoder", {"transformers", "UMT5EncoderModel"}},
            {"tokenizer", {"transformers", "T5Tokenizer"}},
            {"transformer", {"diffusers", "WanTransformer3DModel"}},
            {"transformer_2", {nullptr, nullptr}},
            {"vae", {"diffusers", "AutoencoderKLWan"}}};
}

json WanDemoConfigs::scheduler()
{
    // As scripts/convert_wan_to_diffusers.py builds it for Wan 2.1 (class defaults elsewhere).
    return {{"_class_name", "UniPCMultistepScheduler"}, {"_diffusers_version", "0.36.0"}, {"flow_shift", 3.0},
            {"num_train_timesteps", 1000}, {"prediction_type", "flow_prediction"}, {"solver_order", 2},
            {"solver_type", "bh2"}, {"lower_order_final", true}, {"final_sigmas_type", "zero"},
            {"predict_x0", true}, {"timestep_spacing", "linspace"}, {"use_flow_sigmas", true}};
}

// Four blocks (the fixtures have two): block streaming then holds fewer blocks than the model has,
// so the demo shows what the memory presets do.
json WanDemoConfigs::transformer()
{
    return {{"_class_name", "WanTransformer3DModel"}, {"_diffusers_version", "0.36.0"}, {"added_kv_proj_dim", nullptr},
            {"attention_head_dim", 16}, {"cross_attn_norm", true}, {"eps", 1e-6}, {"ffn_dim", 64}, {"freq_dim", 256},
            {"image_dim", nullptr}, {"in_channels", 16}, {"num_attention_heads", 2}, {"num_layers", 4},
            {"out_channels", 16}, {"patch_size", {1, 2, 2}}, {"pos_embed_seq_len", nullptr},
            {"qk_norm", "rms_norm_across_heads"}, {"rope_max_seq_len", 1024}, {"text_dim", 32}};
}

json WanDemoConfigs::vae()
{
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

} // namespace framesmith
