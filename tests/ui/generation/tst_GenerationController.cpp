// GenerationController/GenerationWorker against the real engine and the tiny fixture model:
// a run reports stages, steps and previews and ends in exactly one finished(); StopNow ends in
// exactly one cancelled(); a bad model ends in failed() with the detail; and the GUI thread's
// event loop keeps turning (a timer keeps ticking) while the worker generates.
#include "framesmith/Stage.h"
#include "ui/generation/GenerationController.h"

#include "support/CliRun.h"
#include "support/TensorFileBytes.h"
#include "support/TinyRequest.h"
#include "support/TestRegistry.h"

#include <QElapsedTimer>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTest>
#include <QThread>
#include <QTimer>

namespace tst_GenerationController {

namespace {
constexpr int kTimeoutMs = 120000;

// The tiny request as the CLI run below spells it: its prompt, seed 7 and the automatic preset.
framesmith::GenerationRequest seededRequest(int steps)
{
    framesmith::GenerationRequest r = framesmith::test::tinyRequest(framesmith::test::tinyModelPath(), steps);
    r.prompt = "a red fox in fresh snow";
    r.seed = 7;
    r.preset = "auto";
    return r;
}

} // namespace

class tst_GenerationController : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void initTestCase()
    {
        // Every run writes its latents checkpoint: keep them in the test's own folder.
        QVERIFY(m_dir.isValid());
        qputenv("FRAMESMITH_CHECKPOINT_DIR", m_dir.filePath(QStringLiteral("checkpoints")).toUtf8());
    }

    void generatesAndReportsOnTheGuiThread()
    {
        GenerationController controller;
        QSignalSpy stages(&controller, &GenerationController::stageStarted);
        QSignalSpy steps(&controller, &GenerationController::stepFinished);
        QSignalSpy previews(&controller, &GenerationController::previewReady);
        QSignalSpy finished(&controller, &GenerationController::finished);
        QSignalSpy failed(&controller, &GenerationController::failed);
        QSignalSpy cancelled(&controller, &GenerationController::cancelled);
        QThread* guiThread = QThread::currentThread();
        bool isAlwaysOnGuiThread = true;
        connect(&controller, &GenerationController::stepFinished, this,
                [&] { isAlwaysOnGuiThread = isAlwaysOnGuiThread && QThread::currentThread() == guiThread; });

        const QString clip = m_dir.filePath(QStringLiteral("clip.mp4"));
        QVERIFY(controller.start(seededRequest(2), clip));
        QVERIFY(controller.isRunning());
        QVERIFY(!controller.start(seededRequest(2))); // one run at a time
        QTRY_VERIFY_WITH_TIMEOUT(!controller.isRunning(), kTimeoutMs);
        QVERIFY2(failed.isEmpty(), failed.isEmpty() ? "" : qPrintable(failed.first().at(1).toString()));
        QCOMPARE(finished.size(), 1);
        QCOMPARE(cancelled.size(), 0);
        QVERIFY(isAlwaysOnGuiThread);

        const auto result = finished.first().first().value<framesmith::GenerationResult>();
        QCOMPARE(result.clip.frameCount, 9);
        QCOMPARE(result.clip.width, 96);
        QCOMPARE(result.clip.height, 64);
        QCOMPARE(result.clip.rgb.size(), size_t(9 * 96 * 64 * 3));
        QCOMPARE(QString::fromStdString(result.outputPath), clip);
        QVERIFY(QFile::exists(clip));

        QCOMPARE(steps.size(), 2);
        QCOMPARE(steps.last().at(0).toInt(), 2);
        QCOMPARE(steps.last().at(1).toInt(), 2);
        QVERIFY(!previews.isEmpty());
        QVERIFY(!previews.last().at(1).value<QVector<QImage>>().isEmpty());
        QStringList stageNames;
        for (const auto& s : stages)
            stageNames << QString::fromLatin1(framesmith::stageName(static_cast<framesmith::Stage>(s.first().toInt())));
        QVERIFY2(stageNames.contains(QStringLiteral("denoise")), qPrintable(stageNames.join(',')));
        QVERIFY2(stageNames.contains(QStringLiteral("vae-decode")), qPrintable(stageNames.join(',')));
        QCOMPARE(stageNames.last(), QStringLiteral("export"));
    }

