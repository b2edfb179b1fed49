// The whole app path, end to end, with the real engine and the tiny fixture model: click
// Generate, watch progress (steps, then the decoder's parts) and the forming preview, get the clip
// in the player, stage bands in the memory graph, a history entry that round-trips its parameters
// (with the memory trace beside its clip, the latents checkpoint cleaned up) and reopens its video
// without losing the edited form; Stop brings the window back to idle with the run resumable; a failed run leaves the
// player and the splitters as they were; File > Export writes a file with its sidecar.
#include "framesmith/Stage.h"
#include "framesmith/VideoExport.h"
#include "ui/form/FormRecovery.h"
#include "ui/generation/GenerationController.h"
#include "ui/generation/RunPresenter.h"
#include "ui/history/ClipShelf.h"
#include "ui/history/HistoryPanel.h"
#include "ui/main/MainWindow.h"
#include "ui/settings/AppSettings.h"
#include "widgets/PreviewPlayer.h"
#include "widgets/VramGraph.h"
#include "support/TestRegistry.h"

#include <QAction>
#include <QDir>
#include <QListWidget>
#include <QProgressBar>
#include <QPushButton>
#include <QSignalSpy>
#include <QSplitter>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QTest>
#include <QTimer>

namespace tst_MainWindowGeneration {

namespace {
constexpr int kTimeoutMs = 120000;

// The tiny model with a small clip, once its files are checked (Generate waits for that).
bool setTinyRequest(MainWindow& window, int steps)
{
    window.setModelFolder(QStringLiteral(FRAMESMITH_FIXTURES_DIR "/cogvideox/models/tiny-2b"));
    auto r = window.request();
    r.prompt = "a red fox trots through fresh snow";
    r.negativePrompt = "blurry";
    r.frameCount = 9;
    r.width = 96;
    r.height = 64;
    r.steps = steps;
    r.seed = 1234567890123ull;
    r.scheduler = "";
    r.preset = "auto";
    window.setRequest(r);
    return QTest::qWaitFor([&] { return window.isModelReady(); }, kTimeoutMs);
}
} // namespace

class tst_MainWindowGeneration : public QObject {
    Q_OBJECT

private:
    QTemporaryDir m_dir;

    QStringList checkpoints() const
    {
        return QDir(m_dir.filePath(QStringLiteral("checkpoints"))).entryList({QStringLiteral("*.safetensors")}, QDir::Files);
    }

private Q_SLOTS:
    void initTestCase()
    {
        QStandardPaths::setTestModeEnabled(true);
        QVERIFY(m_dir.isValid());
        qputenv("FRAMESMITH_DATA_DIR", m_dir.filePath(QStringLiteral("data")).toUtf8());
        qputenv("FRAMESMITH_CHECKPOINT_DIR", m_dir.filePath(QStringLiteral("checkpoints")).toUtf8());
    }

