// Engine, the one path every front end drives: a warm engine reloads nothing for a compatible
// request and gives the latents a cold one gives; placement changes reload, decode-only levers do
// not; unload frees everything; a result's recorded preset replays exactly; a cancel or a failure
// after finished steps keeps the latents and names them; an out-of-memory is labelled with its
// stage; plan refuses what generate refuses and counts what stays loaded. Decoding again:
// tst_EngineDecode.
#include "framesmith/Engine.h"
#include "framesmith/Error.h"
#include "memory/oom/OomInjector.h"
#include "memory/planner/MemoryPlanner.h"
#include "models/ModelRegistry.h"
#include "engine/GenerationHooks.h"
#include "engine/warm/HeldMemory.h"
#include "engine/checkpoints/LatentsCheckpoint.h"
#include "support/TestPaths.h"
#include "support/EngineRuns.h"
#include "support/TinyGeneration.h"
#include "support/TestRegistry.h"

#include <ATen/ATen.h>
#include <QTemporaryDir>
#include <QtTest/QtTest>

#include <algorithm>
#include <chrono>
#include <filesystem>
#include <fstream>

namespace tst_Engine {

using namespace framesmith;

using namespace framesmith::test;

class TestEngine : public QObject {
    Q_OBJECT

private:
    QTemporaryDir m_dir;

private Q_SLOTS:
    void initTestCase()
    {
        QVERIFY(m_dir.isValid());
        qputenv("FRAMESMITH_CHECKPOINT_DIR", m_dir.filePath("checkpoints").toUtf8());
    }

    void warmRunReloadsNothingAndMatchesAColdOne()
    {
        Engine warm;
        Sink first, second;
        const Run a = generate(warm, tiny(1), noDecode(), &first);
        const Run b = generate(warm, tiny(2), noDecode(), &second);
        QVERIFY(!a.result.wasWarm);
        QVERIFY(b.result.wasWarm);
        QVERIFY(second.sawDetail(Stage::Loading, "loaded already"));
        QVERIFY(second.sawDetail(Stage::TextEncoding, "from the cache"));
        QVERIFY(!first.sawDetail(Stage::TextEncoding, "from the cache"));
        QVERIFY(warm.loadedModel().has_value());
        QCOMPARE(warm.loadedModel()->generations, 2);

        Engine cold;
        const Run c = generate(cold, tiny(2), noDecode());
        QVERIFY(!c.result.wasWarm);
        QVERIFY(at::equal(b.latents, c.latents));
        QVERIFY(!at::equal(a.latents, b.latents)); // the seed still matters
    }

    void decodeOnlyLeversStayWarmPlacementChangesReload()
    {
        Engine engine;
        GenerateOptions gpus = noDecode();
        gpus.devices = test::simulatedGpus({8});
        generate(engine, tiny(), gpus);
        GenerateOptions retiled = gpus;
        retiled.isDecodeWanted = true;
        retiled.decode = DecodeOptions{true, true, 64, 64};
        const Run tiles = generate(engine, tiny(), retiled);
        QVERIFY(tiles.result.wasWarm);
        QCOMPARE(tiles.result.request.resolvedPreset->vaeTileHeight, 64);

        GenerationRequest lowMemory = tiny();
        lowMemory.preset = "low-memory"; // text encoder on the CPU, blocks streamed: another placement
        Sink sink;
        const Run moved = generate(engine, lowMemory, gpus, &sink);
        QVERIFY(!moved.result.wasWarm);
        QVERIFY(sink.sawDetail(Stage::Loading, "reloading: the preset places"));
        QVERIFY(at::equal(moved.latents, tiles.latents));
    }

    void anotherModelReloads()
    {
        Engine engine;
        generate(engine, tiny(), noDecode());
        Sink sink;
        const Run other = generate(engine, tiny(3, "models/tiny-5b"), noDecode(), &sink);
        QVERIFY(!other.result.wasWarm);
        QVERIFY(sink.sawDetail(Stage::Loading, "reloading: another model"));
        QVERIFY(QString::fromStdString(engine.loadedModel()->modelPath).endsWith("tiny-5b"));
    }