    void stopNowEndsInOneCancelled()
    {
        GenerationController controller;
        QSignalSpy finished(&controller, &GenerationController::finished);
        QSignalSpy failed(&controller, &GenerationController::failed);
        QSignalSpy cancelled(&controller, &GenerationController::cancelled);
        QVERIFY(controller.start(seededRequest(50)));
        QSignalSpy steps(&controller, &GenerationController::stepFinished);
        QVERIFY(steps.wait(kTimeoutMs)); // cancel mid-denoising
        controller.cancel(framesmith::CancelMode::StopNow);
        QTRY_VERIFY_WITH_TIMEOUT(!controller.isRunning(), kTimeoutMs);
        QTest::qWait(200); // nothing else may arrive after the terminal signal
        QCOMPARE(cancelled.size(), 1);
        QCOMPARE(finished.size(), 0);
        QCOMPARE(failed.size(), 0);
        QVERIFY(cancelled.first().at(0).toInt() < 50);
        // The worker is idle again and takes the next job.
        QVERIFY(controller.start(seededRequest(1)));
        QTRY_VERIFY_WITH_TIMEOUT(!controller.isRunning(), kTimeoutMs);
        QCOMPARE(finished.size(), 1);
    }

    void finishStageDecodesWhatHasFormed()
    {
        GenerationController controller;
        QSignalSpy finished(&controller, &GenerationController::finished);
        QVERIFY(controller.start(seededRequest(50)));
        QSignalSpy steps(&controller, &GenerationController::stepFinished);
        QVERIFY(steps.wait(kTimeoutMs));
        controller.cancel(framesmith::CancelMode::FinishStage);
        QTRY_VERIFY_WITH_TIMEOUT(!controller.isRunning(), kTimeoutMs);
        QCOMPARE(finished.size(), 1);
        const auto result = finished.first().first().value<framesmith::GenerationResult>();
        QVERIFY(result.isPartial);
        QVERIFY(result.stepsCompleted < 50);
        QCOMPARE(result.clip.frameCount, 9);
    }

    void badModelFailsWithTheDetail()
    {
        GenerationController controller;
        QSignalSpy failed(&controller, &GenerationController::failed);
        auto r = seededRequest(2);
        r.modelPath = m_dir.filePath(QStringLiteral("no-such-model")).toStdString();
        QVERIFY(controller.start(r));
        QTRY_VERIFY_WITH_TIMEOUT(!controller.isRunning(), kTimeoutMs);
        QCOMPARE(failed.size(), 1);
        QVERIFY(!failed.first().at(0).toString().isEmpty());
        QVERIFY2(failed.first().at(1).toString().contains(QStringLiteral("no-such-model")),
                 qPrintable(failed.first().at(1).toString()));
    }

    // The app's path (controller -> worker -> Engine) and framesmith-cli give the same latents.
    void appAndCliProduceIdenticalLatents()
    {
        GenerationController controller;
        QSignalSpy finished(&controller, &GenerationController::finished);
        QVERIFY(controller.start(seededRequest(2)));
        QTRY_VERIFY_WITH_TIMEOUT(!controller.isRunning(), kTimeoutMs);
        QCOMPARE(finished.size(), 1);
        const auto app = finished.first().first().value<framesmith::GenerationResult>();

        const QString cliLatents = m_dir.filePath(QStringLiteral("cli.latents.safetensors"));
        framesmith::test::CliOptions options;
        options.timeoutMs = kTimeoutMs;
        const framesmith::test::CliRun cli = framesmith::test::runCli(
            {"generate", "--model", FRAMESMITH_FIXTURES_DIR "/cogvideox/models/tiny-2b", "--prompt",
             "a red fox in fresh snow", "--frames", "9", "--width", "96", "--height", "64", "--steps", "2", "--seed", "7",
             "--preset", "auto", "--no-decode", "--quiet", "--save-latents", cliLatents},
            options);
        QVERIFY2(cli.exitCode == 0, qPrintable(cli.output));
        const QByteArray fromApp = framesmith::test::tensorFileBytes(QString::fromStdString(app.latentsCheckpointPath), "latents");
        QVERIFY(!fromApp.isEmpty());
        QVERIFY(fromApp == framesmith::test::tensorFileBytes(cliLatents, "latents"));
    }

