#pragma once
// Fuzz entry point and input generator for Open-Sora's caption cleaning (issue 34): the prompt
// text path must neither crash nor stall on any text a user can type or paste. runCaptionInput
// cleans the bytes as a prompt (only framesmith::Error may escape); CaptionInputGenerator makes
// deterministic hostile prompts from a seed: repeats of the shapes that were quadratic or crashed
// (a.a.a…, unclosed comments and tags, URL-like text, entities, long runs) and random mixes of
// HTML, URL, entity, mojibake and CJK fragments, up to the prompt cap. Used by the libFuzzer
// binary (fuzz_caption_cleaner), the timed driver (caption_cleaner_fuzz_driver) and the smoke test.
#include <cstddef>
#include <cstdint>
#include <random>
#include <string>

namespace framesmith::fuzz {

void runCaptionInput(const std::uint8_t* data, std::size_t size);

class CaptionInputGenerator {
public:
    static constexpr std::size_t kMaxCharacters = 10000; // the prompt cap (core/door/ParameterSpec.cpp)

    explicit CaptionInputGenerator(std::uint64_t seed) : m_random(seed) {}
    // The next prompt; `shape` receives a short description for reports ("repeat '<!--' x2500").
    std::string next(std::string* shape);

private:
    std::size_t length();
    const char* fragment();

    std::mt19937_64 m_random;
};

} // namespace framesmith::fuzz
