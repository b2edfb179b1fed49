// The run state machine drives every control: a real window and the tiny fixture model walked
// through start, a stray Esc (asks, keeps running), pause, resume, Stop (asked by Esc: the run stays
// resumable like a pause), resume to the end (its paused checkpoint gone), a failure, and a stop
// before the first step (no history entry), asserting Generate, Stop, Pause/Resume, "Stop denoising
// and decode", the hint beside Generate and the status bar's progress in every state.
#include "ui/form/ParametersPanel.h"
#include "ui/generation/GenerationController.h"
#include "ui/generation/RunControls.h"
#include "ui/generation/RunPresenter.h"
#include "ui/generation/RunStateMachine.h"
#include "ui/history/HistoryPanel.h"
#include "ui/main/MainWindow.h"
#include "ui/settings/AppSettings.h"
#include "support/TestRegistry.h"

#include <QAction>
#include <QDir>
#include <QLabel>
#include <QMessageBox>
#include <QProgressBar>
#include <QPushButton>
#include <QSignalSpy>
#include <QStandardPaths>
#include <QStatusBar>
#include <QTemporaryDir>
#include <QTest>

namespace tst_RunControls {

namespace {
constexpr int kTimeoutMs = 120000;
using State = RunStateMachine::State;

// What every run control shows, in one comparable line.
struct Controls {
    bool generate, stop, pause, finishStage, progress;
    QString pauseText;
    bool operator==(const Controls& o) const
    {
        return generate == o.generate && stop == o.stop && pause == o.pause && finishStage == o.finishStage &&
               progress == o.progress && pauseText == o.pauseText;
    }
};

char* toString(const Controls& c)
{
    return qstrdup(qPrintable(QStringLiteral("generate=%1 stop=%2 pause=%3(%4) finishStage=%5 progress=%6")
                                  .arg(c.generate).arg(c.stop).arg(c.pause).arg(c.pauseText).arg(c.finishStage)
                                  .arg(c.progress)));
}

const Controls kIdle{true, false, false, false, false, QStringLiteral("&Pause")};
const Controls kRunning{false, true, true, true, true, QStringLiteral("&Pause")};
const Controls kPausing{false, true, false, false, true, QStringLiteral("&Pause")};
const Controls kStopping{false, false, false, false, true, QStringLiteral("&Pause")};
const Controls kPaused{true, false, true, false, false, QStringLiteral("&Resume")};
} // namespace

class tst_RunControls : public QObject {
    Q_OBJECT

private:
    QTemporaryDir m_dir;

    template <class T>
    static T* child(MainWindow& window, const char* name)
    {
        return window.findChild<T*>(QString::fromLatin1(name));
    }

    static Controls controlsOf(MainWindow& window)
    {
        auto* generate = child<QPushButton>(window, "generateButton");
        auto* stop = child<QPushButton>(window, "cancelButton");
        auto* pause = child<QPushButton>(window, "pauseButton");
        // Each button mirrors its action: a menu item never says otherwise.
        if (generate->isEnabled() != child<QAction>(window, "actionGenerate")->isEnabled() ||
            stop->isEnabled() != child<QAction>(window, "actionCancel")->isEnabled() ||
            pause->isEnabled() != child<QAction>(window, "actionPause")->isEnabled() ||
            pause->text() != child<QAction>(window, "actionPause")->text())
            return {};
        return {generate->isEnabled(), stop->isEnabled(), pause->isEnabled(),
                child<QAction>(window, "actionFinishStage")->isEnabled(),
                !window.runPresenter()->progressBar()->isHidden(), pause->text()};
    }

    QStringList checkpoints() const
    {
        return QDir(m_dir.filePath(QStringLiteral("checkpoints"))).entryList({QStringLiteral("*.safetensors")}, QDir::Files);
    }

