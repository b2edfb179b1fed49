#pragma once
// Writes a small random-weight Wan model in the -Diffusers layout, one of the layouts that run
// differently (WanDemoConfigs: 2.1 T2V by default, 2.1 I2V, 2.2 TI2V, 2.2 T2V/I2V A14B) at the
// fixtures' tiny sizes, with the project's demo tokenizer (a T5 SentencePiece model: no umt5
// tokenizer ships with Framesmith), marked "_framesmith_demo": true. Its output is noise: it exists
// to try the app and the CLI in seconds.
#include <cstdint>
#include <string>

namespace framesmith {

class WanDemoModel {
public:
    static constexpr std::uint64_t kDefaultSeed = 20261122;

    // Throws FileError (Io) naming the file; refuses a non-empty folder that is not a model folder.
    // variant "": the first of WanDemoConfigs::variants(); an unknown one: InvalidRequestError.
    static void write(const std::string& dir, const std::string& tokenizerDir, std::uint64_t seed = kDefaultSeed,
                      const std::string& variant = "");
};

} // namespace framesmith