    void replacedWeightsReloadOtherFilesDoNot()
    {
        namespace fs = std::filesystem;
        const fs::path model = m_dir.filePath("replaced").toStdString();
        fs::copy(test::cogvideoxFixture("models/tiny-2b"), model, fs::copy_options::recursive);
        Engine engine;
        generate(engine, tiny(3, "models/tiny-2b"), noDecode());
        GenerationRequest r = tiny();
        r.modelPath = model.string();
        generate(engine, r, noDecode());
        std::ofstream(model / "notes.txt") << "a file saved beside the model";
        QVERIFY(generate(engine, r, noDecode()).result.wasWarm);
        const fs::path weights = model / "vae" / "diffusion_pytorch_model.safetensors";
        fs::copy_file(weights, model / "vae.copy");
        fs::remove(weights);
        fs::rename(model / "vae.copy", weights); // the same bytes, a new file: someone replaced the VAE
        fs::last_write_time(weights, fs::file_time_type::clock::now() + std::chrono::seconds(5));
        Sink sink;
        QVERIFY(!generate(engine, r, noDecode(), &sink).result.wasWarm);
        QVERIFY(sink.sawDetail(Stage::Loading, "reloading: another model"));
    }

    void unloadFreesEverything()
    {
        Engine engine;
        generate(engine, tiny(), noDecode());
        QVERIFY(engine.loadedModel().has_value());
        QVERIFY(engine.loadedModel()->heldBytes > 0);
        QVERIFY(HeldMemory::bytesOn("cpu") > 0);
        engine.unload();
        QVERIFY(!engine.loadedModel().has_value());
        QCOMPARE(HeldMemory::bytesOn("cpu"), std::int64_t(0));
        QVERIFY(!generate(engine, tiny(), noDecode()).result.wasWarm);
    }

    void recordedPresetReplaysExactly()
    {
        GenerationRequest asked = tiny(11);
        asked.preset = "auto";
        Engine first;
        const Run original = generate(first, asked, noDecode());
        const auto& resolved = original.result.request.resolvedPreset;
        QVERIFY(resolved.has_value());
        QVERIFY(resolved->name != "auto");
        QCOMPARE(original.result.request.preset, std::string("auto"));

        // Through the JSON a sidecar and the history store, into a fresh engine.
        const GenerationRequest replay = requestFromJson(toJson(original.result.request));
        QVERIFY(replay.resolvedPreset.has_value());
        QCOMPARE(toJson(*replay.resolvedPreset), toJson(*resolved));
        Engine second;
        const Run again = generate(second, replay, noDecode());
        QVERIFY(at::equal(again.latents, original.latents));
        QCOMPARE(toJson(*again.result.request.resolvedPreset), toJson(*resolved));
    }

    void stopNowKeepsThePartialLatents()
    {
        Engine engine;
        GenerationRequest r = tiny();
        r.steps = 5;
        Sink sink;
        CancelToken cancel;
        sink.cancelAfter = &cancel;
        sink.cancelAtStep = 2;
        GenerateOptions options = noDecode();
        options.saveLatentsPath = m_dir.filePath("partial.safetensors").toStdString();
        try {
            engine.generate(r, sink, cancel, options);
            QFAIL("StopNow did not stop the run");
        } catch (const CancelledError& e) {
            QCOMPARE(e.latentsCheckpointPath(), options.saveLatentsPath);
        }
        const LatentsCheckpoint kept = LatentsCheckpoint::read(options.saveLatentsPath);
        QVERIFY(kept.isPartial);
        QCOMPARE(kept.stepsCompleted, 2);
        QCOMPARE(kept.stepCount, 5);
        // The model stays loaded and ready for the next run.
        QVERIFY(generate(engine, tiny(), noDecode()).result.wasWarm);
    }

