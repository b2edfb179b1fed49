// The GUI monkey: 1000 seeded random actions on the real window and the tiny fixture model
// (typing, presets, schedulers, seeds, steps, generate, cancel, finish stage, language switch,
// export, history clicks, resize, unload), with no waiting for a run to end between them. Passes
// when nothing crashed, the window ends idle, and no clip was lost: every finished run is in the
// history with its video on disk and every export asked for was written or reported.
// FRAMESMITH_MONKEY_SEED / FRAMESMITH_MONKEY_ACTIONS replay or lengthen a run.
#include "ui/generation/GenerationController.h"
#include "ui/history/ClipShelf.h"
#include "ui/history/HistoryPanel.h"
#include "ui/main/MainWindow.h"
#include "ui/settings/AppSettings.h"
#include "ui/settings/AppTranslator.h"
#include "support/TestRegistry.h"

#include <QAbstractButton>
#include <QAction>
#include <QComboBox>
#include <QInputMethodEvent>
#include <QListWidget>
#include <QMessageBox>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QSignalSpy>
#include <QSpinBox>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QTest>

#include <functional>
#include <random>

namespace tst_GuiMonkey {

namespace {
constexpr int kTimeoutMs = 120000;
const QString kLetters = QStringLiteral("abc xyz ,.!?-_\"'\\");
const QString kCjk = QStringLiteral("雪中的红狐狸");
} // namespace

class tst_GuiMonkey : public QObject {
    Q_OBJECT

private:
    QTemporaryDir m_dir;
    std::mt19937 m_random;
    int m_exportsAsked = 0;

    int pick(int n) { return std::uniform_int_distribution<int>(0, n - 1)(m_random); }

    template <class T>
    T* child(MainWindow& window, const char* name)
    {
        T* found = window.findChild<T*>(QString::fromLatin1(name));
        if (!found)
            qFatal("no widget named %s", name);
        return found;
    }

    void clickIfEnabled(QAbstractButton* button)
    {
        if (button->isEnabled() && button->isVisible())
            QTest::mouseClick(button, Qt::LeftButton);
    }

    void triggerIfEnabled(MainWindow& window, const char* name)
    {
        auto* action = child<QAction>(window, name);
        if (action->isEnabled())
            action->trigger();
    }

    void typeInto(QWidget* editor)
    {
        editor->setFocus();
        if (pick(4) == 0)
            QTest::keyClick(editor, Qt::Key_A, Qt::ControlModifier); // select all, replaced below
        QString text;
        for (int i = 0, n = 1 + pick(12); i < n; ++i)
            text += kLetters.at(pick(kLetters.size()));
        QTest::keyClicks(editor, text);
        if (pick(3) == 0) { // CJK arrives through the input method, as from a real IME
            QInputMethodEvent commit;
            commit.setCommitString(kCjk.mid(pick(kCjk.size()), 1 + pick(3)));
            QCoreApplication::sendEvent(editor, &commit);
        }
        if (pick(3) == 0)
            QTest::keyClick(editor, Qt::Key_Backspace);
    }

    void chooseAtRandom(QComboBox* combo)
    {
        if (combo->isEnabled() && combo->count() > 0)
            combo->setCurrentIndex(pick(combo->count()));
    }

    void exportClip(MainWindow& window)
    {
        if (!child<QAction>(window, "actionExportClip")->isEnabled())
            return;
        framesmith::ExportOptions options;
        const char* names[] = {"clip.mp4", "clip.gif", "clip.webm"};
        const std::string name = names[pick(3)];
        options.format = *framesmith::exportFormatFromName(name.substr(name.find('.') + 1));
        options.path = m_dir.filePath(QStringLiteral("exports/%1-%2").arg(m_exportsAsked).arg(name.c_str())).toStdString();
        ++m_exportsAsked;
        window.exportClipTo(options);
    }

    void act(MainWindow& window, AppTranslator& translator)
    {
        switch (pick(20)) {
        case 0: case 1: typeInto(child<QPlainTextEdit>(window, "promptEdit")); break;
        case 2: typeInto(child<QPlainTextEdit>(window, "negativePromptEdit")); break;
        case 3: chooseAtRandom(child<QComboBox>(window, "presetCombo")); break;
        case 4: chooseAtRandom(child<QComboBox>(window, "schedulerCombo")); break;
        case 5: clickIfEnabled(child<QAbstractButton>(window, "randomizeSeedButton")); break;
        case 6: child<QSpinBox>(window, "stepsSpin")->setValue(1 + pick(3)); break;
        case 7: case 8: case 16: case 17: case 18:
            clickIfEnabled(child<QPushButton>(window, "generateButton"));
            break;
        // Stopping is rarer than the rest: a run spans dozens of actions and most should finish.
        case 9: if (pick(8) == 0) clickIfEnabled(child<QPushButton>(window, "cancelButton")); break;
        case 10: if (pick(4) == 0) triggerIfEnabled(window, "actionFinishStage"); break;
        case 11: triggerIfEnabled(window, pick(2) ? "actionLanguageChinese" : "actionLanguageEnglish"); break;
        case 12: exportClip(window); break;
        case 13: {
            QListWidget* list = window.historyPanel()->list();
            if (list->count() > 0)
                list->setCurrentRow(pick(list->count()));
            break;
        }
        case 14: window.resize(640 + pick(1000), 480 + pick(600)); break;
        case 15: if (pick(8) == 0) triggerIfEnabled(window, "actionUnloadModel"); break;
        default: exportClip(window); break;
        }
        Q_UNUSED(translator);
    }

