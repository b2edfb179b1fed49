#pragma once
// The scratch family of tst_ScratchFamily: five components made from the first registered family's
// demo model (its text encoder again as an image encoder, its transformer again as a second expert)
// and two knobs declared here only, which a recording pipeline notes. Everything a family needs
// lives in this folder; nothing shared names it.
#include "models/ModelFamilyRegistration.h"
#include "models/ModelRegistry.h"
#include "models/VideoPipeline.h"

#include <nlohmann/json.hpp>

#include <filesystem>
#include <fstream>
#include <string>
#include <vector>

namespace tst_ScratchFamily {

using namespace framesmith;
namespace fs = std::filesystem;

namespace {


const char* kName = "scratch-five";

// The scratch family's own knobs: declared here only.
std::vector<FamilyKnob> scratchKnobs()
{
    FamilyKnob strength;
    strength.name = "scratch_strength";
    strength.kind = KnobKind::Number;
    strength.label = "Scratch strength";
    strength.help = "How hard the scratch family scratches.";
    strength.minimum = 0.0;
    strength.maximum = 1.0;
    strength.defaultValue = 0.5;
    FamilyKnob passes;
    passes.name = "scratch_passes";
    passes.kind = KnobKind::Integer;
    passes.label = "Scratch passes";
    passes.help = "How many times it scratches.";
    passes.minimum = 1;
    passes.maximum = 4;
    passes.defaultValue = std::int64_t(1);
    return {strength, passes};
}

// The knobs each run's request brought to the pipeline, in run order.
std::vector<KnobValues>& knobsSeen()
{
    static std::vector<KnobValues> seen;
    return seen;
}

// The base family's pipeline, noting the knobs each run hands it.
class KnobRecordingPipeline : public VideoPipeline {
public:
    explicit KnobRecordingPipeline(std::unique_ptr<VideoPipeline> base) : m_base(std::move(base)) {}
    std::string family() const override { return kName; }
    const std::string& modelDir() const override { return m_base->modelDir(); }
    ParameterSpec parameterSpec() const override
    {
        ParameterSpec spec = m_base->parameterSpec();
        for (const FamilyKnob& knob : scratchKnobs())
            spec.knobs.push_back(knob);
        return spec;
    }
    const EncodedPrompts& encodeText(const GenerationRequest& request) override { return m_base->encodeText(request); }
    void prepareDenoising(const GenerationRequest& request, const at::Tensor& startImage,
                          const std::optional<at::Tensor>& initialLatents, NoiseSource& noise) override
    {
        knobsSeen().push_back(request.knobs);
        m_base->prepareDenoising(request, startImage, initialLatents, noise);
    }
    int stepCount() const override { return m_base->stepCount(); }
    double timestep(int index) const override { return m_base->timestep(index); }
    void denoiseStep(int index, NoiseSource& noise) override
    {
        m_base->setStepObserver(m_stepObserver);
        m_base->setStepCache(m_stepCache);
        m_base->denoiseStep(index, noise);
    }
    at::Tensor latents() const override { return m_base->latents(); }
    StepState denoiseState() const override { return m_base->denoiseState(); }
    void restoreDenoising(const at::Tensor& latents, const StepState& state) override
    {
        m_base->restoreDenoising(latents, state);
    }
    void releaseDenoiser() override { m_base->releaseDenoiser(); }
    at::Tensor decode(const at::Tensor& latents, const GenerationRequest& request, const DecodeSettings& settings,
                      const ChunkProgress& progress) override
    {
        return m_base->decode(latents, request, settings, progress);
    }
    void releaseDecoder() override { m_base->releaseDecoder(); }

private:
    std::unique_ptr<VideoPipeline> m_base;
};

// The base model's planning with an image encoder (a copy of its text encoder) and a second
// expert (a copy of its transformer) added in the stage order.
class FiveComponentPlanning : public ModelPlanning {
public:
    explicit FiveComponentPlanning(std::unique_ptr<ModelPlanning> base) : m_base(std::move(base)) {}
    ModelFootprint footprint(const MemoryPreset& preset) const override
    {
        const ModelFootprint base = m_base->footprint(preset);
        ModelFootprint f;
        for (const ComponentFootprint& c : base.components) {
            f.components.push_back(c);
            ComponentFootprint extra = c;
            if (c.role == ComponentRole::TextEncoder)
                extra.name = "image_encoder", extra.role = ComponentRole::ImageEncoder;
            else if (c.role == ComponentRole::Denoiser)
                extra.name = c.name + "_2";
            else
                continue;
            f.components.push_back(extra);
        }
        return f;
    }
    std::int64_t textEncodeBytes(const GenerationRequest& r, ComputeDtype d) const override
    {
        return m_base->textEncodeBytes(r, d);
    }
    std::int64_t denoiseBytes(const GenerationRequest& r, int batch, ComputeDtype d, AttentionPath a) const override
    {
        return m_base->denoiseBytes(r, batch, d, a);
    }
    double denoiseFlops(const GenerationRequest& r, int batch) const override { return m_base->denoiseFlops(r, batch); }
    std::int64_t denoiseSequenceLength(const GenerationRequest& r) const override
    {
        return m_base->denoiseSequenceLength(r);
    }
    std::int64_t vaeDecodeBytes(const GenerationRequest& r, const MemoryPreset& p, bool isCpu) const override
    {
        return m_base->vaeDecodeBytes(r, p, isCpu);
    }
    // Its image encoder reads a start image with a working set planted large enough to be the
    // denoising stage's peak.
    static constexpr std::int64_t kImageReadBytes = 3ll << 30;
    std::int64_t conditionEncodeBytes(const GenerationRequest& r, ComponentRole role, const MemoryPreset&,
                                      bool) const override
    {
        return r.hasStartImage() && role == ComponentRole::ImageEncoder ? kImageReadBytes : 0;
    }

private:
    std::unique_ptr<ModelPlanning> m_base;
};

// A folder with scratch-five.json and the base family's demo model in base/.
class FiveComponentFamily : public ModelFamily {
public:
    explicit FiveComponentFamily(const ModelFamily& base) : m_base(base) {}
    static std::string base(const std::string& folder) { return folder + "/base"; }

