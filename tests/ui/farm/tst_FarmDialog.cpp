// "Send to farm…" in the real window, offscreen: the Queue dock's button opens the dialog, which
// refuses to submit without a partition and an existing output folder; the waiting jobs go to
// `framesmith-cli farm submit` (the real binary beside this test) with a fake sbatch on PATH that
// records its arguments and prints an array id; the jobs become "On the farm (4242)" on screen
// and on disk; the dialog's values are remembered for the next time; a submission Slurm refuses
// leaves the jobs waiting and says why.
#include "ui/farm/FarmDialog.h"
#include "ui/form/ParametersPanel.h"
#include "ui/main/MainWindow.h"
#include "ui/queue/QueueDock.h"
#include "ui/queue/QueuePanel.h"
#include "ui/queue/QueueStore.h"
#include "ui/queue/RenderQueue.h"
#include "ui/settings/AppSettings.h"
#include "support/TestRegistry.h"

#include <QDialogButtonBox>
#include <QLabel>
#include <QLineEdit>
#include <QMessageBox>
#include <QPushButton>
#include <QSpinBox>
#include <QStandardPaths>
#include <QStatusBar>
#include <QTemporaryDir>
#include <QTest>
#include <QTreeWidget>

#include <algorithm>

namespace tst_FarmDialog {

namespace {
constexpr int kTimeoutMs = 180000;

bool queueTinyJob(MainWindow& window, std::uint64_t seed)
{
    window.setModelFolder(QStringLiteral(FRAMESMITH_FIXTURES_DIR "/cogvideox/models/tiny-2b"));
    auto r = window.request();
    r.prompt = "a lighthouse at dusk";
    r.frameCount = 9;
    r.width = 96;
    r.height = 64;
    r.steps = 1;
    r.seed = seed;
    window.setRequest(r);
    if (!QTest::qWaitFor([&] { return window.isModelReady() && window.parametersPanel()->queueButton()->isEnabled(); },
                         kTimeoutMs))
        return false;
    window.parametersPanel()->queueButton()->click();
    return true;
}

QString readText(const QString& path)
{
    QFile file(path);
    return file.open(QIODevice::ReadOnly) ? QString::fromUtf8(file.readAll()) : QString();
}

template <class T>
T* field(QDialog* dialog, const char* name)
{
    return dialog->findChild<T*>(QString::fromLatin1(name));
}
} // namespace

class tst_FarmDialog : public QObject {
    Q_OBJECT

private:
    QTemporaryDir m_dir;
    QString path(const QString& name) const { return m_dir.filePath(name); }

    FarmDialog* openDialog(MainWindow& window)
    {
        window.findChild<QPushButton*>(QStringLiteral("queueFarmButton"))->click();
        FarmDialog* dialog = nullptr;
        const bool isOpen = QTest::qWaitFor([&] { return (dialog = window.findChild<FarmDialog*>()) && dialog->isVisible(); });
        return isOpen ? dialog : nullptr;
    }

    QStringList statesOnDisk() const
    {
        QStringList states;
        for (const QueueJob& job : QueueStore(path("data")).load())
            states << QString::fromLatin1(QueueJob::stateKey(job.state)) + ":" + job.farmArrayId;
        return states;
    }

private Q_SLOTS:
    void initTestCase()
    {
        QStandardPaths::setTestModeEnabled(true);
        QVERIFY(m_dir.isValid());
        for (const char* sub : {"bin", "out", "data"})
            QVERIFY(QDir(m_dir.path()).mkpath(sub));
        qputenv("FRAMESMITH_DATA_DIR", path("data").toUtf8());
        QFile sbatch(path("bin/sbatch"));
        QVERIFY(sbatch.open(QIODevice::WriteOnly));
        sbatch.write("#!/bin/sh\necho \"$*\" >> \"$FAKE_SLURM_LOG\"\n"
                     "if [ -n \"$FAKE_SBATCH_FAIL\" ]; then echo 'sbatch: error: invalid partition specified: gpu' >&2; exit 1; fi\n"
                     "cp \"$2\" \"$FAKE_SLURM_LOG.script\"\necho 4242\n");
        sbatch.close();
        QVERIFY(sbatch.setPermissions(sbatch.permissions() | QFile::ExeOwner));
        qputenv("PATH", path("bin").toUtf8() + ":" + qgetenv("PATH"));
        qputenv("FAKE_SLURM_LOG", path("sbatch-calls.txt").toUtf8());
    }

