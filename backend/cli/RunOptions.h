#pragma once
// The run flags `generate` and `resume` share (--save-latents, --no-decode, --device, --vram,
// --memory-report, --pause-after-step, and generate's --latents-in), as the Engine's options;
// an unusable --save-latents folder is refused here, before anything loads.
#include "cli/CliArgs.h"
#include "framesmith/GenerateOptions.h"

namespace framesmith::cli {

class RunOptions {
public:
    static GenerateOptions fromArgs(const CliArgs& args);
};

} // namespace framesmith::cli