    void keepsTheModelWarmAndUnloadsOnRequest()
    {
        GenerationController controller;
        QSignalSpy stages(&controller, &GenerationController::stageStarted);
        QSignalSpy loaded(&controller, &GenerationController::loadedModelChanged);
        QSignalSpy unloaded(&controller, &GenerationController::modelUnloaded);
        for (int run = 0; run < 2; ++run) {
            QVERIFY(controller.start(seededRequest(1)));
            QTRY_VERIFY_WITH_TIMEOUT(!controller.isRunning(), kTimeoutMs);
        }
        QTRY_VERIFY(controller.isModelLoaded());
        QVERIFY(controller.heldBytes() > 0);
        QStringList loading;
        for (const auto& s : stages)
            if (s.first().toInt() == int(framesmith::Stage::Loading))
                loading << s.at(1).toString();
        QCOMPARE(loading.size(), 2);
        QVERIFY2(!loading.first().contains(QStringLiteral("loaded already")), qPrintable(loading.first()));
        QVERIFY2(loading.last().contains(QStringLiteral("loaded already")), qPrintable(loading.last()));

        controller.unloadModel();
        QVERIFY(unloaded.wait(kTimeoutMs));
        QVERIFY(!controller.isModelLoaded());
        QCOMPARE(loaded.last().first().toBool(), false);
    }

    void idleModelIsUnloaded()
    {
        GenerationController controller;
        QSignalSpy unloaded(&controller, &GenerationController::modelUnloaded);
        controller.setIdleUnloadAfter(300);
        QVERIFY(controller.start(seededRequest(1)));
        QTRY_VERIFY_WITH_TIMEOUT(!controller.isRunning(), kTimeoutMs);
        QVERIFY(unloaded.wait(kTimeoutMs));
        QVERIFY(!controller.isModelLoaded());
    }

    void guiThreadKeepsTurningWhileGenerating()
    {
        GenerationController controller;
        int ticks = 0;
        QTimer timer;
        connect(&timer, &QTimer::timeout, this, [&] { ++ticks; });
        timer.start(10);
        QElapsedTimer clock;
        clock.start();
        QVERIFY(controller.start(seededRequest(4)));
        QTRY_VERIFY_WITH_TIMEOUT(!controller.isRunning(), kTimeoutMs);
        const qint64 runMs = clock.elapsed();
        // A blocked loop would deliver at most one tick for the whole run.
        QVERIFY2(ticks >= qMax<qint64>(3, runMs / 100), qPrintable(QStringLiteral("%1 ticks in %2 ms").arg(ticks).arg(runMs)));
    }

    // The destructor asks StopNow, quits and joins: no crash, and no hang. Bounded in time against
    // the run's own step time: finishing the 500 steps instead of stopping would take ~25 times
    // longer than the bound.
    void destroyingWhileRunningStopsCleanly()
    {
        constexpr int kSteps = 500;
        auto controller = std::make_unique<GenerationController>();
        QVERIFY(controller->start(seededRequest(kSteps)));
        QSignalSpy steps(controller.get(), &GenerationController::stepFinished);
        QVERIFY(steps.wait(kTimeoutMs));
        QElapsedTimer clock;
        clock.start();
        QVERIFY(steps.wait(kTimeoutMs));
        const qint64 stepMs = qMax<qint64>(1, clock.restart());
        controller.reset();
        const qint64 joinMs = clock.elapsed();
        const qint64 bound = 20 * stepMs + 5000;
        QVERIFY2(joinMs < bound, qPrintable(QStringLiteral("destructor took %1 ms (a step %2 ms; bound %3 ms)")
                                                .arg(joinMs).arg(stepMs).arg(bound)));
    }

private:
    QTemporaryDir m_dir;
};

FRAMESMITH_TEST_MAIN(tst_GenerationController)

} // namespace tst_GenerationController
#include "tst_GenerationController.moc"
