#pragma once
// Reads one key of a model's config.json: absent or null keeps the default (diffusers writes null
// for "none"); a value of the wrong type is an error naming the key and the file. Numbers that size
// allocations or divide are read with bounds, checked on the value as written (before any
// narrowing cast), so an absurd config is refused here with the file, key, value and bound named,
// not by the kernel's OOM killer or a SIGFPE later.
#include "framesmith/Error.h"

#include <nlohmann/json.hpp>

#include <cmath>
#include <cstdint>
#include <string>

namespace framesmith {

template <class T>
void readConfigKey(const nlohmann::json& j, const char* key, T& out, const std::string& origin)
{
    auto it = j.find(key);
    if (it == j.end() || it->is_null())
        return;
    try {
        out = it->get<T>();
    } catch (const nlohmann::json::exception&) {
        throw FileError(ErrorCode::BadFile, origin, std::string("config key '") + key + "' has the wrong type");
    }
}

// Throws unless lo <= value <= hi; `value` is the key's value as written.
inline void requireConfigRange(const char* key, const std::string& value, bool isBelow, bool isAbove, double lo,
                               double hi, const std::string& origin)
{
    auto bound = [](double b) {
        return std::floor(b) == b && std::fabs(b) < 9e15 ? std::to_string(static_cast<std::int64_t>(b)) : std::to_string(b);
    };
    if (isBelow)
        throw FileError(ErrorCode::BadFile, origin,
                        std::string("config key '") + key + "' is " + value + ", below the minimum " + bound(lo));
    if (isAbove)
        throw FileError(ErrorCode::BadFile, origin,
                        std::string("config key '") + key + "' is " + value + ", above the limit " + bound(hi) +
                            " (no real model comes near it; the file is corrupt or hostile)");
}

// An integer key in [lo, hi]. Integers written as floats (1e5) are refused like any non-integer.
template <class T>
void readConfigInt(const nlohmann::json& j, const char* key, T& out, std::int64_t lo, std::int64_t hi,
                   const std::string& origin)
{
    auto it = j.find(key);
    if (it == j.end() || it->is_null())
        return;
    if (it->is_number_unsigned() && it->get<std::uint64_t>() > static_cast<std::uint64_t>(hi))
        requireConfigRange(key, it->dump(), false, true, double(lo), double(hi), origin);
    if (!it->is_number_integer())
        throw FileError(ErrorCode::BadFile, origin, std::string("config key '") + key + "' must be an integer, got " +
                                                        it->dump());
    const std::int64_t value = it->get<std::int64_t>();
    requireConfigRange(key, it->dump(), value < lo, value > hi, double(lo), double(hi), origin);
    out = static_cast<T>(value);
}

// A finite number in [lo, hi].
inline void readConfigNumber(const nlohmann::json& j, const char* key, double& out, double lo, double hi,
                             const std::string& origin)
{
    auto it = j.find(key);
    if (it == j.end() || it->is_null())
        return;
    if (!it->is_number())
        throw FileError(ErrorCode::BadFile, origin, std::string("config key '") + key + "' must be a number, got " +
                                                        it->dump());
    const double value = it->get<double>();
    if (!std::isfinite(value))
        throw FileError(ErrorCode::BadFile, origin, std::string("config key '") + key + "' is not finite");
    requireConfigRange(key, it->dump(), value < lo, value > hi, lo, hi, origin);
    out = value;
}

} // namespace framesmith
