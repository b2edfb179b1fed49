#pragma once
// Minimal flag parser: "--name value", "--name=value", repeatable flags, bare switches, flags that
// take several values ("--vram 12 12"), positionals. Numbers are range-checked where they are
// parsed: a value that does not fit is an error naming the flag, never a silent narrowing.
#include <cstdint>
#include <optional>
#include <set>
#include <string>
#include <vector>

namespace framesmith::cli {

class CliArgs {
public:
    // switches: flags that take no value (e.g. "--json"); multiValued: flags whose value may be
    // followed by more values up to the next "--flag" (e.g. "--vram 12 12").
    CliArgs(const std::vector<std::string>& args, const std::set<std::string>& switches,
            const std::set<std::string>& multiValued = {});

    const std::vector<std::string>& positionals() const { return m_positionals; }
    bool has(const std::string& flag) const;
    std::optional<std::string> value(const std::string& flag) const;   // last occurrence
    std::vector<std::string> values(const std::string& flag) const;    // every occurrence
    std::string require(const std::string& flag) const;                // throws InvalidRequestError
    // Throw InvalidRequestError naming the flag for non-numbers and for values outside [min, max].
    int intValue(const std::string& flag, int fallback, int min = -2147483647 - 1, int max = 2147483647) const;
    std::uint64_t unsignedValue(const std::string& flag, std::uint64_t fallback) const; // 0 .. 2^64-1
    double doubleValue(const std::string& flag, double fallback) const;                  // finite only
    // Throws when a flag outside `known` was given: typos must not be silently ignored.
    void rejectUnknown(const std::set<std::string>& known) const;

private:
    std::vector<std::pair<std::string, std::string>> m_flags;
    std::vector<std::string> m_positionals;
};

} // namespace framesmith::cli
