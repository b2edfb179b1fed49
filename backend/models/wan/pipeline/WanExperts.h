#pragma once
// The denoiser experts of a Wan run: `transformer` alone, or A14B's high-noise `transformer` and
// low-noise `transformer_2`. Only the active expert is loaded: activating the other detaches and
// frees the first through the placement (unless the placement keeps it loaded), then loads and
// attaches the second, so a 2 × 14B model peaks at one expert. Thread: the pipeline's worker.
#include "framesmith/LoraSpec.h"
#include "models/VideoPipeline.h"
#include "models/lora/LoraApplier.h"
#include "models/lora/LoraMode.h"
#include "models/wan/transformer/WanTransformer3DModel.h"

#include <array>
#include <memory>
#include <string>

namespace framesmith {

class WanExperts {
public:
    WanExperts(std::string modelDir, const PipelineResources& resources, int expertCount);

    static const char* componentName(int expert); // "transformer" or "transformer_2"

    // The run's LoRAs: each expert takes those meant for it (@high: transformer, @low:
    // transformer_2, neither: both) when it is activated, merged or as a side path as `mode` says.
    // A kept expert trades only what changed. Throws InvalidRequestError("--lora") for a LoRA this
    // model cannot take (WanLoraKeyMapping::lorasFor), before any expert loads.
    void setLoras(std::vector<LoraSpec> loras, LoraMode mode);

    // Loads (or takes up again) expert 0 or 1 and returns it; the other one is released first.
    WanTransformer3DModel& activate(int expert);
    int active() const { return m_active; } // -1 when none
    // Ends the denoising stage: detaches the active expert, frees what the placement does not keep.
    void release();
    c10::Device computeDevice(int expert) const;

private:
    void releaseOne(int expert);
    void applyLoras(int expert);
    bool isKept(int expert) const;

    std::string m_modelDir;
    PipelineResources m_resources;
    int m_expertCount = 1;
    int m_active = -1;
    std::array<std::shared_ptr<WanTransformer3DModel>, 2> m_models;
    std::array<LoraApplier, 2> m_appliers; // what the LoRAs did to each loaded expert
    std::vector<LoraSpec> m_loras;
    LoraMode m_loraMode = LoraMode::Merge;
};

} // namespace framesmith
