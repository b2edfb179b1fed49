#pragma once
// `framesmith-cli eval transformer` for Open-Sora: one STDiT3 forward of a golden/stdit3 case.
// Inputs are read by their golden names (x, timestep, y, mask, x_mask, fps, height, width; a
// tensor absent from the file is the reference's None); the metadata's "dtype" picks the compute
// dtype. Returns `output` and every debug.* tap (float32). Worker thread; loads the model itself.
#include "io/SafetensorsReader.h"

#include <ATen/core/Tensor.h>
#include <nlohmann/json.hpp>

#include <map>
#include <string>

namespace framesmith {

class STDiT3Eval {
public:
    // modelRoot: the folder holding the repos (the fixtures' models/) or the STDiT3 folder itself.
    static std::map<std::string, at::Tensor> run(const std::string& modelRoot, const SafetensorsReader& caseFile,
                                                 const nlohmann::json& meta);
    // The STDiT3 folder for modelRoot (throws FileError naming what is missing).
    static std::string transformerFolder(const std::string& modelRoot);
    // "float32" (default), "bfloat16"/"bf16", "float16"/"fp16"; InvalidRequestError otherwise.
    static c10::ScalarType dtypeFromName(const std::string& name);
};

} // namespace framesmith
