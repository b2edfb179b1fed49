// The seam's contract, for every registered model family, on the family's own demo model: it is
// recognised by that family and no other; inspection describes it (family, spec, components, no
// missing files); its ParameterSpec is self-consistent and lists the family's samplers; the planner
// answers for it under every built-in preset and fp8/int8 storage; and a tiny clip generates through
// the Engine like any model. A new family is covered by adding it to the registry.
#include "framesmith/Engine.h"
#include "framesmith/Error.h"
#include "memory/planner/MemoryPlanner.h"
#include "memory/placement/PinnedStagingRing.h"
#include "memory/presets/MemoryLevers.h"
#include "memory/presets/PresetStore.h"
#include "models/ModelRegistry.h"
#include "support/TestPaths.h"
#include "support/TestRegistry.h"

#include <QImage>
#include <QTemporaryDir>
#include <QtTest/QtTest>

#include <cmath>
#include <filesystem>
#include <fstream>
#include <set>

namespace tst_ModelRegistry {

using namespace framesmith;

namespace {

std::vector<DeviceInfo> gpus(const std::vector<int>& gib)
{
    std::vector<DeviceInfo> devices;
    for (std::size_t i = 0; i < gib.size(); ++i)
        devices.push_back({static_cast<int>(i), "simulated", std::int64_t(gib[i]) << 30, std::int64_t(gib[i]) << 30});
    return devices;
}

int roundUp(int value, int multiple) { return (value + multiple - 1) / multiple * multiple; }

} // namespace

class TestModelRegistry : public QObject {
    Q_OBJECT

private:
    QTemporaryDir m_dir;

    std::string demoModel(const ModelFamily& family)
    {
        const std::string dir = m_dir.filePath(QString::fromStdString("demo-" + family.info().name)).toStdString();
        if (!std::filesystem::exists(dir + "/.written")) {
            family.writeDemoModel(dir, {test::sourceDir() + "/resources/demo-tokenizer", 11});
            std::ofstream(dir + "/.written") << "1";
        }
        return dir;
    }

    // The cheapest request the model takes: a small size on its grid, the fewest frames near 9, 2 steps.
    GenerationRequest tinyRequest(const std::string& model, const ParameterSpec& spec)
    {
        GenerationRequest r;
        r.modelPath = model;
        r.prompt = "a red fox in the snow";
        r.width = std::max(spec.minSize, roundUp(96, spec.sizeMultiple));
        r.height = std::max(spec.minSize, roundUp(64, spec.sizeMultiple));
        r.frameCount = spec.frames.nearestValid(9);
        r.fps = spec.defaultFps;
        r.steps = 2;
        r.guidanceScale = spec.defaultGuidanceScale;
        r.preset = "max-speed";
        if (spec.requiresStartImage) {
            QImage image(r.width, r.height, QImage::Format_RGB888);
            image.fill(QColor(200, 80, 40));
            r.startImagePath = m_dir.filePath("start.png").toStdString();
            image.save(QString::fromStdString(r.startImagePath));
        }
        return r;
    }

private Q_SLOTS:
    void initTestCase()
    {
        QVERIFY(m_dir.isValid());
        qputenv("FRAMESMITH_CHECKPOINT_DIR", m_dir.filePath("checkpoints").toUtf8());
        QVERIFY(!ModelRegistry::families().empty());
    }

    void familiesAreNamedOnceAndFoundByName()
    {
        std::set<std::string> names;
        for (const auto& family : ModelRegistry::families()) {
            const ModelFamilyInfo info = family->info();
            QVERIFY2(names.insert(info.name).second, info.name.c_str());
            QVERIFY(!info.displayName.empty() && !info.folderHint.empty());
            QVERIFY(info.weightsUrl.rfind("https://", 0) == 0);
            QCOMPARE(ModelRegistry::find(info.name), family.get());
        }
        QCOMPARE(modelFamilies().size(), ModelRegistry::families().size());
        QVERIFY(!ModelRegistry::find("no-such-family"));
    }

    void eachDemoModelIsRecognisedByItsFamilyAlone()
    {
        for (const auto& family : ModelRegistry::families()) {
            const std::string model = demoModel(*family);
            QCOMPARE(ModelRegistry::recognise(model), family.get());
            for (const auto& other : ModelRegistry::families())
                if (other != family)
                    QVERIFY2(!other->recognise(model).isClaimed(), (other->info().name + " claims " + model).c_str());
            // A folder inside the model (a component) leads back to it.
            std::string root;
            QCOMPARE(ModelRegistry::recogniseAbove(model + "/.written", &root), family.get());
            QCOMPARE(std::filesystem::canonical(root), std::filesystem::canonical(model));
        }
    }

