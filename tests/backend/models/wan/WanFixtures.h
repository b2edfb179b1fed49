#pragma once
// Paths into tests/fixtures/wan (a copy of the transformer, scheduler and text parts of
// ../shared/fixtures/wan, byte for byte; manifest.json there holds every sha256).
#include "io/SafetensorsReader.h"
#include "support/TestPaths.h"

#include <nlohmann/json.hpp>

#include <string>

namespace framesmith::test {

inline std::string wanFixture(const std::string& relative) { return fixturesDir() + "/wan/" + relative; }

inline nlohmann::json wanMetadata(const SafetensorsReader& golden)
{
    return nlohmann::json::parse(golden.metadata().at("json"));
}

} // namespace framesmith::test
