// RunLauncher: a run without a prompt is never started by accident (a question first); with a
// prompt it starts at once and ends in the history. A run whose VAE decode fails says that its
// latents were kept, records them in the history, and "Decode again" (in the message and on the
// entry) makes the clip from them with other VAE settings, into the same entry. Pause (the button
// beside Cancel) saves the run after the step under way and keeps it in the history; the same
// button, now Resume, finishes it into that entry.
#include "ui/form/PromptPanel.h"
#include "ui/generation/DecodeAgainDialog.h"
#include "ui/generation/GenerationController.h"
#include "ui/history/HistoryPanel.h"
#include "ui/main/MainWindow.h"
#include "ui/settings/AppSettings.h"
#include "widgets/PreviewPlayer.h"
#include "support/TestRegistry.h"

#include <QAbstractButton>
#include <QAction>
#include <QFile>
#include <QListWidget>
#include <QMenu>
#include <QPushButton>
#include <QSpinBox>
#include <QMessageBox>
#include <QSignalSpy>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QTest>

#include <memory>

namespace tst_RunLauncher {

class tst_RunLauncher : public QObject {
    Q_OBJECT

private:
    QTemporaryDir m_dir;

private Q_SLOTS:
    void initTestCase()
    {
        QStandardPaths::setTestModeEnabled(true);
        qputenv("FRAMESMITH_DATA_DIR", m_dir.filePath(QStringLiteral("data")).toUtf8());
    }

    void anEmptyPromptAsksBeforeRunning()
    {
        AppSettings settings(m_dir.filePath(QStringLiteral("empty.ini")));
        MainWindow window(settings);
        window.setModelFolder(QStringLiteral(FRAMESMITH_FIXTURES_DIR "/cogvideox/models/tiny-2b"));
        auto r = window.request();
        r.prompt.clear();
        r.frameCount = 9;
        r.width = 96;
        r.height = 64;
        r.steps = 1;
        window.setRequest(r);
        QTRY_VERIFY(window.isModelReady());
        QVERIFY(window.promptPanel()->isEmptyPromptWarningShown());
        GenerationController* controller = window.generationController();
        auto* generate = window.findChild<QAction*>(QStringLiteral("actionGenerate"));
        generate->trigger();
        auto* question = window.findChild<QMessageBox*>(QStringLiteral("emptyPromptBox"));
        QVERIFY(question);
        QVERIFY(!controller->isRunning());
        question->button(QMessageBox::Cancel)->click();
        QVERIFY(!controller->isRunning());
        QTRY_VERIFY(!window.findChild<QMessageBox*>(QStringLiteral("emptyPromptBox")));

        QSignalSpy finished(controller, &GenerationController::finished);
        generate->trigger();
        window.findChild<QMessageBox*>(QStringLiteral("emptyPromptBox"))
            ->findChild<QAbstractButton*>(QStringLiteral("generateAnywayButton"))
            ->click();
        QVERIFY(controller->isRunning());
        QTRY_VERIFY_WITH_TIMEOUT(!finished.isEmpty(), 120000);
    }

