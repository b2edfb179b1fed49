// The render queue in the real window, offscreen, with the real engine and the tiny model: jobs are
// added (button and Ctrl+Shift+Return), reordered, edited and cancelled while the queue is paused,
// variations (seeds, one prompt per line) come from the form, the queue then runs every waiting job
// one after another into the History (thumbnails in the dock), and a queue left mid-job by a dead
// app runs that job again when the app starts.
#include "ui/form/ParametersPanel.h"
#include "ui/history/HistoryStore.h"
#include "ui/main/MainWindow.h"
#include "ui/queue/QueueDock.h"
#include "ui/queue/QueuePanel.h"
#include "ui/queue/QueueStore.h"
#include "ui/queue/RenderQueue.h"
#include "ui/queue/VariationsDialog.h"
#include "ui/settings/AppSettings.h"
#include "support/TestRegistry.h"

#include <QAction>
#include <QDockWidget>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QRadioButton>
#include <QSpinBox>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QTest>
#include <QTreeWidget>

namespace tst_QueueDock {

namespace {
constexpr int kTimeoutMs = 180000;

bool setTinyRequest(MainWindow& window, const std::string& prompt, std::uint64_t seed)
{
    window.setModelFolder(QStringLiteral(FRAMESMITH_FIXTURES_DIR "/cogvideox/models/tiny-2b"));
    auto r = window.request();
    r.prompt = prompt;
    r.frameCount = 9;
    r.width = 96;
    r.height = 64;
    r.steps = 2;
    r.seed = seed;
    r.preset = "auto";
    window.setRequest(r);
    return QTest::qWaitFor([&] { return window.isModelReady(); }, kTimeoutMs);
}

QPushButton* button(MainWindow& window, const char* name)
{
    return window.findChild<QPushButton*>(QString::fromLatin1(name));
}

QStringList promptsOnDisk(const QString& root)
{
    QueueStore store(root);
    QStringList prompts;
    for (const QueueJob& job : store.load())
        prompts << QString::fromStdString(job.request.prompt);
    return prompts;
}

QueueJob::State stateOnDisk(const QString& root, const QString& id)
{
    QueueStore store(root);
    for (const QueueJob& job : store.load())
        if (job.id == id)
            return job.state;
    return QueueJob::State::Invalid;
}

// Opens Variations…, lets `fill` set the dialog up, accepts it.
template <class Fill>
void addVariations(MainWindow& window, Fill fill)
{
    button(window, "queueVariationsButton")->click();
    VariationsDialog* dialog = nullptr;
    QVERIFY(QTest::qWaitFor([&] { return (dialog = window.findChild<VariationsDialog*>()) && dialog->isVisible(); }));
    fill(*dialog);
    dialog->accept();
    QTest::qWait(0);
}
} // namespace

class tst_QueueDock : public QObject {
    Q_OBJECT

private:
    QTemporaryDir m_dir;
    QString root() const { return m_dir.filePath(QStringLiteral("data")); }

private Q_SLOTS:
    void initTestCase()
    {
        QStandardPaths::setTestModeEnabled(true);
        QVERIFY(m_dir.isValid());
        qputenv("FRAMESMITH_DATA_DIR", root().toUtf8());
        qputenv("FRAMESMITH_CHECKPOINT_DIR", m_dir.filePath(QStringLiteral("checkpoints")).toUtf8());
    }

    void addReorderEditCancelAndVariations()
    {
        AppSettings settings(m_dir.filePath(QStringLiteral("queue.ini")));
        MainWindow window(settings);
        window.setHistoryRoot(root());
        window.resize(1400, 900);
        window.show();
        RenderQueue* queue = window.queueDock()->queue();
        button(window, "queuePauseButton")->click(); // nothing starts while the order is set
        QVERIFY(queue->isPaused());
        QVERIFY(settings.isQueuePaused());
        QVERIFY(setTinyRequest(window, "first", 11));
        QVERIFY2(window.parametersPanel()->queueButton()->isEnabled(),
                 qPrintable(window.parametersPanel()->queueButton()->toolTip()));
        window.parametersPanel()->queueButton()->click();
        QVERIFY(setTinyRequest(window, "second", 12));
        QTest::keyClick(&window, Qt::Key_Return, Qt::ControlModifier | Qt::ShiftModifier);
        QVERIFY(setTinyRequest(window, "third", 13));
        window.findChild<QAction*>(QStringLiteral("actionAddToQueue"))->trigger();
        QVERIFY(window.queueDock()->dock()->isVisible());
        QCOMPARE(window.queueDock()->panel()->list()->topLevelItemCount(), 3);
        QCOMPARE(promptsOnDisk(root()), (QStringList{"first", "second", "third"}));
        QVERIFY(window.queueDock()->panel()->list()->topLevelItem(0)->text(3) != QStringLiteral("unknown")); // planned peak

        QueuePanel* panel = window.queueDock()->panel();
        panel->select(queue->jobs()[2].id);
        button(window, "queueUpButton")->click();
        QCOMPARE(promptsOnDisk(root()), (QStringList{"first", "third", "second"}));

        // Edited before it starts: load it, change the form, the job takes the form's settings.
        panel->select(queue->jobs()[1].id);
        button(window, "queueLoadButton")->click();
        QCOMPARE(window.request().prompt, std::string("third"));
        QVERIFY(setTinyRequest(window, "third, edited", 13));
        button(window, "queueUpdateButton")->click();
        QCOMPARE(promptsOnDisk(root()), (QStringList{"first", "third, edited", "second"}));

        const QString first = queue->jobs()[0].id;
        panel->select(first);
        button(window, "queueCancelButton")->click();
        QCOMPARE(stateOnDisk(root(), first), QueueJob::State::Cancelled);
        QVERIFY(!button(window, "queueUpButton")->isEnabled());

        QVERIFY(setTinyRequest(window, "base", 100));
        addVariations(window, [](VariationsDialog& d) {
            d.findChild<QRadioButton*>(QStringLiteral("promptsRadio"))->setChecked(true);
            d.findChild<QPlainTextEdit*>(QStringLiteral("promptsEdit"))->setPlainText("a cat\n\n  a dog  \n");
        });
        addVariations(window, [](VariationsDialog& d) { d.findChild<QSpinBox*>(QStringLiteral("countSpin"))->setValue(2); });
        QCOMPARE(promptsOnDisk(root()),
                 (QStringList{"first", "third, edited", "second", "a cat", "a dog", "base", "base"}));
        QCOMPARE(queue->jobs()[5].request.seed, std::uint64_t(100));
        QCOMPARE(queue->jobs()[6].request.seed, std::uint64_t(101));
    }

