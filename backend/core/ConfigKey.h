#pragma once
// The free-function spelling of ConfigReader (core/ConfigReader.h), kept for backend/text/ until it
// reads through ConfigReader itself: the same checks and the same messages, one implementation.
#include "core/ConfigReader.h"

#include <cstdint>
#include <string>

namespace framesmith {

template <class T>
void readConfigKey(const nlohmann::json& j, const char* key, T& out, const std::string& origin)
{
    ConfigReader(j, origin).value(key, out);
}

template <class T>
void readConfigInt(const nlohmann::json& j, const char* key, T& out, std::int64_t lo, std::int64_t hi,
                   const std::string& origin)
{
    ConfigReader(j, origin).integer(key, out, lo, hi);
}

inline void readConfigNumber(const nlohmann::json& j, const char* key, double& out, double lo, double hi,
                             const std::string& origin)
{
    ConfigReader(j, origin).number(key, out, lo, hi);
}

} // namespace framesmith
