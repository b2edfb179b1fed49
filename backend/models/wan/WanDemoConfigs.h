#pragma once
// The configs of the Wan demo model: Wan 2.1 T2V's layout at the reference fixtures' tiny sizes
// (2 heads x 16, 2 blocks; a base_dim 4 Wan 2.1 VAE with the real latents_mean/std; UMT5 with a
// bias in every layer; the repos' UniPC with flow_shift 3). Pure.
#include <nlohmann/json.hpp>

namespace framesmith {

class WanDemoConfigs {
public:
    static nlohmann::json modelIndex();
    static nlohmann::json scheduler();
    static nlohmann::json transformer();
    static nlohmann::json vae();
    static nlohmann::json textEncoder(int vocabSize);
};

} // namespace framesmith
