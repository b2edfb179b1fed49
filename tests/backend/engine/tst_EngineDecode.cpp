// Engine::decode, "Decode again" and resuming's decode: a warm engine decodes a checkpoint with the
// loaded model and other VAE settings; resuming decodes with the settings the run resolved (its
// checkpoint records them), "Decode again" with its own; each clip records what made it.
#include "framesmith/Engine.h"
#include "support/EngineRuns.h"
#include "support/TestRegistry.h"

#include <QTemporaryDir>
#include <QtTest/QtTest>

namespace tst_EngineDecode {

using namespace framesmith;
using namespace framesmith::test;

class TestEngineDecode : public QObject {
    Q_OBJECT

private:
    QTemporaryDir m_dir;

private Q_SLOTS:
    void initTestCase()
    {
        QVERIFY(m_dir.isValid());
        qputenv("FRAMESMITH_CHECKPOINT_DIR", m_dir.filePath("checkpoints").toUtf8());
    }

    void decodeAgainUsesTheLoadedModel()
    {
        Engine engine;
        const Run run = generate(engine, tiny(), noDecode());
        DecodeRequest again;
        again.checkpointPath = run.result.latentsCheckpointPath;
        again.vae = DecodeOptions{false, true, 240, 360}; // untiled, sliced: other settings than the preset's
        Sink sink;
        CancelToken cancel;
        const GenerationResult decoded = engine.decode(again, sink, cancel);
        QVERIFY(decoded.wasWarm);
        QCOMPARE(decoded.clip.frameCount, 9);
        QCOMPARE(decoded.clip.width, 96);
        QVERIFY(decoded.clip.isComplete());
        QCOMPARE(decoded.latentsCheckpointPath, run.result.latentsCheckpointPath);
    }

    // Resuming an interrupted run decodes with the VAE settings the run resolved ("auto" too),
    // which its checkpoint records, not with "Decode again"'s defaults; the clip records them.
    void decodeAsRecordedUsesTheRunsVaeSettings()
    {
        Engine engine;
        GenerationRequest request = tiny();
        request.preset = "auto";
        GenerateOptions options = noDecode();
        options.decode = DecodeOptions{false, false, 240, 360}; // untiled: not "Decode again"'s defaults
        const Run run = generate(engine, request, options);
        DecodeRequest resume;
        resume.checkpointPath = run.result.latentsCheckpointPath;
        resume.isVaeAsRecorded = true; // resume.vae keeps the defaults: tiled, 240 x 360
        Sink sink;
        CancelToken cancel;
        const GenerationResult decoded = engine.decode(resume, sink, cancel);
        QVERIFY(!sink.sawDetail(Stage::VaeDecoding, "tiled"));
        QVERIFY(decoded.request.resolvedPreset.has_value());
        QCOMPARE(decoded.request.resolvedPreset->vaeTiling, false);

        DecodeRequest again = resume; // "Decode again" with its own choice: that one runs and is recorded
        again.isVaeAsRecorded = false;
        again.vae = DecodeOptions{true, false, 48, 64};
        Sink tiled;
        const GenerationResult redone = engine.decode(again, tiled, cancel);
        QVERIFY(tiled.sawDetail(Stage::VaeDecoding, "tiled"));
        QCOMPARE(redone.request.resolvedPreset->vaeTiling, true);
        QCOMPARE(redone.request.resolvedPreset->vaeTileHeight, 48);
        QCOMPARE(redone.request.resolvedPreset->vaeTileWidth, 64);
    }
};

FRAMESMITH_TEST_GUILESS_MAIN(TestEngineDecode)

} // namespace tst_EngineDecode
#include "tst_EngineDecode.moc"
