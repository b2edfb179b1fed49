// A model is a list of named components: a scratch family made here from the first registered
// family's demo model, with five components (a text encoder, an image encoder, two expert
// transformers, a VAE), registered at run time, is inspected, planned, placed and run with no
// edit outside this file. The extra image encoder and second expert reuse the demo model's own
// parts (their configs and weights), so the planner's figures for them are known exactly. It also
// declares two knobs of its own, which reach its pipeline from `generate`'s flags and job files and
// come back in the sidecar, with no edit outside this file.
#include "cli/CliCommand.h"
#include "framesmith/Engine.h"
#include "memory/planner/MemoryPlanner.h"
#include "memory/presets/PresetStore.h"
#include "models/ModelFamilyRegistration.h"
#include "models/ModelRegistry.h"
#include "models/VideoPipeline.h"
#include "engine/WarmResidency.h"
#include "support/TestPaths.h"
#include "support/TestRegistry.h"

#include <nlohmann/json.hpp>

#include <QTemporaryDir>
#include <QtTest/QtTest>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <sstream>

// framesmith-cli's command table (main.cpp's): the inspect and plan commands compiled into this
// test register into it, so they run in this process, where the scratch family is registered.
namespace framesmith::cli {
std::map<std::string, CliCommand>& cliCommands()
{
    static std::map<std::string, CliCommand> commands;
    return commands;
}
bool registerCliCommand(CliCommand command)
{
    cliCommands()[command.name] = std::move(command);
    return true;
}
} // namespace framesmith::cli

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

std::vector<DeviceInfo> gpus(const std::vector<int>& gib)
{
    std::vector<DeviceInfo> devices;
    for (std::size_t i = 0; i < gib.size(); ++i)
        devices.push_back({static_cast<int>(i), "simulated", std::int64_t(gib[i]) << 30, std::int64_t(gib[i]) << 30});
    return devices;
}

std::string runCli(const std::vector<std::string>& argv)
{
    std::ostringstream out;
    std::streambuf* was = std::cout.rdbuf(out.rdbuf());
    int status = -1;
    try {
        status = cli::cliCommands().at(argv.front()).run({argv.begin() + 1, argv.end()});
    } catch (...) {
        std::cout.rdbuf(was);
        throw;
    }
    std::cout.rdbuf(was);
    if (status != 0)
        throw std::runtime_error("framesmith-cli " + argv.front() + " exited " + std::to_string(status));
    return out.str();
}

const std::vector<std::string> kComponents = {"text_encoder", "image_encoder", "transformer", "transformer_2", "vae"};

} // namespace

class TestScratchFamily : public QObject {
    Q_OBJECT

private:
    QTemporaryDir m_dir;
    std::string m_model;
    std::unique_ptr<ModelPlanning> m_base;

    GenerationRequest tinyRequest() const
    {
        const ParameterSpec spec = inspectModelFolder(m_model).spec;
        GenerationRequest r;
        r.modelPath = m_model;
        r.prompt = "a red fox in the snow";
        r.width = std::max(spec.minSize, (96 + spec.sizeMultiple - 1) / spec.sizeMultiple * spec.sizeMultiple);
        r.height = std::max(spec.minSize, (64 + spec.sizeMultiple - 1) / spec.sizeMultiple * spec.sizeMultiple);
        r.frameCount = spec.frames.nearestValid(9);
        r.fps = spec.defaultFps;
        r.steps = 2;
        r.guidanceScale = spec.defaultGuidanceScale;
        r.preset = "max-speed";
        return r;
    }

    std::vector<std::string> generateFlags(const std::string& out) const
    {
        const GenerationRequest r = tinyRequest();
        return {"generate", "--model", m_model, "--prompt", r.prompt, "--width", std::to_string(r.width), "--height",
                std::to_string(r.height), "--frames", std::to_string(r.frameCount), "--steps", "2", "--preset",
                "max-speed", "--out", out, "--quiet"};
    }

    static std::string refusal(const std::vector<std::string>& argv)
    {
        try {
            runCli(argv);
        } catch (const InvalidRequestError& e) {
            return e.what();
        }
        return "(accepted)";
    }

    MemoryPreset preset(const std::string& name) const
    {
        return PresetStore(test::sourceDir() + "/resources/presets", "/nonexistent").load(name);
    }

private Q_SLOTS:
    void initTestCase()
    {
        QVERIFY(m_dir.isValid());
        const ModelFamily& first = *ModelRegistry::families().front();
        registerModelFamily(std::make_unique<FiveComponentFamily>(first));
        m_model = m_dir.filePath("scratch").toStdString();
        ModelRegistry::find(kName)->writeDemoModel(m_model, {test::sourceDir() + "/resources/demo-tokenizer", 11});
        m_base = first.planning(FiveComponentFamily::base(m_model));
    }

