#pragma once
// CogVideoX (THUDM; diffusers 0.36 CogVideoXPipeline / CogVideoXImageToVideoPipeline): 2B, 5B,
// 5B-I2V, 1.5-5B and 1.5-5B-I2V in the diffusers folder layout users download (or its Hugging Face
// cache entry). Recognised by model_index.json's pipeline class; everything else is read from the
// component configs. Stateless; any thread.
#include "models/ModelFamily.h"

namespace framesmith {

class CogVideoXFamily : public ModelFamily {
public:
    ModelFamilyInfo info() const override;
    FolderRecognition recognise(const std::string& folder) const override;
    ModelInspection inspect(const std::string& folder) const override;
    std::unique_ptr<ModelPlanning> planning(const std::string& folder) const override;
    std::unique_ptr<VideoPipeline> createPipeline(const std::string& folder,
                                                  const PipelineResources& resources) const override;
    const SchedulerRegistry& schedulers() const override;
    std::unique_ptr<Scheduler> createScheduler(const std::string& folder, const std::string& requested) const override;
    std::vector<EvalKind> evalKinds() const override;
    void writeDemoModel(const std::string& dir, const DemoModelOptions& options) const override;
    const LoraKeyMapping* loraKeyMapping() const override;
    ComponentModule componentModule(const std::string& component, const std::string& configJsonPath) const override;
};

} // namespace framesmith
