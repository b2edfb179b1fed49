#pragma once
// The module each component of a CogVideoX diffusers folder holds, built from the component's
// config.json alone: no weight is read or allocated, so its parameters() list exactly what the
// component's state_dict holds (names and shapes). Used to write random-weight checkpoints of the
// full-size models for GPU benchmarks (bench/gpu) without Python.
#include "core/Module.h"

#include <memory>
#include <string>
#include <vector>

namespace framesmith {

class CogVideoXComponentModules {
public:
    // The components with weights, in the order a pipeline loads them.
    static const std::vector<std::string>& weightedComponents(); // text_encoder, transformer, vae
    // Throws InvalidRequestError for another name, FileError naming the config that cannot be read.
    static std::shared_ptr<Module> fromConfig(const std::string& component, const std::string& configJsonPath);
    // The file stem diffusers / transformers use for the component's weights.
    static std::string weightsStem(const std::string& component); // "model" or "diffusion_pytorch_model"
};

} // namespace framesmith
