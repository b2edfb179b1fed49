#pragma once
// A LoRA file mapped onto one model: for each module it patches, in the port's names, the low-rank
// pair and its scale (alpha / rank, or PEFT's lora_alpha / r), and any full deltas; plus what
// did not match. Strength is not in it: one resolved LoRA serves every strength. Any thread.
#include <ATen/core/Tensor.h>

#include <cstdint>
#include <string>
#include <vector>

namespace framesmith {

struct LoraModuleDelta {
    std::string module;  // the port's module ("transformer_blocks.0.attn1.to_q")
    at::Tensor down;     // A [rank, in] in the file's float type, or undefined
    at::Tensor up;       // B [out, rank]
    at::Tensor upBias;   // [out] scaled like B, or undefined
    double scale = 1;    // alpha / rank
    at::Tensor diff;     // full delta of module.weight, or undefined
    at::Tensor diffBias; // full delta of module.bias, or undefined
    bool isLinear = true; // false: a norm's vectors (always merged)
};

struct ResolvedLora {
    std::string path;
    std::string sha256;
    std::vector<LoraModuleDelta> modules;
    int fileModules = 0;                 // modules the file patches
    std::vector<std::string> skipped;    // file module names the model has no module for
    std::int64_t bytes() const;          // of every tensor held, as stored in the file
    // "" when everything matched, else "LoRA x.safetensors: 8 of 16 modules matched, 8 skipped (first: ...)".
    std::string partialMatchWarning() const;
};

} // namespace framesmith
