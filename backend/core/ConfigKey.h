#pragma once
// Reads one key of a diffusers config.json: absent or null keeps the default (diffusers writes null
// for "none"); a value of the wrong type is an error naming the key and the file.
#include "framesmith/Error.h"

#include <nlohmann/json.hpp>

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

} // namespace framesmith
