// bench/gpu/run.sh quick, the GPU loan's one command, with every stage faked
// (FRAMESMITH_QUICK_FAKE: a stage only sleeps and records a row), so neither a build nor a GPU is
// needed: a stage still running at the deadline is stopped, the later ones are skipped and say
// so, and the report is still written; a call killed from outside keeps in $OUT every row it made.
#include <QFile>
#include <QJsonDocument>
#include <QJsonObject>
#include <QMap>
#include <QProcess>
#include <QTemporaryDir>
#include <QTest>
#include <QThread>

#include <csignal>
#include <sys/types.h>
#include "support/TestRegistry.h"

namespace tst_GpuQuickRun {

namespace {

const QString kRunScript = QStringLiteral(FRAMESMITH_SOURCE_DIR "/bench/gpu/run.sh");

QProcessEnvironment quickEnvironment(const QTemporaryDir& dir, const QString& fake, int budgetSeconds)
{
    QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
    env.insert(QStringLiteral("OUT"), dir.filePath(QStringLiteral("out")));
    env.insert(QStringLiteral("WORK"), dir.filePath(QStringLiteral("work")));
    env.insert(QStringLiteral("FRAMESMITH_QUICK_FAKE"), fake);
    env.insert(QStringLiteral("FRAMESMITH_QUICK_BUDGET_S"), QString::number(budgetSeconds));
    return env;
}

// Every line of $OUT/results.jsonl must be a JSON object (a killed call leaves no half row).
QList<QJsonObject> readRows(const QString& path, bool* allValid)
{
    QList<QJsonObject> rows;
    *allValid = true;
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly))
        return rows;
    for (const QByteArray& line : file.readAll().split('\n')) {
        if (line.trimmed().isEmpty())
            continue;
        const QJsonDocument doc = QJsonDocument::fromJson(line);
        *allValid = *allValid && doc.isObject();
        rows.append(doc.object());
    }
    return rows;
}

// stage -> status of the quick rows ("ok", "skipped", "stopped", "failed").
QMap<QString, QString> stageStatus(const QList<QJsonObject>& rows)
{
    QMap<QString, QString> status;
    for (const QJsonObject& row : rows)
        if (row.value(QStringLiteral("step")).toString() == QStringLiteral("quick"))
            status[row.value(QStringLiteral("stage")).toString()] = row.value(QStringLiteral("status")).toString();
    return status;
}

} // namespace

class tst_GpuQuickRun : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void stopsASlowStageAtTheDeadlineSkipsTheRestAndReports()
    {
        QTemporaryDir dir;
        QVERIFY(dir.isValid());
        QProcess quick;
        quick.setProcessEnvironment(quickEnvironment(dir, QStringLiteral("parity-float32=120"), 20));
        quick.setProcessChannelMode(QProcess::MergedChannels);
        quick.start(QStringLiteral("bash"), {kRunScript, QStringLiteral("quick")});
        // The faked parity stage would sleep 120 s: only the deadline ends the call this soon.
        QVERIFY2(quick.waitForFinished(90000), "quick did not end at its deadline");
        const QString log = QString::fromUtf8(quick.readAll());
        QCOMPARE(quick.exitCode(), 3); // some stage skipped or stopped

        bool allValid = false;
        const auto status = stageStatus(readRows(dir.filePath(QStringLiteral("out/results.jsonl")), &allValid));
        QVERIFY(allValid);
        QCOMPARE(status.value(QStringLiteral("probe")), QStringLiteral("ok"));
        QCOMPARE(status.value(QStringLiteral("build")), QStringLiteral("ok"));
        QCOMPARE(status.value(QStringLiteral("parity-float32")), QStringLiteral("stopped"));
        for (const char* later : {"weights-2b", "2b-max-speed", "2b-low-memory", "diffusers-2b-resident"})
            QVERIFY2(status.value(QString::fromLatin1(later)) == QStringLiteral("skipped"), later);
        QCOMPARE(status.value(QStringLiteral("report")), QStringLiteral("ok"));
        QVERIFY(log.contains(QStringLiteral("weights-2b: SKIPPED")));

        QFile summary(dir.filePath(QStringLiteral("out/benchmarks-gpu.md")));
        QVERIFY(summary.open(QIODevice::ReadOnly));
        const QString text = QString::fromUtf8(summary.readAll());
        QVERIFY(text.contains(QStringLiteral("| parity-float32 | stopped |")));
        QVERIFY(text.contains(QStringLiteral("| diffusers-2b-resident | skipped |")));
    }

    void aKilledCallKeepsItsRowsInOut()
    {
        QTemporaryDir dir;
        QVERIFY(dir.isValid());
        QProcess quick;
        quick.setProcessEnvironment(quickEnvironment(dir, QStringLiteral("parity-float32=120"), 300));
        // setsid: the call leads a process group of its own, killed whole as the device kills it.
        quick.start(QStringLiteral("setsid"), {QStringLiteral("bash"), kRunScript, QStringLiteral("quick")});
        QVERIFY(quick.waitForStarted());
        const QString results = dir.filePath(QStringLiteral("out/results.jsonl"));
        bool isInSlowStage = false;
        for (int i = 0; i < 300 && !isInSlowStage; ++i) { // until the faked parity stage has begun
            QThread::msleep(100);
            QFile file(results);
            isInSlowStage = file.open(QIODevice::ReadOnly) &&
                            file.readAll().contains("\"step\": \"fake\", \"stage\": \"parity-float32\"");
        }
        QVERIFY2(isInSlowStage, "quick never reached its parity stage");
        QCOMPARE(::kill(-static_cast<pid_t>(quick.processId()), SIGKILL), 0);
        QVERIFY(quick.waitForFinished(10000));

        bool allValid = false;
        const auto rows = readRows(results, &allValid);
        QVERIFY(allValid);
        const auto status = stageStatus(rows);
        QCOMPARE(status.value(QStringLiteral("probe")), QStringLiteral("ok"));
        QCOMPARE(status.value(QStringLiteral("build")), QStringLiteral("ok"));
        QVERIFY(!status.contains(QStringLiteral("report"))); // it was killed before: the rows came as made
        QVERIFY(QFile::exists(dir.filePath(QStringLiteral("out/run.log"))));
    }
};

FRAMESMITH_TEST_GUILESS_MAIN(tst_GpuQuickRun)

} // namespace tst_GpuQuickRun
#include "tst_GpuQuickRun.moc"
