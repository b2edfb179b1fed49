// The app-wide VRAM headroom: applied to a request's preset (never lowering a preset's own),
// carried whole, and an "auto" carried whole still chosen from by the engine, inside the headroom.
#include "framesmith/Engine.h"
#include "support/TinyRequest.h"
#include "ui/memory/VramHeadroom.h"
#include "support/TestRegistry.h"

#include <QDir>
#include <QFile>
#include <QTest>

namespace tst_VramHeadroom {

namespace {
constexpr qint64 kGiB = qint64(1) << 30;

framesmith::GenerationRequest requestWithPreset(const char* preset)
{
    framesmith::GenerationRequest r = framesmith::test::tinyRequest(framesmith::test::tinyModelPath(), 1);
    r.prompt = "a lighthouse";
    r.preset = preset;
    return r;
}
} // namespace

class tst_VramHeadroom : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void noHeadroomLeavesTheRequestAsItIs()
    {
        QVERIFY(!VramHeadroom::applied(requestWithPreset("24gb"), 0).resolvedPreset);
    }

    void theRequestCarriesItsPresetWithTheHeadroom()
    {
        const framesmith::GenerationRequest raised = VramHeadroom::applied(requestWithPreset("24gb"), 2048);
        QVERIFY(raised.resolvedPreset);
        QCOMPARE(raised.resolvedPreset->name, std::string("24gb"));
        QCOMPARE(raised.resolvedPreset->vramHeadroomMb, 2048);
        QCOMPARE(raised.preset, std::string("24gb"));
    }

    void aPresetKeepingMoreKeepsItsOwn()
    {
        framesmith::GenerationRequest r = requestWithPreset("24gb");
        r = VramHeadroom::applied(r, 4096);
        const framesmith::GenerationRequest again = VramHeadroom::applied(r, 1024);
        QCOMPARE(again.resolvedPreset->vramHeadroomMb, 4096);
        QVERIFY(!VramHeadroom::applied(requestWithPreset("no-such-preset"), 1024).resolvedPreset);
    }

    // On a 24 GiB GPU the 5b's resident plan needs most of it: keeping 12 GiB free makes the plan
    // count the GPU as 12 GiB, where the same preset no longer fits.
    void thePlanHonoursTheHeadroom()
    {
        framesmith::GenerationRequest r = requestWithPreset("max-speed");
        r.modelPath = FRAMESMITH_FIXTURES_DIR "/cogvideox/full-size-configs/cogvideox-5b";
        r.frameCount = 49;
        r.width = 720;
        r.height = 480;
        const std::vector<framesmith::DeviceInfo> gpu{{0, "GPU", 24 * kGiB, 24 * kGiB}};
        const framesmith::GenerationRequest base = VramHeadroom::applied(r, 1);
        const framesmith::GenerationRequest raised = VramHeadroom::applied(r, 12 * 1024);
        QVERIFY(base.resolvedPreset && raised.resolvedPreset);
        QVERIFY(framesmith::Engine::plan(base, *base.resolvedPreset, gpu).fits);
        QVERIFY(!framesmith::Engine::plan(raised, *raised.resolvedPreset, gpu).fits);
    }

    // "auto" carried whole is still an automatic preset: the engine chooses, and records the choice
    // with the headroom kept.
    void anAutomaticPresetCarriedWholeIsStillChosenFrom()
    {
        const framesmith::GenerationRequest raised = VramHeadroom::applied(requestWithPreset("auto"), 1536);
        QVERIFY(raised.resolvedPreset && raised.resolvedPreset->isAutomatic());
        framesmith::Engine engine;
        framesmith::ProgressSink sink;
        framesmith::GenerateOptions options;
        options.device = "cpu";
        options.isDecodeWanted = false;
        options.saveLatentsPath = QDir::temp().filePath(QStringLiteral("tst_VramHeadroom.safetensors")).toStdString();
        const framesmith::GenerationResult result = engine.generate(raised, sink, framesmith::CancelToken(), options);
        QVERIFY(result.request.resolvedPreset);
        QVERIFY(!result.request.resolvedPreset->isAutomatic());
        QCOMPARE(result.request.resolvedPreset->vramHeadroomMb, 1536);
        QFile::remove(QString::fromStdString(options.saveLatentsPath));
    }
};

FRAMESMITH_TEST_GUILESS_MAIN(tst_VramHeadroom)

} // namespace tst_VramHeadroom
#include "tst_VramHeadroom.moc"