    static QMessageBox* stopQuestion(MainWindow& window)
    {
        window.activateWindow(); // a closed question may leave no window active offscreen
        if (!QTest::qWaitForWindowActive(&window))
            return nullptr;
        QTest::keyClick(&window, Qt::Key_Escape);
        return window.runControls()->stopQuestion();
    }

private Q_SLOTS:
    void initTestCase()
    {
        QStandardPaths::setTestModeEnabled(true);
        QVERIFY(m_dir.isValid());
        qputenv("FRAMESMITH_DATA_DIR", m_dir.filePath(QStringLiteral("data")).toUtf8());
        qputenv("FRAMESMITH_CHECKPOINT_DIR", m_dir.filePath(QStringLiteral("checkpoints")).toUtf8());
    }

    void everyTransitionSetsEveryControl()
    {
        AppSettings settings(m_dir.filePath(QStringLiteral("walk.ini")));
        MainWindow window(settings);
        window.setHistoryRoot(m_dir.filePath(QStringLiteral("walk-data")));
        window.show();
        window.activateWindow();
        QVERIFY(QTest::qWaitForWindowActive(&window));
        window.setModelFolder(QStringLiteral(FRAMESMITH_FIXTURES_DIR "/cogvideox/models/tiny-2b"));
        auto r = window.request();
        r.prompt = "a lighthouse in a storm";
        r.frameCount = 9;
        r.width = 96;
        r.height = 64;
        r.steps = 12;
        window.setRequest(r);
        QTRY_VERIFY_WITH_TIMEOUT(window.isModelReady(), kTimeoutMs);
        RunStateMachine* state = window.runState();
        GenerationController* controller = window.generationController();
        QLabel* hint = window.parametersPanel()->generateHint();
        QCOMPARE(state->state(), State::Idle);
        QCOMPARE(controlsOf(window), kIdle);
        QVERIFY(hint->isHidden());
        QVERIFY(stopQuestion(window) == nullptr); // Esc with nothing running asks nothing

        // A problem in the form: Generate off, and the reason beside it (not below the form).
        auto bad = r;
        bad.frameCount = 10;
        window.setRequest(bad);
        QVERIFY(!child<QPushButton>(window, "generateButton")->isEnabled());
        QVERIFY(hint->isVisibleTo(&window));
        QVERIFY2(hint->text().contains(QStringLiteral("Frames")), qPrintable(hint->text()));
        window.setRequest(r);
        QVERIFY(hint->isHidden());

        // Start: running.
        QSignalSpy steps(controller, &GenerationController::stepFinished);
        QSignalSpy paused(controller, &GenerationController::paused);
        QSignalSpy finished(controller, &GenerationController::finished);
        child<QPushButton>(window, "generateButton")->click();
        QCOMPARE(state->state(), State::Running);
        QCOMPARE(controlsOf(window), kRunning);
        QVERIFY(steps.wait(kTimeoutMs));

        // A stray Esc asks; Esc again (or Keep running) leaves the run alone.
        QMessageBox* question = stopQuestion(window);
        QVERIFY(question);
        QTRY_VERIFY(question->isVisible());
        QCOMPARE(question->defaultButton()->objectName(), QStringLiteral("keepRunningButton"));
        QTest::keyClick(question, Qt::Key_Escape);
        QTRY_VERIFY(window.runControls()->stopQuestion() == nullptr);
        QCOMPARE(controller->requestedCancel(), framesmith::CancelMode::None);
        QCOMPARE(state->state(), State::Running);

        // Pause: pausing, then paused. Generate is free again, Resume offered, no frozen progress.
        child<QPushButton>(window, "pauseButton")->click();
        QCOMPARE(state->state(), State::Pausing);
        QCOMPARE(controlsOf(window), kPausing);
        QTRY_COMPARE_WITH_TIMEOUT(paused.size(), 1, kTimeoutMs);
        QCOMPARE(state->state(), State::Paused);
        QCOMPARE(controlsOf(window), kPaused);
        QVERIFY2(window.statusBar()->currentMessage().contains(QStringLiteral("Paused")),
                 qPrintable(window.statusBar()->currentMessage()));
        const QString firstPause = paused.first().at(1).toString();

        // Resume, then Stop through Esc's question: stopping, then paused again (resumable), not lost.
        steps.clear();
        child<QPushButton>(window, "pauseButton")->click();
        QCOMPARE(state->state(), State::Running);
        QCOMPARE(controlsOf(window), kRunning);
        QVERIFY(steps.wait(kTimeoutMs));
        question = stopQuestion(window);
        QVERIFY(question);
        question->findChild<QPushButton*>(QStringLiteral("stopRunButton"))->click();
        QCOMPARE(state->state(), State::Stopping);
        QCOMPARE(controlsOf(window), kStopping);
        QTRY_COMPARE_WITH_TIMEOUT(paused.size(), 2, kTimeoutMs);
        QCOMPARE(state->state(), State::Paused);
        QCOMPARE(controlsOf(window), kPaused);
        QVERIFY2(window.statusBar()->currentMessage().contains(QStringLiteral("Stopped")),
                 qPrintable(window.statusBar()->currentMessage()));
        const QString secondPause = paused.at(1).at(1).toString();
        QVERIFY(QFile::exists(secondPause));
        QCOMPARE(window.historyPanel()->count(), 1);
        QVERIFY(window.historyPanel()->entries().first().isPaused);
        QCOMPARE(window.historyPanel()->entries().first().latentsPath, secondPause);
        if (secondPause != firstPause)
            QVERIFY(!QFile::exists(firstPause)); // the entry holds the newer pause; the older one went

        // Resume to the end: idle, one clip, and no paused checkpoint left behind.
        child<QPushButton>(window, "pauseButton")->click();
        QCOMPARE(controlsOf(window), kRunning);
        QTRY_COMPARE_WITH_TIMEOUT(finished.size(), 1, kTimeoutMs);
        QCOMPARE(state->state(), State::Idle);
        QCOMPARE(controlsOf(window), kIdle);
        QCOMPARE(window.historyPanel()->count(), 1);
        QVERIFY(!window.historyPanel()->entries().first().videoPath.isEmpty());
        QVERIFY2(checkpoints().isEmpty(), qPrintable(checkpoints().join(',')));

        // A failure: back to idle.
        auto other = r;
        other.prompt += " at dawn"; // not in the warm engine's prompt cache
        window.setRequest(other);
        qputenv("FRAMESMITH_INJECT_OOM", "text-encode:*:0");
        QSignalSpy failed(controller, &GenerationController::failed);
        child<QAction>(window, "actionGenerate")->trigger();
        QCOMPARE(controlsOf(window), kRunning);
        QTRY_COMPARE_WITH_TIMEOUT(failed.size(), 1, kTimeoutMs);
        qunsetenv("FRAMESMITH_INJECT_OOM");
        QCOMPARE(state->state(), State::Idle);
        QCOMPARE(controlsOf(window), kIdle);
        for (QWidget* box : window.findChildren<QWidget*>(QStringLiteral("errorBox")))
            box->close();

        // Stopped before its first step: idle, nothing for the history.
        QSignalSpy cancelled(controller, &GenerationController::cancelled);
        child<QAction>(window, "actionGenerate")->trigger();
        child<QPushButton>(window, "cancelButton")->click(); // still loading: stops now
        QCOMPARE(state->state(), State::Stopping);
        QCOMPARE(controlsOf(window), kStopping);
        QTRY_COMPARE_WITH_TIMEOUT(cancelled.size(), 1, kTimeoutMs);
        QCOMPARE(cancelled.first().at(0).toInt(), 0);
        QCOMPARE(state->state(), State::Idle);
        QCOMPARE(controlsOf(window), kIdle);
        QCOMPARE(window.historyPanel()->count(), 1);
    }
};

FRAMESMITH_TEST_MAIN(tst_RunControls)

} // namespace tst_RunControls
#include "tst_RunControls.moc"
