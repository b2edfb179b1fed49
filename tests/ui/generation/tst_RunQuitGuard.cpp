// Closing the window during a run asks first. "Keep running" leaves the run alone; "Stop and keep
// the latents" cancels it and the window stays; "Quit" cancels it and closes the window only
// after the worker's terminal signal. With nothing running the window closes at once.
#include "framesmith/Stage.h"
#include "ui/generation/GenerationController.h"
#include "ui/generation/RunQuitGuard.h"
#include "ui/history/HistoryPanel.h"
#include "ui/main/MainWindow.h"
#include "ui/settings/AppSettings.h"
#include "support/TestRegistry.h"

#include <QAbstractButton>
#include <QAction>
#include <QFile>
#include <QMessageBox>
#include <QSignalSpy>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QTest>

namespace tst_RunQuitGuard {

namespace {
constexpr int kTimeoutMs = 120000;

bool startLongRun(MainWindow& window)
{
    window.setModelFolder(QStringLiteral(FRAMESMITH_FIXTURES_DIR "/cogvideox/models/tiny-2b"));
    auto r = window.request();
    r.prompt = "a lighthouse in a storm";
    r.frameCount = 9;
    r.width = 96;
    r.height = 64;
    r.steps = 200;
    window.setRequest(r);
    if (!QTest::qWaitFor([&] { return window.isModelReady(); }, kTimeoutMs))
        return false;
    QSignalSpy steps(window.generationController(), &GenerationController::stepFinished);
    window.findChild<QAction*>(QStringLiteral("actionGenerate"))->trigger();
    return steps.wait(kTimeoutMs); // denoising is under way
}

void answer(MainWindow& window, const char* button)
{
    auto* question = window.findChild<QMessageBox*>(QStringLiteral("quitDuringRunBox"));
    QVERIFY(question);
    question->findChild<QAbstractButton*>(QString::fromLatin1(button))->click();
}
} // namespace

class tst_RunQuitGuard : public QObject {
    Q_OBJECT

private:
    QTemporaryDir m_dir;

private Q_SLOTS:
    void initTestCase()
    {
        QStandardPaths::setTestModeEnabled(true);
        QVERIFY(m_dir.isValid());
        qputenv("FRAMESMITH_DATA_DIR", m_dir.filePath(QStringLiteral("data")).toUtf8());
    }

    void idleWindowClosesAtOnce()
    {
        AppSettings settings(m_dir.filePath(QStringLiteral("idle.ini")));
        MainWindow window(settings);
        window.show();
        QVERIFY(window.close());
        QVERIFY(!window.findChild<QMessageBox*>(QStringLiteral("quitDuringRunBox")));
    }

    void keepRunningThenQuitAfterTheRunStops()
    {
        AppSettings settings(m_dir.filePath(QStringLiteral("quit.ini")));
        MainWindow window(settings);
        window.setHistoryRoot(m_dir.filePath(QStringLiteral("quit-data")));
        window.show();
        QVERIFY(startLongRun(window));
        GenerationController* controller = window.generationController();
        QSignalSpy cancelled(controller, &GenerationController::cancelled);

        window.findChild<QAction*>(QStringLiteral("actionQuit"))->trigger(); // Ctrl+Q
        QVERIFY(window.isVisible());
        answer(window, "keepRunningButton");
        QVERIFY(controller->isRunning());
        QVERIFY(window.isVisible());

        QVERIFY(!window.close());
        answer(window, "quitButton");
        QVERIFY(window.quitGuard()->isQuitting());
        QVERIFY(window.isVisible()); // not in the middle of a step: after the worker is done
        QTRY_COMPARE_WITH_TIMEOUT(cancelled.count(), 1, kTimeoutMs);
        QTRY_VERIFY(!window.isVisible());
        QVERIFY(!controller->isRunning());
        // The stopped run's latents are saved and in the history before the window went.
        const QString latents = cancelled.first().at(2).toString();
        QVERIFY(QFile::exists(latents));
        QCOMPARE(window.historyPanel()->count(), 1);
        QCOMPARE(window.historyPanel()->entries().first().latentsPath, latents);
        QVERIFY(window.historyPanel()->entries().first().isPartial);
    }

    void stopKeepsTheWindowOpen()
    {
        AppSettings settings(m_dir.filePath(QStringLiteral("stop.ini")));
        MainWindow window(settings);
        window.setHistoryRoot(m_dir.filePath(QStringLiteral("stop-data")));
        window.show();
        QVERIFY(startLongRun(window));
        QSignalSpy cancelled(window.generationController(), &GenerationController::cancelled);
        QVERIFY(!window.close());
        answer(window, "stopButton");
        QTRY_COMPARE_WITH_TIMEOUT(cancelled.count(), 1, kTimeoutMs);
        QVERIFY(window.isVisible());
        QVERIFY(!window.quitGuard()->isQuitting());
        QVERIFY(QFile::exists(cancelled.first().at(2).toString()));
        QCOMPARE(window.historyPanel()->entries().first().latentsPath, cancelled.first().at(2).toString());
        QVERIFY(window.close()); // idle now: closes without a question
    }
};

FRAMESMITH_TEST_MAIN(tst_RunQuitGuard)

} // namespace tst_RunQuitGuard
#include "tst_RunQuitGuard.moc"
