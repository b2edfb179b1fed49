#include "support/TestRegistry.h"

#include <map>

namespace framesmith::test {

namespace {

// Filled by the test files' static initialisers, so it must exist before any of them runs.
std::map<std::string, TestMain>& cases()
{
    static std::map<std::string, TestMain> registered;
    return registered;
}

std::string caseName(const std::string& sourceFile)
{
    const auto slash = sourceFile.find_last_of('/');
    std::string name = slash == std::string::npos ? sourceFile : sourceFile.substr(slash + 1);
    const auto dot = name.rfind('.');
    return dot == std::string::npos ? name : name.substr(0, dot);
}

} // namespace

bool TestRegistry::add(const char* sourceFile, TestMain main)
{
    return cases().emplace(caseName(sourceFile), main).second;
}

TestMain TestRegistry::find(const std::string& name)
{
    const auto it = cases().find(name);
    return it == cases().end() ? nullptr : it->second;
}

std::vector<std::string> TestRegistry::names()
{
    std::vector<std::string> all;
    for (const auto& [name, main] : cases())
        all.push_back(name);
    return all;
}

} // namespace framesmith::test
