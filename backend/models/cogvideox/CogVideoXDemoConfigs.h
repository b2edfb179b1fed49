#pragma once
// The demo model's configs, sized so a CPU generation of 9 frames at 128x192 takes seconds.
#include <nlohmann/json.hpp>

namespace framesmith {

struct CogVideoXDemoConfigs {
    static nlohmann::json modelIndex();
    static nlohmann::json scheduler();
    static nlohmann::json transformer();
    static nlohmann::json vae();
    static nlohmann::json textEncoder(int vocabSize);
};

} // namespace framesmith
