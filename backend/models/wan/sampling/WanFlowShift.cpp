#include "models/wan/sampling/WanFlowShift.h"

#include "framesmith/Error.h"
#include "io/DiffusersModelFolder.h"

namespace framesmith {

std::optional<double> WanFlowShift::ofModel(const std::string& modelDir)
{
    nlohmann::json config;
    try {
        config = DiffusersModelFolder(modelDir).componentConfig("scheduler");
    } catch (const FileError&) { // inspect names the missing or bad file; the spec stays readable
        return std::nullopt;
    }
    for (const char* key : {"flow_shift", "shift"})
        if (const auto it = config.find(key); it != config.end() && it->is_number())
            return it->get<double>();
    return std::nullopt;
}

} // namespace framesmith