    // Error boxes are window-modal (open(), non-blocking): a user reads and closes them.
    static void closeErrorBoxes(MainWindow& window)
    {
        for (QMessageBox* box : window.findChildren<QMessageBox*>(QStringLiteral("errorBox")))
            if (box->isVisible())
                box->close();
    }

private Q_SLOTS:
    void initTestCase()
    {
        QStandardPaths::setTestModeEnabled(true);
        QVERIFY(m_dir.isValid());
        QVERIFY(QDir(m_dir.path()).mkpath(QStringLiteral("exports")));
        qputenv("FRAMESMITH_CHECKPOINT_DIR", m_dir.filePath(QStringLiteral("checkpoints")).toUtf8());
    }

    void thousandRandomActionsLoseNoClip()
    {
        const unsigned seed = qEnvironmentVariableIntValue("FRAMESMITH_MONKEY_SEED");
        const int actions = qEnvironmentVariableIsSet("FRAMESMITH_MONKEY_ACTIONS")
                                ? qEnvironmentVariableIntValue("FRAMESMITH_MONKEY_ACTIONS") : 1000;
        m_random.seed(seed);
        qInfo("monkey seed %u, %d actions", seed, actions);
        AppSettings settings(m_dir.filePath(QStringLiteral("monkey.ini")));
        AppTranslator translator;
        MainWindow window(settings, &translator);
        window.setHistoryRoot(m_dir.filePath(QStringLiteral("data")));
        window.resize(1200, 800);
        window.show();
        window.setModelFolder(QStringLiteral(FRAMESMITH_FIXTURES_DIR "/cogvideox/models/tiny-2b"));
        auto request = window.request();
        request.prompt = "a fox";
        request.frameCount = 9;
        request.width = 96;
        request.height = 64;
        request.steps = 2;
        window.setRequest(request);

        GenerationController* controller = window.generationController();
        QSignalSpy started(controller, &GenerationController::started);
        QSignalSpy cancelled(controller, &GenerationController::cancelled);
        QSignalSpy stopped(controller, &GenerationController::paused); // Stop while denoising keeps the run resumable
        QSignalSpy finished(controller, &GenerationController::finished);
        QSignalSpy failed(controller, &GenerationController::failed);
        QSignalSpy exports(window.findChild<ClipShelf*>(), &ClipShelf::exportFinished);
        for (int i = 0; i < actions; ++i) {
            act(window, translator);
            closeErrorBoxes(window);
            QTest::qWait(pick(30));
        }
        if (controller->isRunning())
            clickIfEnabled(child<QPushButton>(window, "cancelButton"));
        QTRY_VERIFY_WITH_TIMEOUT(!controller->isRunning(), kTimeoutMs);
        QTRY_COMPARE_WITH_TIMEOUT(exports.size(), m_exportsAsked, kTimeoutMs);
        closeErrorBoxes(window);

        // No lost clip: every finished run is in the history, its video on disk.
        qInfo("%lld runs started: %lld finished, %lld cancelled, %lld stopped resumable, %lld failed; %d exports",
              static_cast<long long>(started.size()), static_cast<long long>(finished.size()),
              static_cast<long long>(cancelled.size()), static_cast<long long>(stopped.size()),
              static_cast<long long>(failed.size()), m_exportsAsked);
        QCOMPARE(started.size(), finished.size() + cancelled.size() + stopped.size() + failed.size());
        if (actions >= 500) // the mix must really have generated, or the test proves nothing
            QVERIFY2(finished.size() >= 2, qPrintable(QString("only %1 runs finished").arg(finished.size())));
        // A stopped or failed run after denoising steps is kept too: an entry with its latents, no clip.
        QVector<HistoryEntry> clips, keptLatents;
        for (const HistoryEntry& entry : window.historyPanel()->entries())
            (entry.videoPath.isEmpty() ? keptLatents : clips).push_back(entry);
        QCOMPARE(clips.size(), finished.size());
        QVERIFY(keptLatents.size() <= cancelled.size() + stopped.size() + failed.size());
        for (const HistoryEntry& entry : keptLatents)
            QVERIFY2(QFile::exists(entry.latentsPath), qPrintable(entry.latentsPath));
        for (const HistoryEntry& entry : clips) // auto-saved in the background
            QTRY_VERIFY2_WITH_TIMEOUT(QFile::exists(entry.videoPath), qPrintable(entry.videoPath), kTimeoutMs);
        // Every export asked for was written (one file or folder each, sidecars aside).
        int written = 0;
        for (const QList<QVariant>& e : exports) {
            QVERIFY2(e.first().toString().isEmpty(), qPrintable(e.first().toString()));
            ++written;
        }
        QCOMPARE(QDir(m_dir.filePath(QStringLiteral("exports"))).entryList({"*.mp4", "*.gif", "*.webm"}).size(), written);
        // A run may be refused (a preset this machine cannot run): said, and its latents kept if any.
        for (const QList<QVariant>& f : failed) {
            qInfo("failed run: %s (%s)", qPrintable(f.at(0).toString()), qPrintable(f.at(1).toString()));
            QVERIFY(!f.at(0).toString().isEmpty());
            QVERIFY(f.at(2).toString().isEmpty() || QFile::exists(f.at(2).toString()));
        }
    }
};

FRAMESMITH_TEST_MAIN(tst_GuiMonkey)

} // namespace tst_GuiMonkey
#include "tst_GuiMonkey.moc"