    void aFailedDecodeKeepsTheLatentsAndDecodesAgain()
    {
        AppSettings settings(m_dir.filePath(QStringLiteral("decode.ini")));
        MainWindow window(settings);
        window.setHistoryRoot(m_dir.filePath(QStringLiteral("decode-data")));
        window.show();
        window.setModelFolder(QStringLiteral(FRAMESMITH_FIXTURES_DIR "/cogvideox/models/tiny-2b"));
        auto r = window.request();
        r.prompt = "a paper boat on a pond";
        r.frameCount = 9;
        r.width = 96;
        r.height = 64;
        r.steps = 2;
        window.setRequest(r);
        QTRY_VERIFY(window.isModelReady());
        GenerationController* controller = window.generationController();
        QSignalSpy failed(controller, &GenerationController::failed);
        qputenv("FRAMESMITH_INJECT_OOM", "vae-decode:*:0"); // every decode attempt runs out of memory
        window.findChild<QAction*>(QStringLiteral("actionGenerate"))->trigger();
        QTRY_VERIFY_WITH_TIMEOUT(!failed.isEmpty(), 120000);
        qunsetenv("FRAMESMITH_INJECT_OOM");
        const QString latents = failed.first().at(2).toString();
        QVERIFY(QFile::exists(latents));

        // The message says the latents were kept and offers Decode again.
        QMessageBox* box = nullptr;
        QTRY_VERIFY((box = window.findChild<QMessageBox*>(QStringLiteral("errorBox"))) != nullptr);
        QVERIFY2(box->text().contains(QStringLiteral("latents were kept")), qPrintable(box->text()));
        auto* action = box->findChild<QPushButton*>(QStringLiteral("errorActionButton"));
        QVERIFY(action);

        // The history holds the run with its latents and no clip.
        QCOMPARE(window.historyPanel()->count(), 1);
        const HistoryEntry kept = window.historyPanel()->entries().first();
        QCOMPARE(kept.latentsPath, latents);
        QVERIFY(kept.videoPath.isEmpty());
        QCOMPARE(kept.stepsCompleted, 2);
        QVERIFY(window.historyPanel()->list()->item(0)->text().contains(QStringLiteral("Decode again")));
        QListWidget* list = window.historyPanel()->list();
        Q_EMIT list->customContextMenuRequested(list->visualItemRect(list->item(0)).center());
        QVERIFY(window.historyPanel()->findChild<QAction*>(QStringLiteral("decodeAgainAction")));

        // Decode again from the message, untiled this time: the clip lands in the same entry.
        action->click();
        DecodeAgainDialog* dialog = nullptr;
        QTRY_VERIFY((dialog = window.findChild<DecodeAgainDialog*>()) != nullptr);
        QVERIFY(dialog->options().tiling); // smaller tiles first: the last decode ran out of memory
        QVERIFY(dialog->options().tileHeight < 240);
        framesmith::DecodeOptions untiled;
        untiled.tiling = false;
        dialog->setOptions(untiled);
        QVERIFY(!dialog->findChild<QSpinBox*>(QStringLiteral("tileHeightSpin"))->isEnabled());
        QSignalSpy finished(controller, &GenerationController::finished);
        dialog->findChild<QPushButton*>(QStringLiteral("decodeButton"))->click();
        QTRY_VERIFY_WITH_TIMEOUT(!finished.isEmpty(), 120000);
        const auto result = finished.first().first().value<framesmith::GenerationResult>();
        QCOMPARE(result.clip.frameCount, 9);
        QCOMPARE(result.request.seed, r.seed);
        QCOMPARE(window.historyPanel()->count(), 1);
        const HistoryEntry decoded = window.historyPanel()->entries().first();
        QCOMPARE(decoded.id, kept.id);
        QVERIFY(decoded.latentsPath.isEmpty());
        QVERIFY(QFile::exists(decoded.videoPath));
        QVERIFY(!QFile::exists(latents)); // the clip is saved: the checkpoint is cleaned
        QCOMPARE(window.previewPlayer()->frameCount(), 9);
    }

    void pauseKeepsTheRunAndResumeFinishesItIntoTheSameEntry()
    {
        AppSettings settings(m_dir.filePath(QStringLiteral("pause.ini")));
        MainWindow window(settings);
        window.setHistoryRoot(m_dir.filePath(QStringLiteral("pause-data")));
        window.show();
        window.setModelFolder(QStringLiteral(FRAMESMITH_FIXTURES_DIR "/cogvideox/models/tiny-2b"));
        auto r = window.request();
        r.prompt = "a windmill at dusk";
        r.frameCount = 9;
        r.width = 96;
        r.height = 64;
        r.steps = 20;
        window.setRequest(r);
        QTRY_VERIFY(window.isModelReady());
        auto* button = window.findChild<QPushButton*>(QStringLiteral("pauseButton"));
        auto* action = window.findChild<QAction*>(QStringLiteral("actionPause"));
        QVERIFY(button && action);
        QVERIFY(!button->isEnabled()); // nothing runs, nothing is paused
        QCOMPARE(button->text(), QStringLiteral("&Pause"));

        GenerationController* controller = window.generationController();
        QSignalSpy steps(controller, &GenerationController::stepFinished);
        QSignalSpy paused(controller, &GenerationController::paused);
        window.findChild<QAction*>(QStringLiteral("actionGenerate"))->trigger();
        QTRY_VERIFY_WITH_TIMEOUT(!steps.isEmpty(), 120000);
        QVERIFY(button->isEnabled());
        QTest::mouseClick(button, Qt::LeftButton);
        QTRY_VERIFY_WITH_TIMEOUT(!paused.isEmpty(), 120000);
        const int done = paused.first().at(0).toInt();
        const QString path = paused.first().at(1).toString();
        QVERIFY2(done >= 1 && done < 20, qPrintable(QString::number(done)));
        QVERIFY(QFile::exists(path));
        QVERIFY(!controller->isRunning());
        QTRY_VERIFY(!controller->isModelLoaded()); // the pause freed the memory

        // The paused run is in the history with its latents; the button now resumes it.
        QCOMPARE(window.historyPanel()->count(), 1);
        const HistoryEntry kept = window.historyPanel()->entries().first();
        QCOMPARE(kept.latentsPath, path);
        QCOMPARE(kept.stepsCompleted, done);
        QVERIFY(button->isEnabled());
        QCOMPARE(button->text(), QStringLiteral("&Resume"));
        QCOMPARE(action->text(), button->text());
        QVERIFY(button->toolTip().contains(QString::number(done + 1)));

        QSignalSpy finished(controller, &GenerationController::finished);
        steps.clear();
        QTest::mouseClick(button, Qt::LeftButton);
        QTRY_VERIFY_WITH_TIMEOUT(!finished.isEmpty(), 120000);
        QCOMPARE(steps.first().at(0).toInt(), done + 1); // it went on where it stopped
        const auto result = finished.first().first().value<framesmith::GenerationResult>();
        QCOMPARE(result.stepsCompleted, 20);
        QVERIFY(!result.isPartial);
        QCOMPARE(result.request.seed, r.seed);
        QCOMPARE(window.historyPanel()->count(), 1);
        const HistoryEntry clip = window.historyPanel()->entries().first();
        QCOMPARE(clip.id, kept.id);
        QVERIFY(QFile::exists(clip.videoPath));
        QVERIFY(!button->isEnabled());
        QCOMPARE(button->text(), QStringLiteral("&Pause"));
    }

