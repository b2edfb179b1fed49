// A model is a list of named components: a scratch family made here from the first registered
// family's demo model, with five components (a text encoder, an image encoder, two expert
// transformers, a VAE), registered at run time, is inspected, planned, placed and run with no
// edit outside this folder (the family itself: ScratchFamilyParts.h). The extra image encoder and
// second expert reuse the demo model's own parts (their configs and weights), so the planner's
// figures for them are known exactly. It also
// declares two knobs of its own, which reach its pipeline from `generate`'s flags and job files and
// come back in the sidecar, with no edit outside this folder.
#include "cli/CliCommand.h"
#include "framesmith/Engine.h"
#include "memory/planner/MemoryPlanner.h"
#include "memory/presets/PresetStore.h"
#include "models/ModelFamilyRegistration.h"
#include "models/ModelRegistry.h"
#include "engine/warm/WarmResidency.h"
#include "ScratchFamilyParts.h"
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
        // The image encoder reads a start image at the start of denoising, not beside the text encoder;
        // two denoisers are taken in turn (one rests at a time); the VAE's stage is the base's.
        auto weights = [](const DetailedPlan& p, int stage) { return p.stages.at(stage).devices.front().weightBytes; };
        QCOMPARE(weights(plan, 0), weights(base, 0));
        QCOMPARE(weights(plan, 1), weights(base, 1));
        QCOMPARE(weights(plan, 2), weights(base, 2));
    }

    // With a start image, the image encoder's read of it (planted large) is the denoising stage's
    // peak on its device: its own weights and working set, the denoiser not yet read in.
    void aStartImageReadIsPlannedAtTheStartOfDenoising()
    {
        const auto owned = ModelRegistry::planning(m_model);
        const ModelPlanning& planning = *owned;
        GenerationRequest withImage = tinyRequest();
        withImage.startImagePath = "start.png"; // the planner reads no file
        const DetailedPlan plain = MemoryPlanner::planDetailed(planning, tinyRequest(), preset("max-speed"), gpus({24}));
        const DetailedPlan plan = MemoryPlanner::planDetailed(planning, withImage, preset("max-speed"), gpus({24}));
        const DeviceBreakdown& denoise = plan.stages.at(1).devices.front();
        QCOMPARE(denoise.device, std::string("cuda:0"));
        QCOMPARE(denoise.activationBytes, FiveComponentPlanning::kImageReadBytes);
        // Its weights, beside what the text stage may have left on the GPU.
        const ModelFootprint f = planning.footprint(plan.preset);
        QVERIFY(denoise.weightBytes >= f.find("image_encoder")->bytes());
        QVERIFY(denoise.weightBytes <= f.find("image_encoder")->bytes() + f.find("text_encoder")->bytes());
        QVERIFY(denoise.peakBytes() > plain.stages.at(1).devices.front().peakBytes());
        const auto& notes = plan.placement.notes;
        QVERIFY2(std::any_of(notes.begin(), notes.end(),
                             [](const std::string& n) { return n.find("start image's encode by image_encoder") != std::string::npos; }),
                 "no note says the image encoder's read is the peak");
        // The other stages are as without the image.
        QCOMPARE(plan.stages.at(0).devices.front().peakBytes(), plain.stages.at(0).devices.front().peakBytes());
        QCOMPARE(plan.stages.at(2).devices.front().peakBytes(), plain.stages.at(2).devices.front().peakBytes());
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
