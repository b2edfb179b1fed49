// Pause to disk through the Engine: a run paused between steps (GenerateOptions::pauseAfterStep or
// CancelMode::Pause) writes a paused checkpoint and unloads; Engine::resume continues it, on the
// same engine or a new one, and the final latents are the uninterrupted run's bit for bit, for
// every sampler of every family's demo model (text-to-video) and for image-to-video. A file that
// is not a paused run is refused before any weight loads.
#include "framesmith/Engine.h"
#include "framesmith/Error.h"
#include "models/ModelRegistry.h"
#include "engine/GenerationHooks.h"
#include "engine/checkpoints/LatentsCheckpoint.h"
#include "support/TestPaths.h"
#include "support/TestRegistry.h"

#include <ATen/ATen.h>
#include <QImage>
#include <QTemporaryDir>
#include <QtTest/QtTest>

#include <filesystem>
#include <fstream>

namespace tst_EngineResume {

using namespace framesmith;

namespace {

struct Sink : ProgressSink {
    std::vector<int> steps;
    std::vector<Warning> warnings;
    void onWarning(const Warning& w) override { warnings.push_back(w); }
    CancelToken* pauseAt = nullptr;
    int pauseAfter = 0;
    void onStepFinished(const StepFinished& e) override
    {
        steps.push_back(e.step);
        if (pauseAt && e.step == pauseAfter)
            pauseAt->request(CancelMode::Pause);
    }
};

struct Run {
    GenerationResult result;
    at::Tensor latents;
};

int roundUp(int value, int multiple) { return (value + multiple - 1) / multiple * multiple; }

} // namespace

class TestEngineResume : public QObject {
    Q_OBJECT

private:
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

    // A small request on the model's grid, 4 steps: a pause after 2 leaves DPM a second-order step.
    GenerationRequest requestFor(const std::string& model, const std::string& scheduler)
    {
        const ParameterSpec spec = Engine::parameterSpec(model);
        GenerationRequest r;
        r.modelPath = model;
        r.prompt = "a lighthouse in a storm";
        r.width = std::max(spec.minSize, roundUp(96, spec.sizeMultiple));
        r.height = std::max(spec.minSize, roundUp(64, spec.sizeMultiple));
        r.frameCount = spec.frames.nearestValid(9);
        r.fps = spec.defaultFps;
        r.steps = 4;
        r.seed = 31;
        r.guidanceScale = spec.defaultGuidanceScale;
        r.scheduler = scheduler;
        r.preset = "max-speed";
        if (spec.requiresStartImage) {
            QImage image(r.width, r.height, QImage::Format_RGB888);
            for (int y = 0; y < r.height; ++y)
                for (int x = 0; x < r.width; ++x)
                    image.setPixelColor(x, y, QColor(x * 255 / r.width, y * 255 / r.height, 90));
            r.startImagePath = m_dir.filePath("start.png").toStdString();
            image.save(QString::fromStdString(r.startImagePath));
        }
        return r;
    }

    static Run generate(Engine& engine, const GenerationRequest& request, GenerateOptions options, Sink& sink,
                        const CancelToken& cancel)
    {
        GenerationHooks hooks;
        options.hooks = &hooks;
        options.isPreviewWanted = false;
        options.isDecodeWanted = false;
        Run run;
        run.result = engine.generate(request, sink, cancel, options);
        run.latents = hooks.finalLatents.clone();
        return run;
    }

    static Run resume(Engine& engine, const std::string& path, Sink& sink)
    {
        GenerationHooks hooks;
        GenerateOptions options;
        options.hooks = &hooks;
        options.isPreviewWanted = false;
        options.isDecodeWanted = false;
        CancelToken cancel;
        Run run;
        run.result = engine.resume(path, sink, cancel, options);
        run.latents = hooks.finalLatents.clone();
        return run;
    }

private Q_SLOTS:
    void initTestCase()
    {
        QVERIFY(m_dir.isValid());
        qputenv("FRAMESMITH_CHECKPOINT_DIR", m_dir.filePath("checkpoints").toUtf8());
    }

