#pragma once
// A diffusers pipeline folder (model_index.json + one sub-folder per component), read without
// loading weights: its pipeline class, components and their configs, which files are missing or
// unexpected, its size. A format reader: the family that runs such a folder decides what it is.
// Torch-free; any thread. Configs are parsed through JsonGuard (regular file, bounded, depth-checked).
#include <nlohmann/json.hpp>

#include <cstdint>
#include <string>
#include <vector>

namespace framesmith {

class DiffusersModelFolder {
public:
    // Throws FileError: MissingFile (no folder / no model_index.json), BadFile (invalid JSON).
    explicit DiffusersModelFolder(const std::string& path);

    const std::string& path() const { return m_path; }
    const nlohmann::json& modelIndex() const { return m_index; }
    std::string pipelineClass() const;                               // model_index "_class_name"
    std::vector<std::string> components() const;                     // named by model_index, sorted
    std::string componentClass(const std::string& component) const; // "" when absent
    // The component's config.json (scheduler_config.json for schedulers); throws FileError.
    nlohmann::json componentConfig(const std::string& component) const;

    bool isDemo() const;           // model_index "_framesmith_demo": true (random weights)
    // Relative paths ("transformer/config.json") a complete folder has but this one lacks; shards
    // named by an index count. Relative paths of files nothing here reads (e.g. pickle .bin weights).
    std::vector<std::string> missingFiles() const;
    std::vector<std::string> unexpectedFiles() const;
    std::uint64_t sizeOnDiskBytes() const;

private:
    std::string m_path;
    nlohmann::json m_index;
};

} // namespace framesmith