    void inspectionDescribesTheModel()
    {
        for (const auto& family : ModelRegistry::families()) {
            const std::string model = demoModel(*family);
            const ModelInspection inspection = ModelRegistry::inspect(model);
            const ModelInfo& info = inspection.info;
            QCOMPARE(info.family, family->info().name);
            QCOMPARE(info.spec.family, family->info().name);
            QVERIFY(info.isDemo);
            QVERIFY(!info.variant.empty() && !info.displayName.empty() && !inspection.layout.empty());
            QCOMPARE(info.weightsUrl, family->info().weightsUrl);
            QVERIFY(info.sizeOnDiskBytes > 0);
            QCOMPARE(inspection.missingFiles, std::vector<std::string>{});
            QVERIFY(!inspection.components.empty());
            for (const ModelComponent& component : inspection.components)
                QVERIFY2(std::filesystem::is_directory(component.folder), component.folder.c_str());
            QCOMPARE(inspectModelFolder(model).variant, info.variant);
            QCOMPARE(Engine::inspectModel(model).displayName, info.displayName);
        }
    }

    void specIsSelfConsistent()
    {
        for (const auto& family : ModelRegistry::families()) {
            const std::string model = demoModel(*family);
            const ParameterSpec spec = inspectModelFolder(model).spec;
            QVERIFY(!spec.frames.runs.empty());
            QVERIFY(spec.frames.isValid(spec.defaultFrames));
            QVERIFY(spec.frames.minimum() <= spec.defaultFrames && spec.defaultFrames <= spec.frames.maximum());
            for (int n : {1, 2, 9, 16, 17, 50, 100, 1000})
                QVERIFY(spec.frames.isValid(spec.frames.nearestValid(n)));
            QVERIFY(!spec.frames.description().empty());
            QVERIFY(spec.sizeMultiple > 0 && spec.minSize >= spec.sizeMultiple && spec.maxSize > spec.minSize);
            QCOMPARE(spec.defaultWidth % spec.sizeMultiple, 0);
            QCOMPARE(spec.defaultHeight % spec.sizeMultiple, 0);
            for (const SizePreset& size : spec.sizePresets)
                QVERIFY2(size.width % spec.sizeMultiple == 0 && size.height % spec.sizeMultiple == 0, size.name.c_str());
            QCOMPARE(spec.schedulers.size(), family->schedulers().entries().size());
            GenerationRequest defaults;
            defaults.modelPath = model;
            defaults.width = spec.defaultWidth;
            defaults.height = spec.defaultHeight;
            defaults.frameCount = spec.defaultFrames;
            defaults.fps = spec.defaultFps;
            defaults.steps = spec.defaultSteps;
            defaults.guidanceScale = spec.defaultGuidanceScale;
            defaults.startImagePath = spec.requiresStartImage ? "start.png" : "";
            QCOMPARE(validateRequest(defaults, spec).size(), std::size_t(0));
            defaults.scheduler = "no-such-sampler";
            QCOMPARE(validateRequest(defaults, spec).front().field, std::string("scheduler"));
        }
    }

