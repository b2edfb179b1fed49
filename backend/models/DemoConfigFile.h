#pragma once
// A demo model's config file (model_index.json, config.json, scheduler_config.json), written the
// way every family's demo model writes them: folders created, a temporary file renamed into place,
// so a demo folder never holds half a config. The calling thread only.
#include <nlohmann/json.hpp>

#include <string>

namespace framesmith {

class DemoConfigFile {
public:
    // Throws FileError (Io) naming the file.
    static void write(const std::string& path, const nlohmann::json& value);
};

} // namespace framesmith
