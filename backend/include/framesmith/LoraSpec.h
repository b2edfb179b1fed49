#pragma once
// One LoRA a generation applies: the file, its strength and, on a model of two expert transformers
// (high and low noise), which takes it. Plain values: the CLI parses `--lora FILE[:STRENGTH][@high|@low]`,
// job files and sidecars carry "loras": [{"file", "strength", "sha256", "expert", "enabled"}].
#include <string>

namespace framesmith {

struct LoraSpec {
    static constexpr double kMinStrength = -2.0;
    static constexpr double kMaxStrength = 2.0;

    std::string file;
    double strength = 1.0;
    // "" (both experts, or the only transformer), "high" or "low" (a two-expert model's experts).
    std::string expert;
    bool enabled = true;
    // Lower-case hex of the file's bytes, filled by the engine when it runs: the sidecar keeps it so
    // a regeneration finds the same file again (or says which one is missing).
    std::string sha256;
};

// `FILE[:STRENGTH][@high|@low]` (strength 1 when absent; a ':' followed by a number ends the
// path, so Windows drive letters and colons inside names survive). Throws InvalidRequestError
// ("--lora") for an empty file, a strength that is no number or outside -2..2, or another expert.
LoraSpec parseLoraArgument(const std::string& text);
// The same range and expert checks for a spec from a job file or the GUI; `field` names it.
void requireValidLora(const LoraSpec& lora, const std::string& field);

} // namespace framesmith
