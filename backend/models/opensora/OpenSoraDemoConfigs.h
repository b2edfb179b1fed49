#pragma once
// The tiny configs of the Open-Sora demo model: the fixtures' tiny models (STDiT3 hidden 32,
// 2 heads, depth 2; temporal VAE filters 8 over a 4-block 2-D VAE of 8-16 channels; T5 d_model 32,
// 2 layers) in the repos' own config formats. Any thread.
#include <nlohmann/json.hpp>

namespace framesmith {

class OpenSoraDemoConfigs {
public:
    static nlohmann::json transformer();
    static nlohmann::json vae();
    static nlohmann::json spatialVae();
    static nlohmann::json textEncoder(int vocabSize);
};

} // namespace framesmith
