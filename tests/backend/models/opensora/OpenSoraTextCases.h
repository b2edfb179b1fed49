#pragma once
// Reads tests/fixtures/opensora/captions/component_cases.json (make_component_cases.py): pairs of
// [input, what the reference computes] per library step, and compares a port function on them.
#include "support/TestPaths.h"

#include "text/python/PythonUnicode.h"

#include <nlohmann/json.hpp>

#include <QStringList>

#include <cstdlib>
#include <fstream>
#include <functional>

namespace framesmith::test {

inline const nlohmann::json& componentCases()
{
    static const nlohmann::json cases = [] {
        // FRAMESMITH_COMPONENT_CASES may name a larger file (make_component_cases.py --random N).
        const char* other = std::getenv("FRAMESMITH_COMPONENT_CASES");
        std::ifstream in(other ? std::string(other) : fixturesDir() + "/opensora/captions/component_cases.json");
        return nlohmann::json::parse(in);
    }();
    return cases;
}

inline QString jsonText(const std::u32string& text)
{
    return QString::fromStdString(nlohmann::json(PythonUnicode::toUtf8(text)).dump(-1, ' ', true));
}

// Failures of `port` on every [input, expected] pair of componentCases()[kind]; an expected
// {"error": ...} needs port to throw.
inline QStringList compareCases(const std::string& kind, const std::function<std::u32string(const std::u32string&)>& port)
{
    QStringList failures;
    for (const auto& pair : componentCases().at(kind)) {
        const std::u32string input = PythonUnicode::fromUtf8(pair.at(0).get<std::string>());
        if (pair.at(1).is_object()) {
            try {
                port(input);
                failures << "expected an error for " + jsonText(input);
            } catch (const std::exception&) {
            }
            continue;
        }
        const std::u32string expected = PythonUnicode::fromUtf8(pair.at(1).get<std::string>());
        const std::u32string got = port(input);
        if (got != expected)
            failures << jsonText(input) + "\n      got      " + jsonText(got) + "\n      expected " + jsonText(expected);
    }
    return failures;
}

} // namespace framesmith::test
