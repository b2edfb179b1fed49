#pragma once
// What step caching adds to the denoise stage's working memory on the transformer's device, for
// the planner (families call it from ModelPlanning::denoiseBytes). Pure; any thread.
//   resident, per CFG branch on the device: the rest's residual (every stream: stateElements) and
//     the first block's residual that the next step is compared with (probeElements);
//   during a forward: the first block's input and output beside the working stream, [batch, state].
#include <cstdint>
#include <string>

namespace framesmith {

class StepCacheBytes {
public:
    // setting: GenerationRequest::stepCache ("off": 0). batch: CFG branches run on this device
    // together (each keeps its own entry). Elements are per batch row.
    static std::int64_t forStep(const std::string& setting, int batch, std::int64_t stateElements,
                                std::int64_t probeElements, std::int64_t elementBytes);
};

} // namespace framesmith