    void generateShowsTheClipAndRecordsIt()
    {
        AppSettings settings(m_dir.filePath(QStringLiteral("e2e.ini")));
        MainWindow window(settings);
        window.setHistoryRoot(m_dir.filePath(QStringLiteral("e2e-data")));
        window.resize(1400, 900);
        window.show();
        QVERIFY(setTinyRequest(window, 2));
        const framesmith::GenerationRequest asked = window.request();
        auto* generate = window.findChild<QPushButton*>(QStringLiteral("generateButton"));
        auto* cancel = window.findChild<QPushButton*>(QStringLiteral("cancelButton"));
        QVERIFY2(generate->isEnabled(), qPrintable(generate->toolTip()));
        GenerationController* controller = window.generationController();
        QSignalSpy finished(controller, &GenerationController::finished);
        QSignalSpy failed(controller, &GenerationController::failed);
        QSignalSpy previews(controller, &GenerationController::previewReady);
        QSignalSpy shown(&window, &MainWindow::clipShown);
        QStringList decodeProgress; // what the status bar said while the decoder worked
        connect(controller, &GenerationController::stageProgress, this, [&](int stage) {
            if (stage == int(framesmith::Stage::VaeDecoding))
                decodeProgress << window.runPresenter()->progressText();
        });

        QTest::mouseClick(generate, Qt::LeftButton);
        QVERIFY(controller->isRunning());
        QVERIFY(cancel->isEnabled());
        QVERIFY(!generate->isEnabled());
        QVERIFY(window.previewPlayer()->isForming());
        QVERIFY(!window.runPresenter()->progressBar()->isHidden());

        QTRY_VERIFY_WITH_TIMEOUT(!finished.isEmpty() || !failed.isEmpty(), kTimeoutMs);
        QVERIFY2(failed.isEmpty(), failed.isEmpty() ? "" : qPrintable(failed.first().at(1).toString()));
        QCOMPARE(shown.size(), 1);
        QVERIFY(!previews.isEmpty());
        QVERIFY2(!decodeProgress.isEmpty() && decodeProgress.last().contains(QStringLiteral("Part ")),
                 qPrintable(decodeProgress.join('|')));

        // The player holds the finished clip, no longer forming.
        PreviewPlayer* player = window.previewPlayer();
        QCOMPARE(player->frameCount(), 9);
        QCOMPARE(player->currentImage().size(), QSize(96, 64));
        QVERIFY(!player->isForming());
        QVERIFY(!cancel->isEnabled());
        QVERIFY(generate->isEnabled());
        QVERIFY(window.runPresenter()->progressBar()->isHidden());
        QVERIFY(window.findChild<QAction*>(QStringLiteral("actionExportClip"))->isEnabled());

        // Stage markers went into the monitor and reach the graph, in words, on the feeder's next pull.
        QTRY_VERIFY_WITH_TIMEOUT(window.memoryGraph()->markerCount() >= 3, 5000);
        QStringList labels;
        for (int i = 0; i < window.memoryGraph()->markerCount(); ++i)
            labels << window.memoryGraph()->markerLabel(i);
        QVERIFY2(labels.contains(QStringLiteral("Denoising")), qPrintable(labels.join(',')));

        // One history entry with the request exactly as asked, a video, and the run's memory trace.
        QCOMPARE(window.historyPanel()->count(), 1);
        const HistoryEntry entry = window.historyPanel()->entries().first();
        QVERIFY(entry.request.resolvedPreset.has_value()); // every lever that ran, for Regenerate
        auto recorded = entry.request;
        recorded.resolvedPreset.reset();
        QCOMPARE(framesmith::toJson(recorded), framesmith::toJson(asked));
        QCOMPARE(entry.frameCount, 9);
        QVERIFY(QFile::exists(entry.videoPath));
        QVERIFY(QFile::exists(QString::fromStdString(framesmith::exportSidecarPath(entry.videoPath.toStdString()))));
        QVERIFY(!QImage(entry.thumbnailPath).isNull());
        QVERIFY(!entry.timings.isEmpty());
        const QString trace = window.clipShelf()->traceBaseFor(entry.id);
        QVERIFY(QFile::exists(trace + QStringLiteral(".memory.csv")));
        QVERIFY(!QImage(trace + QStringLiteral(".memory.png")).isNull());
        QVERIFY2(checkpoints().isEmpty(), qPrintable(checkpoints().join(','))); // the clip is done: its latents go

        // Loading it after editing the form keeps the edits recoverable, and reopens the video.
        auto changed = window.request();
        changed.prompt = "something else";
        changed.seed = 5;
        window.setRequest(changed);
        player->clear();
        window.historyPanel()->activate(0);
        QCOMPARE(framesmith::toJson(window.request()), framesmith::toJson(asked));
        QTRY_COMPARE_WITH_TIMEOUT(player->frameCount(), 9, kTimeoutMs);
        QCOMPARE(player->currentImage().size(), QSize(96, 64));
        QVERIFY(window.formRecovery()->canRestore());
        window.findChild<QAction*>(QStringLiteral("actionUndoHistoryLoad"))->trigger();
        QCOMPARE(framesmith::toJson(window.request()), framesmith::toJson(changed));

        // File > Export writes the chosen format with its sidecar, in the background.
        QSignalSpy exported(&window, &MainWindow::exportFinished);
        framesmith::ExportOptions options;
        options.format = framesmith::ExportFormat::Gif;
        options.path = m_dir.filePath(QStringLiteral("fox.gif")).toStdString();
        window.exportClipTo(options);
        QTRY_VERIFY_WITH_TIMEOUT(!exported.isEmpty(), kTimeoutMs);
        QCOMPARE(exported.first().first().toString(), QString());
        QVERIFY(QFile::exists(m_dir.filePath(QStringLiteral("fox.gif"))));
        QVERIFY(QFile::exists(m_dir.filePath(QStringLiteral("fox.gif.json"))));

        // A second window over the same folder sees the same history.
        AppSettings other(m_dir.filePath(QStringLiteral("e2e-2.ini")));
        MainWindow second(other);
        second.setHistoryRoot(m_dir.filePath(QStringLiteral("e2e-data")));
        QCOMPARE(second.historyPanel()->count(), 1);
    }

