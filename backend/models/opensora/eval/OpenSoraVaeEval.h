#pragma once
// `eval vae` for Open-Sora fixtures (golden/vae/{spatial,temporal,pipeline}.safetensors and hidden
// cases like them): reads the case's inputs by their golden names, follows its metadata (which
// calls, the torch.manual_seed(N) before each encode, num_frames, micro sizes, dtype) and returns
// every non-debug output the case holds, under the same names. modelRoot: the models/ folder
// holding the three repos (or the VAE repo folder itself). Runs on the CPU; any one thread.
#include "io/SafetensorsReader.h"

#include <ATen/core/Tensor.h>
#include <nlohmann/json.hpp>

#include <map>
#include <string>

namespace framesmith {

class OpenSoraVaeEval {
public:
    static std::map<std::string, at::Tensor> run(const std::string& modelRoot, const SafetensorsReader& caseFile,
                                                 const nlohmann::json& meta);
};

} // namespace framesmith
