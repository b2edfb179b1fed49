// Another program takes GPU memory mid-run, through the Engine, for every family's model on a
// simulated GPU (the demo model; CogVideoX's has 2 blocks, which prefetch 1 streams all at once,
// so its tiny model deepened to 4) (FRAMESMITH_SIMULATE_OTHER_PROCESS): before step 3 the run switches to block
// streaming, the sink gets the warning with its graph marker, the result lists the re-plan, and the
// latents equal a run that streamed from the start.
#include "framesmith/Engine.h"
#include "memory/monitor/SimulatedDeviceUseSource.h"
#include "memory/presets/MemoryLevers.h"
#include "memory/presets/PresetStore.h"
#include "models/ModelRegistry.h"
#include "engine/GenerationHooks.h"
#include "support/TestPaths.h"
#include "support/TinyGeneration.h"
#include "support/TestRegistry.h"

#include <ATen/ATen.h>
#include <QTemporaryDir>
#include <QtTest/QtTest>

#include <filesystem>
#include <fstream>

namespace tst_EngineMemoryPressure {

using namespace framesmith;

namespace {

struct Sink : ProgressSink {
    std::vector<Warning> warnings;
    void onWarning(const Warning& w) override { warnings.push_back(w); }
};

int roundUp(int value, int multiple) { return (value + multiple - 1) / multiple * multiple; }

std::vector<DeviceInfo> gpuWithFree(std::int64_t freeBytes) { return {DeviceInfo{0, "simulated", 24ll << 30, freeBytes}}; }

std::int64_t denoisePeak(const MemoryPlan& plan)
{
    for (const StagePlan& stage : plan.stages)
        for (const DevicePeak& d : stage.devices)
            if (stage.name == "denoise" && d.device == "cuda:0")
                return d.peakBytes;
    return -1;
}

} // namespace

class tst_EngineMemoryPressure : public QObject {
    Q_OBJECT

    QTemporaryDir m_dir;

    std::string demoModel(const std::string& familyName)
    {
        const std::string dir = m_dir.filePath(QString::fromStdString("demo-" + familyName)).toStdString();
        if (!std::filesystem::exists(dir + "/.written")) {
            ModelRegistry::find(familyName)->writeDemoModel(dir, {test::sourceDir() + "/resources/demo-tokenizer", 5});
            std::ofstream(dir + "/.written") << "1";
        }
        return dir;
    }

    GenerationRequest requestFor(const std::string& model, const std::string& preset)
    {
        const ParameterSpec spec = Engine::parameterSpec(model);
        GenerationRequest r;
        r.modelPath = model;
        r.prompt = "a lighthouse in a storm";
        r.width = std::max(spec.minSize, roundUp(96, spec.sizeMultiple));
        r.height = std::max(spec.minSize, roundUp(64, spec.sizeMultiple));
        r.frameCount = spec.frames.nearestValid(9);
        r.steps = 4;
        r.seed = 7;
        r.guidanceScale = spec.defaultGuidanceScale;
        r.preset = preset;
        return r;
    }

    struct Run {
        GenerationResult result;
        at::Tensor latents;
        std::vector<Warning> warnings;
    };

    static Run generate(const GenerationRequest& request, std::int64_t freeBytes)
    {
        Engine engine;
        Sink sink;
        GenerationHooks hooks;
        GenerateOptions options;
        options.hooks = &hooks;
        options.isPreviewWanted = false;
        options.isDecodeWanted = false;
        options.devices = gpuWithFree(freeBytes);
        CancelToken cancel;
        Run run;
        run.result = engine.generate(request, sink, cancel, options);
        run.latents = hooks.finalLatents.clone();
        run.warnings = sink.warnings;
        return run;
    }

private Q_SLOTS:
    void initTestCase()
    {
        QVERIFY(m_dir.isValid());
        qputenv("FRAMESMITH_CHECKPOINT_DIR", m_dir.filePath("checkpoints").toUtf8());
    }

    void replansBeforeTheStepAndMatchesStreamingFromTheStart_data()
    {
        QTest::addColumn<QString>("family");
        for (const auto& family : ModelRegistry::families())
            QTest::newRow(family->info().name.c_str()) << QString::fromStdString(family->info().name);
    }
    void replansBeforeTheStepAndMatchesStreamingFromTheStart()
    {
        QFETCH(QString, family);
        const std::string model = family == "cogvideox"
                                      ? test::deepTinyModel(m_dir.filePath("deep").toStdString(), 4)
                                      : demoModel(family.toStdString());
        const PresetStore store(test::sourceDir() + "/resources/presets", "/nonexistent");
        const MemoryPreset resident = store.load("max-speed");
        MemoryPreset streaming = resident;
        addStrategy(streaming, "block-streaming"); // what the ladder's rung makes of max-speed
        streaming.name = "max-speed-streamed";
        const std::string streamingPath = m_dir.filePath("streamed.json").toStdString();
        std::ofstream(streamingPath) << toJson(streaming);

        const GenerationRequest request = requestFor(model, "max-speed");
        const std::int64_t residentPeak = denoisePeak(Engine::plan(request, resident, gpuWithFree(24ll << 30)));
        const std::int64_t streamingPeak = denoisePeak(Engine::plan(request, streaming, gpuWithFree(24ll << 30)));
        QVERIFY2(streamingPeak > 0 && streamingPeak < residentPeak, family.toLatin1().constData());
        // 1 GiB taken before step 3 leaves less than the resident plan needs, more than streaming.
        const std::int64_t free = (1ll << 30) + (residentPeak + streamingPeak) / 2;

        qputenv(SimulatedDeviceUseSource::kVariable, "3:1024");
        const Run taken = generate(request, free);
        qunsetenv(SimulatedDeviceUseSource::kVariable);
        std::vector<Warning> marked;
        for (const Warning& w : taken.warnings)
            if (w.marker == kOtherProcessReplanMarker)
                marked.push_back(w);
        QCOMPARE(marked.size(), std::size_t(1));
        QVERIFY2(marked[0].message.rfind("another program took 1.0 GiB of cuda:0 before step 3", 0) == 0,
                 marked[0].message.c_str());
        QCOMPARE(taken.result.stepsCompleted, 4);
        QVERIFY(std::any_of(taken.result.recoveries.begin(), taken.result.recoveries.end(), [](const std::string& r) {
            return r.find("switched to: stream transformer blocks") != std::string::npos;
        }));

        const Run fromStart = generate(requestFor(model, streamingPath), free);
        QVERIFY(fromStart.result.recoveries.empty());
        QVERIFY(at::equal(taken.latents, fromStart.latents));
    }
};

FRAMESMITH_TEST_GUILESS_MAIN(tst_EngineMemoryPressure)

} // namespace tst_EngineMemoryPressure
#include "tst_EngineMemoryPressure.moc"
