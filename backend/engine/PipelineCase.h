#pragma once
// Runs a pipeline case in the reference fixtures' format (golden/<variant>/pipeline.safetensors):
// the request comes from the case metadata's "call", the initial latents and (optionally) the
// recorded noise draws from its tensors, and every intermediate is returned under the fixture's
// names. Used by `framesmith-cli eval pipeline` (handed to the family's eval kind as
// EvalCase::runPipeline: a family sits below the engine), the parity tests and regression runs.
#include "framesmith/GenerationRequest.h"
#include "io/SafetensorsReader.h"
#include "models/EvalKind.h"

#include <ATen/core/Tensor.h>
#include <nlohmann/json.hpp>

#include <cstdint>
#include <map>
#include <string>

namespace framesmith {

class PipelineCase {
public:
    static GenerationRequest requestFromMetadata(const nlohmann::json& meta, const std::string& modelDir);
    // The recorded draws in the reference's order: image posterior, then stepK.scheduler_noiseJ.
    static std::vector<at::Tensor> recordedDraws(const SafetensorsReader& input);

    static std::map<std::string, at::Tensor> run(const SafetensorsReader& input, const nlohmann::json& meta,
                                                 const std::string& modelDir, const PipelineCaseOptions& options);
};

} // namespace framesmith