    void resumedRunsEqualUninterruptedOnes_data()
    {
        QTest::addColumn<QString>("model");
        QTest::addColumn<QString>("scheduler");
        for (const auto& family : ModelRegistry::families()) // text-to-video: every family's demo model
            for (const SchedulerEntry& entry : family->schedulers().entries())
                QTest::newRow((family->info().name + " t2v " + entry.name).c_str())
                    << QString::fromStdString(demoModel(family->info().name)) << QString::fromStdString(entry.name);
        const std::string i2v = test::cogvideoxFixture("models/tiny-5b-i2v");
        for (const SchedulerEntry& entry : ModelRegistry::find("cogvideox")->schedulers().entries())
            QTest::newRow(("cogvideox i2v " + entry.name).c_str()) << QString::fromStdString(i2v)
                                                                   << QString::fromStdString(entry.name);
    }
    void resumedRunsEqualUninterruptedOnes()
    {
        QFETCH(QString, model);
        QFETCH(QString, scheduler);
        const GenerationRequest request = requestFor(model.toStdString(), scheduler.toStdString());
        Engine engine;
        Sink whole;
        CancelToken none;
        const Run expected = generate(engine, request, {}, whole, none);
        QCOMPARE(expected.result.stepsCompleted, 4);
        QVERIFY(!expected.result.isPaused);

        // Paused by the option after step 2: the file holds what continues it; the models are freed.
        GenerateOptions pauseAt2;
        pauseAt2.pauseAfterStep = 2;
        pauseAt2.saveLatentsPath = m_dir.filePath("paused-" + scheduler + ".safetensors").toStdString();
        Sink first;
        const Run paused = generate(engine, request, pauseAt2, first, none);
        QVERIFY(paused.result.isPaused && paused.result.isPartial);
        QCOMPARE(paused.result.stepsCompleted, 2);
        QCOMPARE(paused.result.latentsCheckpointPath, pauseAt2.saveLatentsPath);
        QCOMPARE(first.steps, (std::vector<int>{1, 2}));
        QVERIFY(!engine.loadedModel().has_value());
        const LatentsCheckpoint file = LatentsCheckpoint::readPaused(paused.result.latentsCheckpointPath);
        QCOMPARE(file.stepsCompleted, 2);
        QCOMPARE(file.stepCount, 4);
        QVERIFY(!file.noiseState.empty());
        QCOMPARE(file.schedulerState.count("previous_pred_original") == 1, scheduler == "dpm");

        // Resumed on the same engine: steps 3 and 4 only, the uninterrupted run's latents.
        Sink rest;
        const Run resumed = resume(engine, paused.result.latentsCheckpointPath, rest);
        QCOMPARE(rest.steps, (std::vector<int>{3, 4}));
        QCOMPARE(resumed.result.stepsCompleted, 4);
        QVERIFY(!resumed.result.isPaused && !resumed.result.isPartial);
        QVERIFY(resumed.result.latentsCheckpointPath != paused.result.latentsCheckpointPath);
        QVERIFY2(at::equal(resumed.latents, expected.latents), "in-process resume differs");

        // Paused by the token after step 1 and resumed by a new engine (as after a restart).
        CancelToken token;
        Sink pausing;
        pausing.pauseAt = &token;
        pausing.pauseAfter = 1;
        const Run byToken = generate(engine, request, {}, pausing, token);
        QVERIFY(byToken.result.isPaused);
        QCOMPARE(byToken.result.stepsCompleted, 1);
        Engine restarted;
        Sink again;
        const Run fromDisk = resume(restarted, byToken.result.latentsCheckpointPath, again);
        QCOMPARE(again.steps, (std::vector<int>{2, 3, 4}));
        QVERIFY2(at::equal(fromDisk.latents, expected.latents), "resume on a new engine differs");
    }

