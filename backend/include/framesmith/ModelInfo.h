#pragma once
#include <cstdint>
#include <string>
#include <vector>

namespace framesmith {

// What a model folder is, without loading weights.
struct ModelInfo {
    std::string path;
    std::string variant;      // "cogvideox-2b", "cogvideox-5b", "cogvideox-5b-i2v", "cogvideox1.5-5b", "cogvideox1.5-5b-i2v"
    std::string displayName;
    std::vector<std::string> components;
    std::int64_t sizeOnDiskBytes = 0;
    bool isImageToVideo = false;
    bool isDemo = false;      // random weights: the output is noise
};

// Reads a diffusers model folder's configs (no weights): variant, components, size on disk, demo
// marker. Throws FileError (MissingFile, BadFile, UnsupportedModel) naming the file and the problem.
// Pure; any thread.
ModelInfo inspectModelFolder(const std::string& path);

} // namespace framesmith