    void failedRunKeepsThePlayerAndTheSplitters()
    {
        AppSettings settings(m_dir.filePath(QStringLiteral("fail.ini")));
        MainWindow window(settings);
        window.setHistoryRoot(m_dir.filePath(QStringLiteral("fail-data")));
        window.resize(1200, 800);
        window.show();
        QVERIFY(QTest::qWaitForWindowExposed(&window));
        QVERIFY(setTinyRequest(window, 1));
        QSignalSpy finished(window.generationController(), &GenerationController::finished);
        window.findChild<QAction*>(QStringLiteral("actionGenerate"))->trigger();
        QTRY_VERIFY_WITH_TIMEOUT(!finished.isEmpty(), kTimeoutMs);
        const QImage before = window.previewPlayer()->currentImage();
        QList<QList<int>> splitters;
        for (const QSplitter* splitter : window.findChildren<QSplitter*>())
            splitters << splitter->sizes();

        auto other = window.request();
        other.prompt += " at night"; // a new prompt: the warm engine's cached embedding does not serve it
        window.setRequest(other);
        qputenv("FRAMESMITH_INJECT_OOM", "text-encode:*:0"); // every attempt fails: recovery gives up
        QSignalSpy failed(window.generationController(), &GenerationController::failed);
        window.findChild<QAction*>(QStringLiteral("actionGenerate"))->trigger();
        QTRY_VERIFY_WITH_TIMEOUT(!failed.isEmpty(), kTimeoutMs);
        qunsetenv("FRAMESMITH_INJECT_OOM");
        QTRY_VERIFY(window.findChild<QWidget*>(QStringLiteral("errorBox")) != nullptr);
        QCOMPARE(window.previewPlayer()->frameCount(), 9);
        QCOMPARE(window.previewPlayer()->currentImage(), before);
        QVERIFY(!window.previewPlayer()->isForming());
        QList<QList<int>> after;
        for (const QSplitter* splitter : window.findChildren<QSplitter*>())
            after << splitter->sizes();
        QCOMPARE(after, splitters);
    }

    // History > Regenerate runs the clip's recorded request and preset again: the same clip.
    // Generate > Unload model then frees the model the runs kept loaded.
    void regenerateReplaysTheClipAndUnloadFreesTheModel()
    {
        AppSettings settings(m_dir.filePath(QStringLiteral("regenerate.ini")));
        MainWindow window(settings);
        window.setHistoryRoot(m_dir.filePath(QStringLiteral("regenerate-data")));
        window.show();
        setTinyRequest(window, 2);
        GenerationController* controller = window.generationController();
        QSignalSpy finished(controller, &GenerationController::finished);
        auto* unload = window.findChild<QAction*>(QStringLiteral("actionUnloadModel"));
        QVERIFY(unload);
        QVERIFY(!unload->isEnabled());
        QTest::mouseClick(window.findChild<QPushButton*>(QStringLiteral("generateButton")), Qt::LeftButton);
        QTRY_COMPARE_WITH_TIMEOUT(finished.size(), 1, kTimeoutMs);

        auto changed = window.request();
        changed.seed = 99; // the form moved on; Regenerate replays the clip, not the form
        window.setRequest(changed);
        QListWidget* list = window.historyPanel()->list();
        Q_EMIT list->customContextMenuRequested(list->visualItemRect(list->item(0)).center());
        auto* regenerate = window.historyPanel()->findChild<QAction*>(QStringLiteral("regenerateAction"));
        QVERIFY(regenerate);
        regenerate->trigger();
        QTRY_COMPARE_WITH_TIMEOUT(finished.size(), 2, kTimeoutMs);
        const auto first = finished.at(0).first().value<framesmith::GenerationResult>();
        const auto again = finished.at(1).first().value<framesmith::GenerationResult>();
        QCOMPARE(again.request.seed, first.request.seed);
        QVERIFY(again.wasWarm);
        // The same clip, pixel for pixel (the checkpoints themselves are cleaned once a clip is recorded).
        QVERIFY(!first.clip.rgb.empty());
        QVERIFY(first.clip.rgb == again.clip.rgb);
        QVERIFY(!QFile::exists(QString::fromStdString(first.latentsCheckpointPath)));
        QCOMPARE(window.historyPanel()->count(), 2);

        QTRY_VERIFY(unload->isEnabled());
        QSignalSpy unloaded(controller, &GenerationController::modelUnloaded);
        unload->trigger();
        QVERIFY(unloaded.wait(kTimeoutMs));
        QVERIFY(!unload->isEnabled());
        QVERIFY(!controller->isModelLoaded());
    }

