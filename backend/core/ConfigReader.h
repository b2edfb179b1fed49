#pragma once
// The one reader of a model's config.json keys, for every family: absent or null keeps the default
// (diffusers writes null for "none"); a wrong type or a value outside [low, high] is a FileError
// naming the file, the key (with its prefix inside a nested object), the value as written and the
// bound. Numbers that size allocations or divide are read with bounds, checked on the value as
// written (before any narrowing cast), so an absurd config is refused here, not by the kernel's
// OOM killer or a SIGFPE later. Torch-free; any thread.
#include "framesmith/Error.h"

#include <nlohmann/json.hpp>

#include <cstdint>
#include <limits>
#include <string>
#include <vector>

namespace framesmith {

class ConfigReader {
public:
    // Integers written as floats (4.0): refused like any non-integer (diffusers configs), or
    // accepted when whole (configs whose Python writers may spell them so; a family asks for it).
    enum class WholeFloats { Refused, Accepted };

    ConfigReader(const nlohmann::json& object, std::string source, std::string prefix = "",
                 WholeFloats wholeFloats = WholeFloats::Refused);

    // An integer in [low, high], narrowed to T only after the check.
    template <class T>
    void integer(const char* key, T& out, std::int64_t low, std::int64_t high) const
    {
        std::int64_t value = 0;
        if (readInteger(key, value, low, high))
            out = static_cast<T>(value);
    }
    void integers(const char* key, std::vector<std::int64_t>& out, std::int64_t low, std::int64_t high,
                  std::size_t minCount, std::size_t maxCount) const;
    // A finite number in [low, high].
    void number(const char* key, double& out, double low = std::numeric_limits<double>::lowest(),
                double high = std::numeric_limits<double>::max()) const;
    void numbers(const char* key, std::vector<double>& out, std::size_t minCount, std::size_t maxCount) const;
    void flag(const char* key, bool& out) const;
    void flags(const char* key, std::vector<bool>& out, std::size_t maxCount) const;
    void text(const char* key, std::string& out) const;
    // Any other JSON-convertible value (lists of numbers, strings) without bounds.
    template <class T>
    void value(const char* key, T& out) const
    {
        const nlohmann::json* v = find(key);
        if (!v)
            return;
        try {
            out = v->get<T>();
        } catch (const nlohmann::json::exception&) {
            fail(key, "has the wrong type");
        }
    }
    bool has(const char* key) const;
    [[noreturn]] void fail(const std::string& key, const std::string& problem) const;
    const std::string& source() const { return m_source; }
    const nlohmann::json& object() const { return m_object; }

private:
    const nlohmann::json* find(const char* key) const; // nullptr when absent or null
    bool readInteger(const char* key, std::int64_t& out, std::int64_t low, std::int64_t high) const;
    bool isInteger(const nlohmann::json& v) const;
    void requireRange(const std::string& key, const nlohmann::json& written, bool isBelow, bool isAbove, double low,
                      double high) const;

    const nlohmann::json& m_object;
    std::string m_source;
    std::string m_prefix; // "vae_temporal." for keys of a nested object
    WholeFloats m_wholeFloats;
};

} // namespace framesmith