    // A checkpoint path whose folder cannot exist (under a regular file: root ignores permissions)
    // is found before denoising; the latents go to the default folder and a warning says so
    // (they used to be lost with the whole denoise).
    void unwritableCheckpointFolderFallsBackBeforeDenoising()
    {
        const QString file = m_dir.filePath("plain-file");
        QFile(file).open(QIODevice::WriteOnly);
        GenerateOptions options = noDecode();
        options.saveLatentsPath = (file + "/sub/l.safetensors").toStdString();
        struct Warnings : Sink {
            std::vector<std::string> seen;
            void onWarning(const Warning& w) override { seen.push_back(w.message); }
        } sink;
        Engine engine;
        const Run run = generate(engine, tiny(), options, &sink);
        const QString kept = QString::fromStdString(run.result.latentsCheckpointPath);
        QVERIFY2(kept.startsWith(m_dir.filePath("checkpoints")), qPrintable(kept));
        QVERIFY(std::filesystem::exists(run.result.latentsCheckpointPath));
        // Exactly one warning names the refused path (a CUDA build on a machine without a GPU adds
        // its "no GPU found" note beside it).
        const auto namesPath = [&](const std::string& m) { return m.find(options.saveLatentsPath) != std::string::npos; };
        QCOMPARE(std::count_if(sink.seen.begin(), sink.seen.end(), namesPath), std::ptrdiff_t(1));
    }

    // Invalid UTF-8 (legal in Linux arguments and paths) is refused before loading, naming the
    // field; it used to fail after denoising, writing the checkpoint's JSON.
    void invalidUtf8IsRefusedUpFront()
    {
        GenerationRequest r = tiny();
        r.negativePrompt = "blur \xFF\xFE";
        Engine engine;
        Sink sink;
        CancelToken cancel;
        try {
            engine.generate(r, sink, cancel, noDecode());
            QFAIL("invalid UTF-8 was accepted");
        } catch (const InvalidRequestError& e) {
            QVERIFY2(QString(e.what()).contains("negativePrompt") && QString(e.what()).contains("UTF-8"), e.what());
        }
        QVERIFY(sink.stages.empty()); // nothing loaded, nothing run
        QVERIFY(!engine.loadedModel().has_value());
    }

    // Truncated VAE weights are found before anything loads or denoises (they used to be found
    // only when decoding, after the whole denoise).
    void truncatedComponentWeightsAreFoundBeforeDenoising()
    {
        namespace fs = std::filesystem;
        const fs::path copy = m_dir.filePath("truncated-vae").toStdString();
        fs::copy(test::cogvideoxFixture("models/tiny-2b"), copy, fs::copy_options::recursive);
        const fs::path vae = copy / "vae" / "diffusion_pytorch_model.safetensors";
        fs::resize_file(vae, fs::file_size(vae) - 100);
        GenerationRequest r = tiny();
        r.modelPath = copy.string();
        Engine engine;
        Sink sink;
        CancelToken cancel;
        try {
            engine.generate(r, sink, cancel, noDecode());
            QFAIL("truncated VAE weights were accepted");
        } catch (const FileError& e) {
            QVERIFY2(QString(e.what()).contains(QString::fromStdString(vae.string())), e.what());
        }
        QVERIFY(sink.stages.empty());
        QCOMPARE(sink.steps, 0);
    }

