#pragma once
// Minimal flag parser: "--name value", "--name=value", repeatable flags, bare switches, positionals.
#include <optional>
#include <set>
#include <string>
#include <vector>

namespace framesmith::cli {

class CliArgs {
public:
    // switches: flags that take no value (e.g. "--json").
    CliArgs(const std::vector<std::string>& args, const std::set<std::string>& switches);

    const std::vector<std::string>& positionals() const { return m_positionals; }
    bool has(const std::string& flag) const;
    std::optional<std::string> value(const std::string& flag) const;   // last occurrence
    std::vector<std::string> values(const std::string& flag) const;    // every occurrence
    std::string require(const std::string& flag) const;                // throws InvalidRequestError
    int intValue(const std::string& flag, int fallback) const;         // throws on non-numbers
    double doubleValue(const std::string& flag, double fallback) const;
    // Throws when a flag outside `known` was given: typos must not be silently ignored.
    void rejectUnknown(const std::set<std::string>& known) const;

private:
    std::vector<std::pair<std::string, std::string>> m_flags;
    std::vector<std::string> m_positionals;
};

} // namespace framesmith::cli
