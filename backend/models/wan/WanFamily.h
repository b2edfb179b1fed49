#pragma once
// Wan 2.1 and 2.2 (Wan-AI; UMT5-XXL, WanTransformer3DModel, the Wan 2.1 and 2.2 VAEs) in the
// -Diffusers layout users download (WanModelLayout): 2.1 T2V 1.3B/14B, 2.1 I2V 14B, 2.2 TI2V-5B,
// 2.2 T2V-A14B and I2V-A14B. Its pipeline and planning are built apart and meet here through
// WanPipelineFactory.h and WanPlanningFactory.h. Stateless; any thread.
#include "models/ModelFamily.h"

namespace framesmith {

class WanFamily : public ModelFamily {
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
    const LoraKeyMapping* loraKeyMapping() const override;
    void writeDemoModel(const std::string& dir, const DemoModelOptions& options) const override;
    std::vector<std::string> demoVariants() const override;
    ComponentModule componentModule(const std::string& component, const std::string& configJsonPath) const override;
};

} // namespace framesmith
