#pragma once
// Range-checked reads of Open-Sora config keys (config.json files of the three repos): absent or
// null keeps the default, a wrong type or a value outside [low, high] is a FileError naming the
// key and the file. Torch-free; any thread.
#include <nlohmann/json.hpp>

#include <cstdint>
#include <string>
#include <vector>

namespace framesmith {

class OpenSoraConfigReader {
public:
    OpenSoraConfigReader(const nlohmann::json& object, std::string source, std::string prefix = "");

    void integer(const char* key, std::int64_t& out, std::int64_t low, std::int64_t high) const;
    void integers(const char* key, std::vector<std::int64_t>& out, std::int64_t low, std::int64_t high,
                  std::size_t minCount, std::size_t maxCount) const;
    void number(const char* key, double& out, double low, double high) const;
    void numbers(const char* key, std::vector<double>& out, std::size_t minCount, std::size_t maxCount) const;
    void flag(const char* key, bool& out) const;
    void flags(const char* key, std::vector<bool>& out, std::size_t maxCount) const;
    void text(const char* key, std::string& out) const;
    bool has(const char* key) const;
    [[noreturn]] void fail(const std::string& key, const std::string& problem) const;
    const std::string& source() const { return m_source; }

private:
    const nlohmann::json* find(const char* key) const; // nullptr when absent or null

    const nlohmann::json& m_object;
    std::string m_source;
    std::string m_prefix; // "vae_temporal." for keys of a nested object
};

} // namespace framesmith