    // What the plan says cannot fit is refused before anything loads, naming the stage, the
    // device and the advice (generate used to try, and a host that ran out met the OOM killer).
    void generateRefusesWhatThePlanSaysCannotFit()
    {
        DeviceInfo smallHost;
        smallHost.name = "CPU";
        smallHost.totalBytes = smallHost.freeBytes = 1 << 20; // 1 MiB: the tiny model needs more
        GenerateOptions options = noDecode();
        options.devices = {smallHost};
        Engine engine;
        Sink sink;
        CancelToken cancel;
        try {
            engine.generate(tiny(), sink, cancel, options);
            QFAIL("a run the plan says cannot fit was started");
        } catch (const InvalidRequestError& e) {
            QVERIFY2(QString(e.what()).contains("cannot fit") && QString(e.what()).contains("needs"), e.what());
        }
        QVERIFY(sink.stages.empty());
        QVERIFY(!engine.loadedModel().has_value());
        qputenv("FRAMESMITH_IGNORE_PLAN", "1"); // the escape hatch runs it anyway
        const Run run = generate(engine, tiny(), options);
        qunsetenv("FRAMESMITH_IGNORE_PLAN");
        QCOMPARE(run.result.stepsCompleted, 2);
    }

    void outOfMemoryIsLabelledWithItsStage_data()
    {
        QTest::addColumn<QString>("inject");
        QTest::addColumn<QString>("stage");
        QTest::addColumn<bool>("keepsLatents");
        QTest::newRow("text") << "text-encode:*:0" << "text-encode" << false;
        QTest::newRow("step 2") << "denoise:2:0" << "denoise" << true;
        QTest::newRow("decode") << "vae-decode:*:0" << "vae-decode" << true;
    }

    void outOfMemoryIsLabelledWithItsStage()
    {
        QFETCH(QString, inject);
        QFETCH(QString, stage);
        QFETCH(bool, keepsLatents);
        qputenv(OomInjector::kVariable, inject.toUtf8());
        Engine engine;
        Sink sink;
        CancelToken cancel;
        try {
            engine.generate(tiny(), sink, cancel, GenerateOptions{});
            qunsetenv(OomInjector::kVariable);
            QFAIL("the injected out-of-memory did not escape");
        } catch (const OutOfMemoryError& e) {
            qunsetenv(OomInjector::kVariable);
            QCOMPARE(QString::fromStdString(e.stage()), stage);
            QCOMPARE(!e.latentsCheckpointPath().empty(), keepsLatents);
            if (keepsLatents)
                QVERIFY(std::filesystem::exists(e.latentsCheckpointPath()));
        }
        QVERIFY(!engine.loadedModel().has_value()); // after running out of memory, nothing stays loaded
    }

    void badInputIsRefusedBeforeLoading()
    {
        Engine engine;
        GenerationRequest r = tiny();
        r.frameCount = 10;
        Sink sink;
        CancelToken cancel;
        QVERIFY_THROWS_EXCEPTION(InvalidRequestError, engine.generate(r, sink, cancel));
        QVERIFY(sink.stages.empty());
        QVERIFY(!engine.loadedModel().has_value());
    }

    void planRefusesWhatGenerateRefuses()
    {
        GenerationRequest r = tiny();
        r.frameCount = 10;
        try {
            Engine::plan(r, MemoryPreset{}, test::simulatedGpus({24}));
            QFAIL("plan accepted 10 frames");
        } catch (const InvalidRequestError& e) {
            QCOMPARE(e.field(), std::string("frameCount"));
        }
    }

    void planCountsWhatStaysLoaded()
    {
        const GenerationRequest r = tiny();
        const auto gpus = test::simulatedGpus({24});
        const MemoryPreset preset = test::presetOf({});
        const MemoryPlan warm = Engine::plan(r, preset, gpus);
        QCOMPARE(warm.residentComponents.size(), std::size_t(3));
        const MemoryPlan cold = MemoryPlanner::planDetailed(*ModelRegistry::planning(r.modelPath), r, preset, gpus).summary();
        QVERIFY(cold.residentComponents.empty());
        // The text encoder runs with the transformer and the VAE still loaded.
        QVERIFY(warm.stages.front().devices.front().peakBytes > cold.stages.front().devices.front().peakBytes);
    }
};

FRAMESMITH_TEST_GUILESS_MAIN(TestEngine)

} // namespace tst_Engine
#include "tst_Engine.moc"
