#pragma once
// Before a generation starts: every component's weights in a model folder are opened and their
// safetensors headers checked against the file sizes (truncated, half-copied or corrupt files),
// so a broken VAE is found before the denoise it would otherwise waste. Reads headers only (the
// data stays unmapped until a component loads). Every weight must be floating point (an I32 tensor
// of the right shape is refused here, naming tensor and file). Torch-free in use; any thread.
#include <string>

namespace framesmith {

class ModelFilesCheck {
public:
    // Throws the FileError of the first broken component, naming its file.
    static void requireReadable(const std::string& modelFolder);
};

} // namespace framesmith
