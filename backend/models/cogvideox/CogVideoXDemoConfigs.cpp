#include "models/cogvideox/CogVideoXDemoConfigs.h"

namespace framesmith {

using nlohmann::json;

json CogVideoXDemoConfigs::modelIndex()
{
    return {{"_class_name", "CogVideoXPipeline"},
            {"_diffusers_version", "0.36.0"},
            {"_framesmith_demo", true},
            {"_framesmith_note", "random weights: the output is noise; real clips need real weights, "
                                 "e.g. huggingface.co/THUDM/CogVideoX-2b"},
            {"scheduler", {"diffusers", "CogVideoXDDIMScheduler"}},
            {"text_encoder", {"transformers", "T5EncoderModel"}},
            {"tokenizer", {"transformers", "T5Tokenizer"}},
            {"transformer", {"diffusers", "CogVideoXTransformer3DModel"}},
            {"vae", {"diffusers", "AutoencoderKLCogVideoX"}}};
}

json CogVideoXDemoConfigs::scheduler()
{
    // CogVideoX-2b's scheduler, unchanged.
    return {{"_class_name", "CogVideoXDDIMScheduler"}, {"_diffusers_version", "0.36.0"}, {"beta_end", 0.012},
            {"beta_schedule", "scaled_linear"}, {"beta_start", 0.00085}, {"clip_sample", false},
            {"clip_sample_range", 1.0}, {"num_train_timesteps", 1000}, {"prediction_type", "v_prediction"},
            {"rescale_betas_zero_snr", true}, {"sample_max_value", 1.0}, {"set_alpha_to_one", true},
            {"snr_shift_scale", 3.0}, {"steps_offset", 0}, {"timestep_spacing", "trailing"}, {"trained_betas", nullptr}};
}

json CogVideoXDemoConfigs::transformer()
{
    return {{"_class_name", "CogVideoXTransformer3DModel"}, {"_diffusers_version", "0.36.0"},
            {"activation_fn", "gelu-approximate"}, {"attention_bias", true}, {"attention_head_dim", 64},
            {"dropout", 0.0}, {"flip_sin_to_cos", true}, {"freq_shift", 0}, {"in_channels", 16},
            {"max_text_seq_length", 226}, {"norm_elementwise_affine", true}, {"norm_eps", 1e-5},
            {"num_attention_heads", 2}, {"num_layers", 2}, {"ofs_embed_dim", nullptr}, {"out_channels", 16},
            {"patch_bias", true}, {"patch_size", 2}, {"patch_size_t", nullptr}, {"sample_frames", 9},
            {"sample_height", 16}, {"sample_width", 24}, {"spatial_interpolation_scale", 1.875},
            {"temporal_compression_ratio", 4}, {"temporal_interpolation_scale", 1.0}, {"text_embed_dim", 64},
            {"time_embed_dim", 64}, {"timestep_activation_fn", "silu"},
            {"use_learned_positional_embeddings", false}, {"use_rotary_positional_embeddings", false}};
}

json CogVideoXDemoConfigs::vae()
{
    const json down = {"CogVideoXDownBlock3D", "CogVideoXDownBlock3D", "CogVideoXDownBlock3D", "CogVideoXDownBlock3D"};
    const json up = {"CogVideoXUpBlock3D", "CogVideoXUpBlock3D", "CogVideoXUpBlock3D", "CogVideoXUpBlock3D"};
    return {{"_class_name", "AutoencoderKLCogVideoX"}, {"_diffusers_version", "0.36.0"}, {"act_fn", "silu"},
            {"block_out_channels", {16, 32, 32, 32}}, {"down_block_types", down}, {"force_upcast", true},
            {"in_channels", 3}, {"invert_scale_latents", false}, {"latent_channels", 16}, {"latents_mean", nullptr},
            {"latents_std", nullptr}, {"layers_per_block", 1}, {"norm_eps", 1e-6}, {"norm_num_groups", 4},
            {"out_channels", 3}, {"sample_height", 128}, {"sample_width", 192}, {"scaling_factor", 1.15258426},
            {"shift_factor", nullptr}, {"temporal_compression_ratio", 4}, {"up_block_types", up},
            {"use_post_quant_conv", false}, {"use_quant_conv", false}};
}

json CogVideoXDemoConfigs::textEncoder(int vocabSize)
{
    return {{"architectures", {"T5EncoderModel"}}, {"classifier_dropout", 0.0}, {"d_ff", 128}, {"d_kv", 16},
            {"d_model", 64}, {"decoder_start_token_id", 0}, {"dense_act_fn", "gelu_new"}, {"dropout_rate", 0.1},
            {"eos_token_id", 1}, {"feed_forward_proj", "gated-gelu"}, {"initializer_factor", 1.0},
            {"is_encoder_decoder", true}, {"is_gated_act", true}, {"layer_norm_epsilon", 1e-6},
            {"model_type", "t5"}, {"num_decoder_layers", 2}, {"num_heads", 4}, {"num_layers", 2},
            {"output_past", true}, {"pad_token_id", 0}, {"relative_attention_max_distance", 128},
            {"relative_attention_num_buckets", 32}, {"tie_word_embeddings", false}, {"torch_dtype", "float32"},
            {"transformers_version", "4.43.4"}, {"use_cache", true}, {"vocab_size", vocabSize}};
}

} // namespace framesmith
