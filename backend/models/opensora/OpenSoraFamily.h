#pragma once
// Open-Sora 1.2 (hpcai-tech; STDiT3-XL/2 with OpenSoraVAE v1.2 and T5-XXL, text-to-video with
// RFLOW) in the layout users download: three Hugging Face repos plus the 2-D VAE the VAE config
// names, side by side under one folder or in the Hub cache (OpenSoraModelLayout). Recognised by
// the STDiT3 repo's config.json; shown as one model, opened by that folder or the STDiT3 repo.
// Stateless; any thread.
#include "models/ModelFamily.h"

namespace framesmith {

class OpenSoraFamily : public ModelFamily {
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
};

} // namespace framesmith
