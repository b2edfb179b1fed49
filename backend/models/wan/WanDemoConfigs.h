#pragma once
// The configs of the Wan demo models, one per layout that runs differently, at the reference
// fixtures' tiny sizes (2 heads x 16; UMT5 with a bias in every layer; the repos' UniPC):
//   wan2.1-t2v       Wan 2.1 T2V: a base_dim 4 Wan 2.1 VAE (z 16) with the real latents_mean/std
//   wan2.1-i2v       + a CLIP vision tower and its image processor, 36 input channels, image_dim
//   wan2.2-ti2v      the Wan 2.2 VAE (z 48, residual, patch 2, 16x spatial), per-token timesteps
//   wan2.2-t2v-a14b  two experts switching at boundary_ratio 0.875
//   wan2.2-i2v-a14b  two experts at 0.9, 36 input channels, no CLIP
// Pure.
#include <nlohmann/json.hpp>

#include <string>
#include <vector>

namespace framesmith {

class WanDemoConfigs {
public:
    static const std::vector<std::string>& variants(); // the first is the default
    // Throws InvalidRequestError("--variant") naming the known ones.
    static void check(const std::string& variant);

    static nlohmann::json modelIndex(const std::string& variant);
    static nlohmann::json scheduler(const std::string& variant);
    static nlohmann::json transformer(const std::string& variant);
    static nlohmann::json vae(const std::string& variant);
    static nlohmann::json textEncoder(int vocabSize);
    static nlohmann::json imageEncoder();   // wan2.1-i2v only
    static nlohmann::json imageProcessor(); // wan2.1-i2v only
};

} // namespace framesmith