    ModelFamilyInfo info() const override
    {
        ModelFamilyInfo info = m_base.info();
        info.name = kName;
        info.displayName = "Scratch five-component family";
        info.folderHint = "a folder with scratch-five.json and a base/ model";
        return info;
    }
    FolderRecognition recognise(const std::string& folder) const override
    {
        return fs::exists(folder + "/" + kName + ".json") ? FolderRecognition::claimed() : FolderRecognition::foreign();
    }
    ModelInspection inspect(const std::string& folder) const override
    {
        ModelInspection out = m_base.inspect(base(folder));
        out.info.path = folder;
        out.info.family = kName;
        for (const FamilyKnob& knob : scratchKnobs())
            out.info.spec.knobs.push_back(knob);
        std::vector<ModelComponent> extra;
        for (const ModelComponent& c : out.components) {
            if (c.name == "text_encoder")
                extra.push_back({"image_encoder", "ScratchImageEncoder", c.folder});
            if (c.name == "transformer")
                extra.push_back({"transformer_2", c.className, c.folder});
        }
        out.components.insert(out.components.end(), extra.begin(), extra.end());
        std::sort(out.components.begin(), out.components.end(),
                  [](const ModelComponent& a, const ModelComponent& b) { return a.name < b.name; });
        return out;
    }
    std::unique_ptr<ModelPlanning> planning(const std::string& folder) const override
    {
        return std::make_unique<FiveComponentPlanning>(m_base.planning(base(folder)));
    }
    std::unique_ptr<VideoPipeline> createPipeline(const std::string& folder, const PipelineResources& r) const override
    {
        return std::make_unique<KnobRecordingPipeline>(m_base.createPipeline(base(folder), r));
    }
    const SchedulerRegistry& schedulers() const override { return m_base.schedulers(); }
    std::unique_ptr<Scheduler> createScheduler(const std::string& folder, const std::string& requested) const override
    {
        return m_base.createScheduler(base(folder), requested);
    }
    std::vector<EvalKind> evalKinds() const override { return {}; }
    void writeDemoModel(const std::string& dir, const DemoModelOptions& options) const override
    {
        m_base.writeDemoModel(base(dir), options);
        std::ofstream(dir + "/" + kName + ".json") << "{}";
    }

private:
    const ModelFamily& m_base;
};

} // namespace

} // namespace tst_ScratchFamily
