// bench/gpu/run.sh quick, the GPU loan's one command, with every stage faked
// (FRAMESMITH_QUICK_FAKE: a stage only sleeps and records a row), so neither a build nor a GPU is
// needed: a stage still running at the deadline is stopped, the later ones are skipped and say
// so, and the report is still written; a call killed from outside keeps in $OUT every row it made;
// quick3 (Wan) runs its stages in order; the report judges a row against its memory goal; the tree
// that travels to a GPU machine stays under the device's limit.
#include <QDirIterator>
#include <QFile>
#include <QFileInfo>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QMap>
#include <QProcess>
#include <QTemporaryDir>
#include <QTest>
#include <QThread>

#include <algorithm>
#include <csignal>
#include <functional>
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

    // quick3, the Wan call: its stages in priority order, each run once, then the report.
    void quick3RunsTheWanStagesInOrder()
    {
        QTemporaryDir dir;
        QVERIFY(dir.isValid());
        QProcess quick;
        quick.setProcessEnvironment(quickEnvironment(dir, QStringLiteral("probe=0"), 120)); // every stage faked
        quick.setProcessChannelMode(QProcess::MergedChannels);
        quick.start(QStringLiteral("bash"), {kRunScript, QStringLiteral("quick3")});
        QVERIFY2(quick.waitForFinished(90000), "quick3 did not end");
        QCOMPARE(quick.exitCode(), 0);
        bool allValid = false;
        QStringList order;
        for (const QJsonObject& row : readRows(dir.filePath(QStringLiteral("out/results.jsonl")), &allValid))
            if (row.value(QStringLiteral("step")).toString() == QStringLiteral("quick"))
                order << row.value(QStringLiteral("stage")).toString() + "=" + row.value(QStringLiteral("status")).toString();
        QVERIFY(allValid);
        QCOMPARE(order, QStringList({"probe=ok", "build=ok", "weights-wan-1.3b=ok", "wan-1.3b-low-memory=ok",
                                     "wan-1.3b-max-speed=ok", "diffusers-wan-1.3b-resident=ok",
                                     "weights-wan-ti2v-5b=ok", "wan-ti2v-5b-max-speed=ok", "report=ok"}));
    }

    // The report judges a Wan row against the memory goal by its highest stage peak.
    void theReportJudgesTheMemoryGoal()
    {
        QTemporaryDir dir;
        QVERIFY(dir.isValid());
        const auto row = [](const char* preset, double peakGiB, qint64 goal) {
            QJsonObject stage{{"name", "denoise"}, {"peakBytes", peakGiB * (1 << 30)}};
            QJsonObject measured{{"stages", QJsonArray{stage}}};
            QJsonObject r{{"step", "presets"}, {"side", "framesmith"}, {"model", "wan-1.3b"}, {"label", preset},
                          {"exit", 0}, {"request", "81 x 832x480, 4 steps"}, {"measured", measured}};
            if (goal)
                r.insert(QStringLiteral("goalBytes"), goal);
            return QJsonDocument(r).toJson(QJsonDocument::Compact) + "\n";
        };
        QFile results(dir.filePath(QStringLiteral("results.jsonl")));
        QVERIFY(results.open(QIODevice::WriteOnly));
        results.write(row("low-memory", 7.5, qint64(8) << 30) + row("low-memory-int8", 8.5, qint64(8) << 30) +
                      row("max-speed", 20.0, 0));
        results.close();
        QProcess summarize;
        summarize.start(QStringLiteral("python3"), {QStringLiteral(FRAMESMITH_SOURCE_DIR "/bench/gpu/summarize.py"), results.fileName()});
        QVERIFY(summarize.waitForFinished(30000));
        QCOMPARE(summarize.exitCode(), 0);
        const QString text = QString::fromUtf8(summarize.readAllStandardOutput());
        QVERIFY(text.contains(QStringLiteral("**wan-1.3b** (81 x 832x480, 4 steps)")));
        QVERIFY2(text.contains(QStringLiteral("| ≤ 8.00 GiB: met (7.50 GiB) |")), qPrintable(text));
        QVERIFY(text.contains(QStringLiteral("| ≤ 8.00 GiB: MISSED (8.50 GiB) |")));
        QVERIFY(text.contains(QStringLiteral("20.00 GiB | - |")));
    }

    // The device takes the working tree (tracked and untracked-not-ignored files) plus the carried
    // bench/gpu/stage, 64 MiB in all, or refuses the call: what travels keeps 2 MiB of room.
    void theTreeThatTravelsToAGpuFitsItsLimit()
    {
        const QString source = QStringLiteral(FRAMESMITH_SOURCE_DIR);
        QProcess git;
        git.start(QStringLiteral("git"), {QStringLiteral("-C"), source, QStringLiteral("ls-files"), QStringLiteral("-co"),
                                          QStringLiteral("--exclude-standard"), QStringLiteral("-z")});
        QVERIFY2(git.waitForFinished(60000) && git.exitCode() == 0,
                 "git ls-files failed: the test reads the checkout it was built from");
        qint64 total = 0;
        QMap<QString, qint64> byFolder;
        for (const QByteArray& name : git.readAllStandardOutput().split('\0')) {
            const QFileInfo file(source + "/" + QString::fromUtf8(name));
            if (name.isEmpty() || file.isSymLink() || !file.isFile())
                continue; // a link travels as a link
            total += file.size();
            byFolder[QString::fromUtf8(name).section('/', 0, 2)] += file.size();
        }
        // The stage as `run.sh stage` makes it, or its size from the last one (2.0 MiB on 2026-11-28).
        qint64 stage = qint64(2.2 * (1 << 20));
        if (QFileInfo(source + "/bench/gpu/stage").isDir()) {
            stage = 0;
            QDirIterator it(source + "/bench/gpu/stage", QDir::Files, QDirIterator::Subdirectories);
            while (it.hasNext())
                stage += QFileInfo(it.next()).size();
        }
        QString largest;
        const auto folders = byFolder.keys();
        QList<QPair<qint64, QString>> sorted;
        for (const QString& folder : folders)
            sorted.append({byFolder.value(folder), folder});
        std::sort(sorted.begin(), sorted.end(), std::greater<>());
        for (int i = 0; i < std::min<qsizetype>(5, sorted.size()); ++i)
            largest += QStringLiteral(" %1 %2 MiB;").arg(sorted[i].second).arg(sorted[i].first / 1048576.0, 0, 'f', 1);
        const double mib = (total + stage) / 1048576.0;
        QVERIFY2(mib <= 62.0, qPrintable(QStringLiteral("%1 MiB would travel (tree %2 + stage %3): over 62 of the "
                                                        "device's 64 MiB. Largest:%4")
                                             .arg(mib, 0, 'f', 1).arg(total / 1048576.0, 0, 'f', 1)
                                             .arg(stage / 1048576.0, 0, 'f', 1).arg(largest)));
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