    // A paused run outlives the window: after a "restart" (a new window on the same data), its
    // History entry offers Resume, which finishes it into the same entry.
    void aPausedRunResumesFromTheHistoryAfterARestart()
    {
        const QString data = m_dir.filePath(QStringLiteral("restart-data"));
        framesmith::GenerationRequest r;
        HistoryEntry kept;
        {
            AppSettings settings(m_dir.filePath(QStringLiteral("restart.ini")));
            MainWindow window(settings);
            window.setHistoryRoot(data);
            window.show();
            window.setModelFolder(QStringLiteral(FRAMESMITH_FIXTURES_DIR "/cogvideox/models/tiny-2b"));
            r = window.request();
            r.prompt = "a harbour in fog";
            r.frameCount = 9;
            r.width = 96;
            r.height = 64;
            r.steps = 12;
            window.setRequest(r);
            QTRY_VERIFY(window.isModelReady());
            GenerationController* controller = window.generationController();
            QSignalSpy steps(controller, &GenerationController::stepFinished);
            QSignalSpy paused(controller, &GenerationController::paused);
            window.findChild<QAction*>(QStringLiteral("actionGenerate"))->trigger();
            QTRY_VERIFY_WITH_TIMEOUT(!steps.isEmpty(), 120000);
            QTest::mouseClick(window.findChild<QPushButton*>(QStringLiteral("pauseButton")), Qt::LeftButton);
            QTRY_VERIFY_WITH_TIMEOUT(!paused.isEmpty(), 120000);
            kept = window.historyPanel()->entries().first();
            QVERIFY(kept.isPaused);
        }
        AppSettings settings(m_dir.filePath(QStringLiteral("restart.ini")));
        MainWindow window(settings);
        window.setHistoryRoot(data);
        window.show();
        QCOMPARE(window.historyPanel()->count(), 1);
        const HistoryEntry entry = window.historyPanel()->entries().first();
        QVERIFY(entry.isPaused);
        QCOMPARE(entry.stepsCompleted, kept.stepsCompleted);
        std::unique_ptr<QMenu> menu(window.historyPanel()->contextMenuFor(0));
        auto* resume = menu->findChild<QAction*>(QStringLiteral("resumeAction"));
        QVERIFY(resume);
        QVERIFY(resume->toolTip().contains(QString::number(kept.stepsCompleted + 1)));

        GenerationController* controller = window.generationController();
        QSignalSpy steps(controller, &GenerationController::stepFinished);
        QSignalSpy finished(controller, &GenerationController::finished);
        resume->trigger();
        QTRY_VERIFY_WITH_TIMEOUT(!finished.isEmpty(), 120000);
        QCOMPARE(steps.first().at(0).toInt(), kept.stepsCompleted + 1);
        const auto result = finished.first().first().value<framesmith::GenerationResult>();
        QCOMPARE(result.stepsCompleted, 12);
        QCOMPARE(result.request.prompt, r.prompt);
        QCOMPARE(window.historyPanel()->count(), 1);
        const HistoryEntry clip = window.historyPanel()->entries().first();
        QCOMPARE(clip.id, kept.id);
        QVERIFY(!clip.isPaused);
        QVERIFY(QFile::exists(clip.videoPath));
    }
};

FRAMESMITH_TEST_MAIN(tst_RunLauncher)

} // namespace tst_RunLauncher
#include "tst_RunLauncher.moc"