    void theRegistryKnowsItByItsOwnMarker()
    {
        QCOMPARE(ModelRegistry::familyOf(m_model).info().name, std::string(kName));
        QCOMPARE(inspectModelFolder(m_model).family, std::string(kName));
    }

    void itsFootprintIsAListOfFiveRoles()
    {
        const ModelFootprint f = ModelRegistry::planning(m_model)->footprint(MemoryPreset{});
        QCOMPARE(f.components.size(), std::size_t(5));
        std::vector<std::string> names;
        for (const ComponentFootprint& c : f.components)
            names.push_back(c.name);
        QCOMPARE(names, kComponents);
        QCOMPARE(int(f.find("image_encoder")->role), int(ComponentRole::ImageEncoder));
        QCOMPARE(int(f.find("transformer_2")->role), int(ComponentRole::Denoiser));
        QCOMPARE(f.find("transformer_2")->blockModule(3), f.find("transformer_2")->name + "." +
                                                              f.find("transformer")->blocks.key + ".3");
        QCOMPARE(f.totalBytes(), m_base->footprint(MemoryPreset{}).totalBytes() + f.find("image_encoder")->bytes() +
                                     f.find("transformer_2")->bytes());
    }

    void everyComponentIsPlannedInItsStage()
    {
        const DetailedPlan plan = MemoryPlanner::planDetailed(*ModelRegistry::planning(m_model), tinyRequest(),
                                                              preset("max-speed"), gpus({24}));
        const DetailedPlan base = MemoryPlanner::planDetailed(*m_base, tinyRequest(), preset("max-speed"), gpus({24}));
        QCOMPARE(plan.placement.components(), kComponents);
        QCOMPARE(plan.placement.componentsOf(Stage::TextEncoding), (std::vector<std::string>{"text_encoder", "image_encoder"}));
        QCOMPARE(plan.placement.componentsOf(Stage::Denoising), (std::vector<std::string>{"transformer", "transformer_2"}));
        QVERIFY(plan.placement.find("transformer_2." + m_base->footprint(plan.preset).denoiser().blocks.key + ".0"));
        // Each copied component doubles the weights of its stage; the VAE's stage is the base's.
        auto weights = [](const DetailedPlan& p, int stage) { return p.stages.at(stage).devices.front().weightBytes; };
        QCOMPARE(weights(plan, 0), 2 * weights(base, 0));
        QCOMPARE(weights(plan, 1), 2 * weights(base, 1));
        QCOMPARE(weights(plan, 2), weights(base, 2));
    }

    void presetLeversPlaceTheRolesTheyDoNotName()
    {
        const auto planning = ModelRegistry::planning(m_model);
        // low-memory: the text encoder's lever puts the image encoder on the CPU too, and both
        // experts' blocks stream.
        const DetailedPlan low = MemoryPlanner::planDetailed(*planning, tinyRequest(), preset("low-memory"), gpus({8}));
        QCOMPARE(low.placement.computeDeviceOf("image_encoder"), std::string("cpu"));
        for (const std::string expert : {"transformer", "transformer_2"})
            for (const ModulePlacement* m : low.placement.ofComponent(expert))
                QCOMPARE(m->streamed, m->blockIndex >= 0);
        // multi-gpu's spread over two GPUs (without its guidance split, which gathers a transformer
        // on one GPU): both experts' blocks are spread.
        MemoryPreset spreadOnly = preset("multi-gpu");
        spreadOnly.strategies.erase(std::remove(spreadOnly.strategies.begin(), spreadOnly.strategies.end(), "cfg-parallel"),
                                    spreadOnly.strategies.end());
        spreadOnly.cfgParallel = false;
        const DetailedPlan spread = MemoryPlanner::planDetailed(*planning, tinyRequest(), spreadOnly, gpus({24, 24}));
        for (const std::string expert : {"transformer", "transformer_2"}) {
            std::set<std::string> devices;
            for (const ModulePlacement* m : spread.placement.ofComponent(expert))
                devices.insert(m->computeDevice);
            QCOMPARE(devices.size(), std::size_t(2));
        }
    }

    void aWarmEngineChoosesAmongAllFive()
    {
        const Residency kept = WarmResidency::choose(*ModelRegistry::planning(m_model), tinyRequest(),
                                                     preset("max-speed"), gpus({24}));
        QCOMPARE(WarmResidency::describe(kept), std::string("image_encoder kept, text_encoder kept, transformer kept, "
                                                            "transformer_2 kept, vae kept"));
    }