    void plannerAnswersForEveryPresetAndStorage()
    {
        const PresetStore store;
        for (const auto& family : ModelRegistry::families()) {
            const std::string model = demoModel(*family);
            const ParameterSpec spec = inspectModelFolder(model).spec;
            const std::unique_ptr<ModelPlanning> planning = ModelRegistry::planning(model);
            MemoryPreset bf16;
            const ModelFootprint f = planning->footprint(bf16);
            QVERIFY(f.bytesOf(ComponentRole::TextEncoder) > 0 && f.bytesOf(ComponentRole::Vae) > 0 && f.denoiser().baseBytes > 0);
            QVERIFY(f.denoiser().blocks.blockCount > 0 && f.denoiser().blocks.blockBytes > 0);
            MemoryPreset fp8 = bf16;
            addStrategy(fp8, "fp8-weights");
            QVERIFY(planning->footprint(fp8).denoiser().blocks.blockBytes < f.denoiser().blocks.blockBytes);
            QVERIFY(planning->footprint(fp8).denoiser().blocks.widenBytes > 0);
            const GenerationRequest request = tinyRequest(model, spec);
            for (const std::string& name : {"24gb", "low-memory", "max-speed", "multi-gpu"}) {
                const MemoryPreset preset = store.load(name);
                const DetailedPlan plan = MemoryPlanner::planDetailed(*planning, request, preset, gpus({24, 24}));
                QCOMPARE(plan.stages.size(), std::size_t(3));
                QVERIFY2(plan.fits(), (family->info().name + " " + name).c_str());
                for (const StageBreakdown& stage : plan.stages)
                    for (const DeviceBreakdown& d : stage.devices) {
                        QVERIFY(d.weightBytes >= 0 && d.activationBytes >= 0);
                        // Streamed blocks pin a ring of prefetch + 1 of them while denoising, nothing else.
                        const bool isRing = name == "low-memory" && stage.name == "denoise" && d.device == "cpu";
                        QCOMPARE(d.pinnedBytes, isRing ? PinnedStagingRing::pinnedBytesFor(
                                                             preset.streamPrefetchBlocks + 1,
                                                             planning->footprint(preset).denoiser().blocks.blockBytes)
                                                       : std::int64_t(0));
                    }
            }
            const MemoryPlan automatic = Engine::plan(request, store.load("auto"), gpus({8}));
            QVERIFY(automatic.fits);
            GenerationRequest wrongSize = request;
            wrongSize.width += 1;
            QVERIFY_THROWS_EXCEPTION(InvalidRequestError,
                                     MemoryPlanner::planDetailed(*planning, wrongSize, store.load("24gb"), gpus({24})));
        }
    }

    void aTinyClipGeneratesThroughTheEngine()
    {
        for (const auto& family : ModelRegistry::families()) {
            const std::string model = demoModel(*family);
            const GenerationRequest request = tinyRequest(model, inspectModelFolder(model).spec);
            ProgressSink sink;
            CancelToken cancel;
            Engine engine;
            const GenerationResult result = engine.generate(request, sink, cancel);
            QCOMPARE(result.clip.frameCount, request.frameCount);
            QCOMPARE(result.clip.width, request.width);
            QCOMPARE(result.clip.height, request.height);
            QCOMPARE(result.clip.rgb.size(), std::size_t(request.frameCount) * request.width * request.height * 3);
            QCOMPARE(result.stepsCompleted, 2);
            QVERIFY(std::filesystem::exists(result.latentsCheckpointPath));
        }
    }

    void evalKindsAreNamedOnce()
    {
        for (const auto& family : ModelRegistry::families()) {
            std::set<std::string> names;
            for (const EvalKind& kind : family->evalKinds()) {
                QVERIFY2(names.insert(kind.name).second, kind.name.c_str());
                QVERIFY(kind.run && !kind.summary.empty());
            }
        }
    }

    void foldersNoFamilyRunsAreRefusedByName()
    {
        QTemporaryDir dir;
        std::ofstream(dir.filePath("model_index.json").toStdString()) << "{\"_class_name\": \"StableDiffusionPipeline\"}";
        try {
            ModelRegistry::createPipeline(dir.path().toStdString(), PipelineResources{});
            QFAIL("no exception");
        } catch (const FileError& e) {
            QCOMPARE(e.code(), ErrorCode::UnsupportedModel);
            QCOMPARE(e.path(), dir.filePath("model_index.json").toStdString());
            QVERIFY(QString(e.what()).contains("StableDiffusionPipeline"));
        }
        QTemporaryDir empty;
        try {
            ModelRegistry::inspect(empty.path().toStdString());
            QFAIL("no exception");
        } catch (const FileError& e) {
            QCOMPARE(e.code(), ErrorCode::MissingFile);
            QCOMPARE(e.path(), empty.path().toStdString());
            for (const auto& family : ModelRegistry::families()) // the message says what each family looks for
                QVERIFY2(QString(e.what()).contains(QString::fromStdString(family->info().displayName)), e.what());
        }
        QVERIFY_THROWS_EXCEPTION(FileError, ModelRegistry::planning("/nonexistent/model"));
        QVERIFY(!ModelRegistry::recognise("/nonexistent/model"));
        QVERIFY(!ModelRegistry::looksLikeAModel(empty.path().toStdString()));
    }
};

FRAMESMITH_TEST_GUILESS_MAIN(TestModelRegistry)

} // namespace tst_ModelRegistry
#include "tst_ModelRegistry.moc"
