// Injected out-of-memory at every stage of a real generation (tiny model, CPU): the run recovers
// and still produces its frames, or, when every rung fails, throws OutOfMemoryError with the
// latents on disk (complete before decoding, partial when denoising could not go on).
#include "framesmith/Error.h"
#include "memory/oom/GenerationMemory.h"
#include "memory/presets/PresetStore.h"
#include "models/ModelRegistry.h"
#include "engine/GenerationRunner.h"
#include "engine/checkpoints/LatentsCheckpoint.h"
#include "engine/PipelineResourcesFor.h"
#include "support/TestPaths.h"
#include "support/TinyRequest.h"
#include "support/TestRegistry.h"

#include <ATen/ATen.h>
#include <QTemporaryDir>
#include <QTest>
#include <c10/core/InferenceMode.h>

namespace tst_OomRecoveryInGeneration {

using namespace framesmith;

namespace {

struct WarningSink : ProgressSink {
    std::vector<Warning> warnings;
    void onWarning(const Warning& w) override { warnings.push_back(w); }
};

struct Outcome {
    GenerationResult result;
    std::string error;
    std::string checkpoint;
    std::size_t warnings = 0;
};

Outcome generate(const char* inject, const char* preset, const std::string& checkpoint)
{
    c10::InferenceMode inference;
    qputenv("FRAMESMITH_INJECT_OOM", inject);
    WarningSink sink;
    MemoryPreset p = PresetStore(test::sourceDir() + "/resources/presets", "/nonexistent").load(preset);
    GenerationMemory memory(p, sink, "cpu");
    qunsetenv("FRAMESMITH_INJECT_OOM");
    const PipelineResources resources = PipelineResourcesFor::preset(p, false); // the preset's settings, on the CPU
    auto pipeline = ModelRegistry::createPipeline(test::tinyRequest().modelPath, resources);
    CancelToken cancel;
    GenerationRunner runner(*pipeline, sink, cancel);
    RunOptions options;
    options.checkpointPath = checkpoint;
    options.decode = resources.decode;
    options.memory = &memory;
    options.isPreviewWanted = false;
    Outcome outcome;
    outcome.checkpoint = checkpoint;
    try {
        outcome.result = runner.run(test::tinyRequest(), options);
    } catch (const OutOfMemoryError& e) {
        outcome.error = e.what();
    }
    outcome.warnings = sink.warnings.size();
    return outcome;
}

} // namespace

class tst_OomRecoveryInGeneration : public QObject {
    Q_OBJECT

    QTemporaryDir m_dir;

private Q_SLOTS:
    void recoversAtEveryStageWithEveryPreset_data()
    {
        QTest::addColumn<QString>("inject");
        QTest::addColumn<QString>("preset");
        for (const char* preset : {"24gb", "multi-gpu", "low-memory", "max-speed"})
            for (const char* inject : {"text-encode", "denoise:2", "vae-decode::2"})
                QTest::newRow((std::string(preset) + "/" + inject).c_str()) << inject << preset;
    }
    void recoversAtEveryStageWithEveryPreset()
    {
        QFETCH(QString, inject);
        QFETCH(QString, preset);
        const Outcome o = generate(inject.toLatin1().constData(), preset.toLatin1().constData(),
                                   m_dir.filePath("ok.safetensors").toStdString());
        QVERIFY2(o.error.empty(), o.error.c_str());
        QCOMPARE(o.result.clip.frameCount, 9);
        QCOMPARE(o.result.stepsCompleted, 3);
        QVERIFY(!o.result.recoveries.empty());
        QCOMPARE(o.warnings, o.result.recoveries.size());
        QVERIFY(QString::fromStdString(o.result.recoveries.front()).startsWith(inject.section(':', 0, 0)));
    }

    void keepsTheLatentsWhenDecodingCannotRecover()
    {
        const std::string path = m_dir.filePath("decode.safetensors").toStdString();
        const Outcome o = generate("vae-decode:*:0", "24gb", path);
        QVERIFY(QString::fromStdString(o.error).contains("no memory lever is left"));
        QVERIFY(QString::fromStdString(o.error).contains(QString::fromStdString(path)));
        const LatentsCheckpoint saved = LatentsCheckpoint::read(path);
        QCOMPARE(saved.stepsCompleted, 3);
        QVERIFY(!saved.isPartial);
    }

    void keepsPartialLatentsWhenDenoisingCannotRecover()
    {
        const std::string path = m_dir.filePath("denoise.safetensors").toStdString();
        const Outcome o = generate("denoise:3:0", "24gb", path);
        QVERIFY2(QString::fromStdString(o.error).contains("after step 2"), o.error.c_str());
        const LatentsCheckpoint saved = LatentsCheckpoint::read(path);
        QCOMPARE(saved.stepsCompleted, 2);
        QVERIFY(saved.isPartial);
    }

    void failsTextEncodingWithTheStageNamed()
    {
        const Outcome o = generate("text-encode:*:0", "low-memory", m_dir.filePath("t.safetensors").toStdString());
        QVERIFY2(QString::fromStdString(o.error).startsWith("text-encode:"), o.error.c_str());
    }
};

FRAMESMITH_TEST_GUILESS_MAIN(tst_OomRecoveryInGeneration)

} // namespace tst_OomRecoveryInGeneration
#include "tst_OomRecoveryInGeneration.moc"
