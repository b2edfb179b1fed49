#include "models/opensora/OpenSoraDemoConfigs.h"

namespace framesmith {

using nlohmann::json;

json OpenSoraDemoConfigs::transformer()
{
    return {{"architectures", {"STDiT3"}}, {"model_type", "STDiT3"}, {"caption_channels", 32},
            {"class_dropout_prob", 0.1}, {"depth", 2}, {"hidden_size", 32}, {"in_channels", 4},
            {"input_sq_size", 512}, {"mlp_ratio", 4.0}, {"model_max_length", 300}, {"num_heads", 2},
            {"patch_size", {1, 2, 2}}, {"pred_sigma", true}, {"qk_norm", true}, {"skip_y_embedder", false}};
}

json OpenSoraDemoConfigs::vae()
{
    return {{"architectures", {"VideoAutoencoderPipeline"}},
            {"model_type", "VideoAutoencoderPipeline"},
            {"micro_frame_size", 17},
            {"scale", {3.85, 2.32, 2.33, 3.06}},
            {"shift", {-0.1, 0.34, 0.27, 0.98}},
            {"vae_2d",
             {{"from_pretrained", "PixArt-alpha/pixart_sigma_sdxlvae_T5_diffusers"}, {"micro_batch_size", 4},
              {"subfolder", "vae"}, {"type", "VideoAutoencoderKL"}}},
            {"vae_temporal",
             {{"activation_fn", "swish"}, {"channel_multipliers", {1, 2, 2, 4}}, {"embed_dim", 4}, {"filters", 8},
              {"in_out_channels", 4}, {"latent_embed_dim", 4}, {"num_groups", 4}, {"num_res_blocks", 1},
              {"temporal_downsample", {false, true, true}}, {"type", "VAE_Temporal"}}}};
}

json OpenSoraDemoConfigs::spatialVae()
{
    const json blocks = {"DownEncoderBlock2D", "DownEncoderBlock2D", "DownEncoderBlock2D", "DownEncoderBlock2D"};
    const json up = {"UpDecoderBlock2D", "UpDecoderBlock2D", "UpDecoderBlock2D", "UpDecoderBlock2D"};
    return {{"_class_name", "AutoencoderKL"}, {"act_fn", "silu"}, {"block_out_channels", {8, 16, 16, 16}},
            {"down_block_types", blocks}, {"up_block_types", up}, {"in_channels", 3}, {"out_channels", 3},
            {"latent_channels", 4}, {"layers_per_block", 1}, {"mid_block_add_attention", true},
            {"norm_num_groups", 4}, {"sample_size", 64}, {"scaling_factor", 0.13025}, {"force_upcast", true},
            {"use_quant_conv", true}, {"use_post_quant_conv", true}};
}

json OpenSoraDemoConfigs::textEncoder(int vocabSize)
{
    return {{"architectures", {"T5EncoderModel"}}, {"model_type", "t5"}, {"d_ff", 48}, {"d_kv", 8}, {"d_model", 32},
            {"dense_act_fn", "gelu_new"}, {"feed_forward_proj", "gated-gelu"}, {"is_gated_act", true},
            {"layer_norm_epsilon", 1e-06}, {"num_heads", 4}, {"num_layers", 2}, {"num_decoder_layers", 2},
            {"relative_attention_max_distance", 128}, {"relative_attention_num_buckets", 32},
            {"tie_word_embeddings", false}, {"pad_token_id", 0}, {"eos_token_id", 1}, {"vocab_size", vocabSize}};
}

} // namespace framesmith