    void exportFailureIsReportedWithTheDetail()
    {
        AppSettings settings(m_dir.filePath(QStringLiteral("export-fail.ini")));
        MainWindow window(settings);
        window.setHistoryRoot(m_dir.filePath(QStringLiteral("export-fail-data")));
        QVERIFY(setTinyRequest(window, 1));
        QSignalSpy finished(window.generationController(), &GenerationController::finished);
        window.findChild<QAction*>(QStringLiteral("actionGenerate"))->trigger();
        QTRY_VERIFY_WITH_TIMEOUT(!finished.isEmpty(), kTimeoutMs);
        QSignalSpy exported(&window, &MainWindow::exportFinished);
        framesmith::ExportOptions options;
        options.format = framesmith::ExportFormat::H264Mp4;
        options.path = "/nonexistent-folder/clip.mp4";
        window.exportClipTo(options);
        QTRY_VERIFY_WITH_TIMEOUT(!exported.isEmpty(), kTimeoutMs);
        QVERIFY(exported.first().first().toString().contains(QStringLiteral("nonexistent-folder")));
        QTRY_VERIFY(window.findChild<QWidget*>(QStringLiteral("errorBox")) != nullptr);
    }

    // Stop while denoising keeps the run as a pause does: no clip, the steps done resumable.
    void stopReturnsToIdleAndKeepsTheRunResumable()
    {
        AppSettings settings(m_dir.filePath(QStringLiteral("cancel.ini")));
        MainWindow window(settings);
        window.setHistoryRoot(m_dir.filePath(QStringLiteral("cancel-data")));
        QVERIFY(setTinyRequest(window, 50));
        GenerationController* controller = window.generationController();
        QSignalSpy paused(controller, &GenerationController::paused);
        QSignalSpy finished(controller, &GenerationController::finished);
        QSignalSpy steps(controller, &GenerationController::stepFinished);
        window.findChild<QAction*>(QStringLiteral("actionGenerate"))->trigger();
        QVERIFY(steps.wait(kTimeoutMs));
        QVERIFY(window.runPresenter()->progressText().contains(QStringLiteral("Step ")));
        auto* cancel = window.findChild<QPushButton*>(QStringLiteral("cancelButton"));
        QVERIFY(cancel->isEnabled());
        QTest::mouseClick(cancel, Qt::LeftButton);
        QTRY_COMPARE_WITH_TIMEOUT(paused.size(), 1, kTimeoutMs);
        QCOMPARE(finished.size(), 0);
        QVERIFY(!controller->isRunning());
        QVERIFY(!cancel->isEnabled());
        QVERIFY(window.findChild<QPushButton*>(QStringLiteral("generateButton"))->isEnabled());
        QVERIFY(!window.previewPlayer()->isForming());
        QVERIFY(window.runPresenter()->progressBar()->isHidden());
        // No clip, but the steps done are kept: one paused entry, and Resume continues it.
        QCOMPARE(window.historyPanel()->count(), 1);
        const HistoryEntry kept = window.historyPanel()->entries().first();
        QVERIFY(kept.videoPath.isEmpty());
        QVERIFY(kept.isPaused);
        QCOMPARE(kept.latentsPath, paused.first().at(1).toString());
        QVERIFY(QFile::exists(kept.latentsPath));
        QCOMPARE(window.findChild<QPushButton*>(QStringLiteral("pauseButton"))->text(), QStringLiteral("&Resume"));
    }

    void eventLoopKeepsTurningDuringARun()
    {
        AppSettings settings(m_dir.filePath(QStringLiteral("loop.ini")));
        MainWindow window(settings);
        window.setHistoryRoot(m_dir.filePath(QStringLiteral("loop-data")));
        QVERIFY(setTinyRequest(window, 4));
        int ticks = 0;
        QTimer timer;
        connect(&timer, &QTimer::timeout, this, [&] { ++ticks; });
        timer.start(10);
        QElapsedTimer clock;
        clock.start();
        QSignalSpy finished(window.generationController(), &GenerationController::finished);
        window.findChild<QAction*>(QStringLiteral("actionGenerate"))->trigger();
        QTRY_VERIFY_WITH_TIMEOUT(!finished.isEmpty(), kTimeoutMs);
        const qint64 runMs = clock.elapsed();
        QVERIFY2(ticks >= qMax<qint64>(3, runMs / 100), qPrintable(QStringLiteral("%1 ticks in %2 ms").arg(ticks).arg(runMs)));
    }
};

FRAMESMITH_TEST_MAIN(tst_MainWindowGeneration)

} // namespace tst_MainWindowGeneration
#include "tst_MainWindowGeneration.moc"