    void runsTheWaitingJobsIntoTheHistory()
    {
        AppSettings settings(m_dir.filePath(QStringLiteral("queue.ini"))); // still paused from before
        MainWindow window(settings);
        window.setHistoryRoot(root());
        window.show();
        RenderQueue* queue = window.queueDock()->queue();
        QCOMPARE(queue->jobs().size(), 7); // read back from the folder
        QVERIFY(queue->isPaused());
        QTest::qWait(50);
        QVERIFY(queue->runningId().isEmpty());
        button(window, "queuePauseButton")->click();
        const auto waiting = [&] {
            return std::count_if(queue->jobs().begin(), queue->jobs().end(),
                                 [](const QueueJob& j) { return !j.isFinished(); });
        };
        QVERIFY(QTest::qWaitFor([&] { return waiting() == 0; }, kTimeoutMs));
        HistoryStore history(root());
        QCOMPARE(history.entries().size(), 6);
        QTreeWidget* list = window.queueDock()->panel()->list();
        for (int i = 0; i < queue->jobs().size(); ++i) {
            const QueueJob& job = queue->jobs()[i];
            QCOMPARE(stateOnDisk(root(), job.id), job.state);
            if (i == 0)
                continue; // cancelled before it ran
            QCOMPARE(job.state, QueueJob::State::Done);
            QVERIFY2(!list->topLevelItem(i)->icon(0).isNull(), "a finished job shows its clip's thumbnail");
        }
        button(window, "queueClearButton")->click();
        QCOMPARE(queue->jobs().size(), 0);
        QCOMPARE(promptsOnDisk(root()), QStringList());
        QCOMPARE(history.entries().size(), 6); // the clips stay in the History
    }

    void aJobLeftRunningRunsAgainAtStart()
    {
        // What a killed app leaves behind: the job file still says "running".
        QueueJob job;
        QueueStore store(root());
        job.id = store.newId();
        job.state = QueueJob::State::Running;
        job.request.modelPath = FRAMESMITH_FIXTURES_DIR "/cogvideox/models/tiny-2b";
        job.request.prompt = "interrupted";
        job.request.frameCount = 9;
        job.request.width = 96;
        job.request.height = 64;
        job.request.steps = 2;
        QVERIFY(store.save(job));
        AppSettings settings(m_dir.filePath(QStringLiteral("restart.ini")));
        MainWindow window(settings);
        window.setHistoryRoot(root());
        RenderQueue* queue = window.queueDock()->queue();
        QVERIFY(QTest::qWaitFor([&] { return stateOnDisk(root(), job.id) == QueueJob::State::Done; }, kTimeoutMs));
        QCOMPARE(queue->jobs().front().state, QueueJob::State::Done);
        const auto entries = HistoryStore(root()).entries();
        QVERIFY(std::any_of(entries.begin(), entries.end(),
                            [](const HistoryEntry& e) { return e.request.prompt == "interrupted"; }));
    }

    void brokenJobFilesAreSkippedWithAWarning()
    {
        const QString folder = QueueStore(root()).folder();
        QFile broken(folder + QStringLiteral("/20260101-000000-000.json"));
        QVERIFY(broken.open(QIODevice::WriteOnly));
        broken.write("{\"request\": {\"model\": 5}, \"queue\": {\"state\": \"waiting\"}}");
        broken.close();
        QueueStore store(root());
        const auto jobs = store.load();
        QVERIFY(std::none_of(jobs.begin(), jobs.end(), [](const QueueJob& j) { return j.id == "20260101-000000-000"; }));
        QCOMPARE(store.warnings().size(), 1);
        QVERIFY2(store.warnings().front().contains(QStringLiteral("model")), qPrintable(store.warnings().front()));
    }
};

FRAMESMITH_TEST_MAIN(tst_QueueDock)

} // namespace tst_QueueDock
#include "tst_QueueDock.moc"