    void inspectAndPlanThroughTheCli()
    {
        const std::string inspect = runCli({"inspect", m_model, "--summary"});
        QVERIFY2(inspect.find("family " + std::string(kName)) != std::string::npos, inspect.c_str());
        QVERIFY2(inspect.find("component image_encoder (ScratchImageEncoder): image-encoder,") != std::string::npos,
                 inspect.c_str());
        QVERIFY2(inspect.find("component transformer_2 (") != std::string::npos, inspect.c_str());
        const auto plan = nlohmann::json::parse(runCli({"plan", "--model", m_model, "--preset", "low-memory",
                                                        "--vram", "8", "--json"}));
        const std::string placement = plan.at("placement").get<std::string>();
        for (const std::string& component : kComponents)
            QVERIFY2(placement.find(component + ": runs on") != std::string::npos, placement.c_str());
        QVERIFY2(placement.find("image_encoder: runs on cpu") != std::string::npos, placement.c_str());
    }

    void itsKnobsReachItsPipelineFromFlagsAndJobFilesAndComeBackInTheSidecar()
    {
        const std::string inspect = runCli({"inspect", m_model, "--summary"});
        QVERIFY2(inspect.find("knob --scratch-strength NUMBER  0 to 1, default 0.5: How hard") != std::string::npos,
                 inspect.c_str());
        QVERIFY2(inspect.find("knob --scratch-passes N  1 to 4, default 1: ") != std::string::npos, inspect.c_str());
        const KnobValues expected{{"scratch_passes", std::int64_t(3)}, {"scratch_strength", 0.75}};
        knobsSeen().clear();
        const std::string clip = m_dir.filePath("knobs.mp4").toStdString();
        std::vector<std::string> flags = generateFlags(clip);
        flags.insert(flags.end(), {"--scratch-strength", "0.75", "--scratch-passes", "3"});
        runCli(flags);
        QCOMPARE(knobsSeen().size(), std::size_t(1));
        QVERIFY(knobsSeen().back() == expected);
        std::ifstream sidecarFile(clip + ".json");
        const std::string sidecar((std::istreambuf_iterator<char>(sidecarFile)), std::istreambuf_iterator<char>());
        QVERIFY2(nlohmann::json::parse(sidecar).at("request").at("knobs") ==
                     nlohmann::json::parse(R"({"scratch_passes": 3, "scratch_strength": 0.75})"),
                 sidecar.c_str());
        QVERIFY(requestFromJson(sidecar).knobs == expected);
        // The sidecar is a job file; a flag overrides its knob and keeps the other.
        runCli({"generate", "--job", clip + ".json", "--scratch-passes", "2", "--out",
                m_dir.filePath("again.safetensors").toStdString(), "--quiet"});
        QCOMPARE(knobsSeen().size(), std::size_t(2));
        QVERIFY(knobsSeen().back() == (KnobValues{{"scratch_passes", std::int64_t(2)}, {"scratch_strength", 0.75}}));
    }

    void itsKnobFlagsAreCheckedByKindAndRange()
    {
        const std::string out = m_dir.filePath("refused.mp4").toStdString();
        std::vector<std::string> flags = generateFlags(out);
        flags.insert(flags.end(), {"--scratch-passes", "9"});
        std::string why = refusal(flags);
        QVERIFY2(why.find("--scratch-passes") != std::string::npos && why.find("1 to 4") != std::string::npos, why.c_str());
        flags = generateFlags(out);
        flags.insert(flags.end(), {"--scratch-passes", "1.5"});
        why = refusal(flags);
        QVERIFY2(why.find("--scratch-passes") != std::string::npos && why.find("whole number") != std::string::npos,
                 why.c_str());
        flags = generateFlags(out);
        flags.insert(flags.end(), {"--scratch-strenght", "0.3"});
        why = refusal(flags);
        QVERIFY2(why.find("--scratch-strenght") != std::string::npos && why.find("--scratch-strength") != std::string::npos &&
                     why.find("--scratch-passes") != std::string::npos,
                 why.c_str());
        QVERIFY(!fs::exists(out));
    }

    void aClipRunsThroughTheEngineWithFiveComponentsPlaced()
    {
        GenerationRequest request = tinyRequest();
        ProgressSink sink;
        CancelToken cancel;
        Engine engine;
        const GenerationResult result = engine.generate(request, sink, cancel);
        QCOMPARE(result.clip.frameCount, request.frameCount);
        QCOMPARE(result.stepsCompleted, 2);
        QCOMPARE(result.request.modelPath, m_model);
        const std::optional<LoadedModel> loaded = engine.loadedModel();
        QVERIFY(loaded);
        QCOMPARE(loaded->keptComponents, kComponents); // a warm engine keeps all five (planned in plan order)
    }
};

FRAMESMITH_TEST_GUILESS_MAIN(TestScratchFamily)

} // namespace tst_ScratchFamily
#include "tst_ScratchFamily.moc"
