#pragma once
// Whether a module built from a component's config alone lists exactly the tensors of the
// component's checkpoint folder (names and shapes): what the GPU runbook's random-weight writer and
// the demo writers rely on to write folders the loaders (and diffusers) take.
#include "core/Module.h"
#include "io/SafetensorsReader.h"

#include <cstdint>
#include <filesystem>
#include <map>
#include <string>
#include <vector>

namespace framesmith::test {

// "" when they match; else the first difference, in words. A non-empty `stem` must begin every
// .safetensors file's name (diffusers' "diffusion_pytorch_model", transformers' "model").
inline std::string moduleCheckpointDifference(Module& module, const std::filesystem::path& folder,
                                              const std::string& stem = "")
{
    std::map<std::string, std::vector<std::int64_t>> fromModule, inFiles;
    for (const auto& slot : module.parameters())
        fromModule[slot.name] = slot.shape;
    for (const auto& file : std::filesystem::directory_iterator(folder)) {
        if (file.path().extension() != ".safetensors")
            continue;
        if (!stem.empty() && file.path().filename().string().rfind(stem, 0) != 0)
            return file.path().string() + " does not begin with " + stem;
        const SafetensorsReader reader(file.path().string());
        for (const auto& entry : reader.entries())
            inFiles[entry.name] = entry.shape;
    }
    if (inFiles.empty())
        return "no tensors in " + folder.string();
    for (const auto& [name, shape] : inFiles) {
        if (!fromModule.count(name))
            return name + " is missing from the module";
        if (fromModule.at(name) != shape)
            return name + ": the module's shape differs from the checkpoint's";
    }
    for (const auto& entry : fromModule)
        if (!inFiles.count(entry.first))
            return entry.first + " is not in the checkpoint";
    return "";
}

} // namespace framesmith::test
