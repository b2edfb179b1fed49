#pragma once
// Paths into tests/fixtures/wan (a copy of the transformer, scheduler and text parts of
// ../shared/fixtures/wan, byte for byte; manifest.json there holds every sha256).
#include "framesmith/GenerationRequest.h"
#include "io/SafetensorsReader.h"
#include "support/TestPaths.h"

#include <nlohmann/json.hpp>

#include <filesystem>
#include <string>

namespace framesmith::test {

inline std::string wanFixture(const std::string& relative) { return fixturesDir() + "/wan/" + relative; }

// The small clip the Wan pipeline tests run: 9 frames of 48 x 32, 4 steps, guidance 4, seed 11.
inline GenerationRequest wanRequest(const std::string& modelDir)
{
    GenerationRequest r;
    r.modelPath = modelDir;
    r.prompt = "a panda playing guitar";
    r.negativePrompt = "blurry";
    r.width = 48;
    r.height = 32;
    r.frameCount = 9;
    r.steps = 4;
    r.guidanceScale = 4.0;
    r.seed = 11;
    return r;
}

inline nlohmann::json wanMetadata(const SafetensorsReader& golden)
{
    return nlohmann::json::parse(golden.metadata().at("json"));
}

// A whole -Diffusers folder for `variant` under `scratch`: the variant's own files, plus the
// components the tests tree keeps once (the five variants ship byte-identical text encoders and
// tokenizers; all but TI2V the Wan 2.1 VAE), taken from models/wan2.1-t2v.
inline std::string wanModelFolder(const std::string& variant, const std::string& scratch)
{
    namespace fs = std::filesystem;
    const fs::path target = fs::path(scratch) / variant;
    if (fs::exists(target))
        return target.string();
    fs::copy(wanFixture("models/" + variant), target, fs::copy_options::recursive);
    for (const char* component : {"text_encoder", "tokenizer", "vae"})
        if (!fs::exists(target / component))
            fs::copy(wanFixture(std::string("models/wan2.1-t2v/") + component), target / component,
                     fs::copy_options::recursive);
    return target.string();
}

} // namespace framesmith::test