    void sendsTheWaitingJobsAndRemembers()
    {
        AppSettings settings(path("farm.ini"));
        MainWindow window(settings);
        window.setHistoryRoot(path("data"));
        window.resize(1400, 900);
        window.show();
        RenderQueue* queue = window.queueDock()->queue();
        window.findChild<QPushButton*>(QStringLiteral("queuePauseButton"))->click(); // nothing runs here
        QVERIFY(!window.findChild<QPushButton*>(QStringLiteral("queueFarmButton"))->isEnabled()); // nothing to send
        QVERIFY(queueTinyJob(window, 1));
        QVERIFY(queueTinyJob(window, 2));
        QCOMPARE(queue->farmableIds().size(), 2);

        FarmDialog* dialog = openDialog(window);
        QVERIFY(dialog);
        QPushButton* ok = field<QDialogButtonBox>(dialog, "")->button(QDialogButtonBox::Ok);
        QVERIFY(!ok->isEnabled()); // no partition yet
        QVERIFY(field<QLabel>(dialog, "farmProblem")->text().contains("partition"));
        field<QLineEdit>(dialog, "farmPartition")->setText("gpu");
        // The folder rows' labels have their field as buddy: "&Output folder" is a shortcut, not text.
        for (const char* name : {"farmOutputFolder", "farmModelFolder"}) {
            QLineEdit* edit = field<QLineEdit>(dialog, name);
            const auto labels = dialog->findChildren<QLabel*>();
            QVERIFY2(std::any_of(labels.begin(), labels.end(), [edit](QLabel* l) { return l->buddy() == edit; }), name);
        }
        field<QLineEdit>(dialog, "farmOutputFolder")->setText(path("no-such-folder"));
        QVERIFY(!ok->isEnabled());
        field<QLineEdit>(dialog, "farmOutputFolder")->setText(path("out"));
        field<QSpinBox>(dialog, "farmGpusPerJob")->setValue(2);
        field<QLineEdit>(dialog, "farmSbatchArgs")->setText("qos=high");
        QVERIFY(!ok->isEnabled()); // not an option
        field<QLineEdit>(dialog, "farmSbatchArgs")->setText("--qos=high --account=art");
        QVERIFY2(ok->isEnabled(), qPrintable(field<QLabel>(dialog, "farmProblem")->text()));
        ok->click();

        QVERIFY2(QTest::qWaitFor([&] { return statesOnDisk() == QStringList{"sent:4242", "sent:4242"}; }, kTimeoutMs),
                 qPrintable(statesOnDisk().join(' ') + " / " + window.statusBar()->currentMessage()));
        QVERIFY(window.queueDock()->panel()->list()->topLevelItem(0)->text(0).contains("4242"));
        QVERIFY(window.statusBar()->currentMessage().contains("4242"));
        const QString calls = readText(path("sbatch-calls.txt"));
        QVERIFY2(calls.startsWith("--parsable " + path("out/.farm/")), qPrintable(calls));
        const QString script = readText(path("sbatch-calls.txt.script"));
        QVERIFY2(script.contains("#SBATCH --partition=gpu\n") && script.contains("#SBATCH --gres=gpu:2\n") &&
                     script.contains("#SBATCH --qos=high\n") && script.contains("#SBATCH --account=art\n") &&
                     script.contains("#SBATCH --array=0-1\n"),
                 qPrintable(script));
        QVERIFY(!window.findChild<QPushButton*>(QStringLiteral("queueFarmButton"))->isEnabled()); // all sent

        // Remembered, and offered again the next time.
        QCOMPARE(AppSettings(path("farm.ini")).farmOptions().partition, QStringLiteral("gpu"));
        QVERIFY(queueTinyJob(window, 3));
        dialog = openDialog(window);
        QVERIFY(dialog);
        QCOMPARE(field<QLineEdit>(dialog, "farmPartition")->text(), QStringLiteral("gpu"));
        QCOMPARE(field<QSpinBox>(dialog, "farmGpusPerJob")->value(), 2);
        QCOMPARE(field<QLineEdit>(dialog, "farmSbatchArgs")->text(), QStringLiteral("--qos=high --account=art"));

        // Slurm refuses: the job stays waiting here and the window says why, in a box that stays
        // (not a status line cut off and gone after 8 s).
        qputenv("FAKE_SBATCH_FAIL", "1");
        field<QDialogButtonBox>(dialog, "")->button(QDialogButtonBox::Ok)->click();
        QMessageBox* box = nullptr;
        QVERIFY(QTest::qWaitFor([&] { return (box = window.findChild<QMessageBox*>(QStringLiteral("errorBox"))); }, kTimeoutMs));
        QVERIFY2(box->informativeText().contains("invalid partition"), qPrintable(box->informativeText()));
        QTest::qWait(100);
        QVERIFY(box->isVisible());
        box->close();
        qunsetenv("FAKE_SBATCH_FAIL");
        QCOMPARE(statesOnDisk().count("waiting:"), 1);
        QCOMPARE(queue->farmableIds().size(), 1);
    }
};

FRAMESMITH_TEST_MAIN(tst_FarmDialog)

} // namespace tst_FarmDialog
#include "tst_FarmDialog.moc"