    // Asked before the first step: the paused file holds the first draw; resuming runs all steps.
    void pauseBeforeTheFirstStepResumesFromTheStart()
    {
        const GenerationRequest request = requestFor(test::cogvideoxFixture("models/tiny-2b"), "dpm");
        Engine engine;
        Sink sink, whole, rest;
        CancelToken none, token;
        const Run expected = generate(engine, request, {}, whole, none);
        token.request(CancelMode::Pause);
        const Run paused = generate(engine, request, {}, sink, token);
        QVERIFY(paused.result.isPaused);
        QCOMPARE(paused.result.stepsCompleted, 0);
        QVERIFY(sink.steps.empty());
        const Run resumed = resume(engine, paused.result.latentsCheckpointPath, rest);
        QCOMPARE(rest.steps.size(), std::size_t(4));
        QVERIFY(at::equal(resumed.latents, expected.latents));
    }

    // A finished checkpoint, a missing file, a paused run whose model folder now holds another
    // family: refused before loading, naming the file.
    // Memory that keeps rising (an injected leak the cache release cannot free) pauses the run to
    // disk instead of running into an OOM; resumed in a fresh state it ends where the
    // uninterrupted run ends, bit for bit.
    void growingMemoryPausesTheRunAndResumeEqualsTheUninterruptedRun()
    {
        const std::string model = demoModel("cogvideox");
        GenerationRequest request = requestFor(model, ModelRegistry::find("cogvideox")->schedulers().entries()[0].name);
        request.steps = 16;
        Engine engine;
        CancelToken cancel;
        Sink plain;
        const Run whole = generate(engine, request, {}, plain, cancel);
        QVERIFY(!whole.result.isPaused);

        qputenv("FRAMESMITH_INJECT_LEAK", "16");
        Sink leaking;
        const Run paused = generate(engine, request, {}, leaking, cancel);
        qunsetenv("FRAMESMITH_INJECT_LEAK");
        QVERIFY(paused.result.isPaused);
        QVERIFY2(paused.result.stepsCompleted > 6 && paused.result.stepsCompleted < 16,
                 qPrintable(QString::number(paused.result.stepsCompleted)));
        std::vector<std::string> markers;
        for (const Warning& w : leaking.warnings)
            if (!w.marker.empty())
                markers.push_back(w.marker);
        QCOMPARE(markers, (std::vector<std::string>{"memory-growth:cache-release", "memory-growth:paused"}));
        QVERIFY(QString::fromStdString(leaking.warnings.back().message).contains(
            QString::fromStdString(paused.result.latentsCheckpointPath)));

        Sink after;
        const Run resumed = resume(engine, paused.result.latentsCheckpointPath, after);
        QCOMPARE(resumed.result.stepsCompleted, 16);
        QVERIFY(at::equal(resumed.latents, whole.latents));
    }

    void whatIsNotAPausedRunIsRefusedUpFront()
    {
        const GenerationRequest request = requestFor(test::cogvideoxFixture("models/tiny-2b"), "ddim");
        Engine engine;
        Sink sink;
        CancelToken none;
        const Run finished = generate(engine, request, {}, sink, none);
        engine.unload();
        try {
            resume(engine, finished.result.latentsCheckpointPath, sink);
            QFAIL("a finished checkpoint was resumed");
        } catch (const FileError& e) {
            QVERIFY(QString(e.what()).contains("not a paused run"));
            QVERIFY(QString(e.what()).contains(QString::fromStdString(finished.result.latentsCheckpointPath)));
        }
        QVERIFY(!engine.loadedModel().has_value());
        QVERIFY_THROWS_EXCEPTION(FileError, resume(engine, m_dir.filePath("none.safetensors").toStdString(), sink));

        GenerateOptions pause;
        pause.pauseAfterStep = 1;
        const Run paused = generate(engine, request, pause, sink, none);
        LatentsCheckpoint moved = LatentsCheckpoint::read(paused.result.latentsCheckpointPath);
        moved.request.modelPath = demoModel("opensora");
        const std::string elsewhere = m_dir.filePath("moved.safetensors").toStdString();
        moved.write(elsewhere);
        QVERIFY_THROWS_EXCEPTION(FileError, resume(engine, elsewhere, sink));
        QVERIFY(!engine.loadedModel().has_value());
    }
};

FRAMESMITH_TEST_GUILESS_MAIN(TestEngineResume)

} // namespace tst_EngineResume
#include "tst_EngineResume.moc"
