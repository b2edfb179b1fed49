// RunLauncher: a run without a prompt is never started by accident (a question first); with a
// prompt it starts at once and ends in the history.
#include "ui/AppSettings.h"
#include "ui/GenerationController.h"
#include "ui/MainWindow.h"
#include "ui/PromptPanel.h"

#include <QAbstractButton>
#include <QAction>
#include <QMessageBox>
#include <QSignalSpy>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QTest>

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
};

QTEST_MAIN(tst_RunLauncher)
#include "tst_RunLauncher.moc"
