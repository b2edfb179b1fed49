#pragma once
// Runs a pipeline case in the reference fixtures' format (golden/<variant>/pipeline.safetensors):
// the request comes from the case metadata's "call", the initial latents and (optionally) the
// recorded noise draws from its tensors, and every intermediate is returned under the fixture's
// names. Used by `framesmith-cli eval pipeline`, the parity tests and regression runs.
#include "io/SafetensorsReader.h"
#include "framesmith/GenerationRequest.h"

#include <ATen/core/Tensor.h>
#include <nlohmann/json.hpp>

#include <cstdint>
#include <map>
#include <string>

namespace framesmith {

struct PipelineCaseOptions {
    bool useRecordedNoise = true; // false: draw from a CPU generator seeded like the metadata says
    bool isDecodeWanted = true;
};

class PipelineCase {
public:
    // "torch.Generator().manual_seed(123)" -> 123; throws InvalidRequestError when absent.
    static std::uint64_t seedFromCall(const std::string& generatorText);
    // A fixture-relative path from the metadata (e.g. "models/tiny-2b"), found by walking up from
    // the case file; `override` wins when not empty.
    static std::string resolveFixturePath(const std::string& relative, const std::string& casePath,
                                          const std::string& override = "");
    static GenerationRequest requestFromMetadata(const nlohmann::json& meta, const std::string& modelDir);
    // The recorded draws in the reference's order: image posterior, then stepK.scheduler_noiseJ.
    static std::vector<at::Tensor> recordedDraws(const SafetensorsReader& input);

    static std::map<std::string, at::Tensor> run(const SafetensorsReader& input, const nlohmann::json& meta,
                                                 const std::string& modelDir, const PipelineCaseOptions& options);
};

} // namespace framesmith
