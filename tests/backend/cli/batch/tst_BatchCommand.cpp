// framesmith-cli batch through the real binary with the tiny CogVideoX fixture: jobs run in one
// process (the second one warm), broken jobs are reported with their reason and do not stop the
// others, finished jobs are skipped on a rerun, a changed or half-written job runs again, and so
// does one whose clip was cut short. SIGUSR1 pauses the job under way (its checkpoint named, the
// next job running in full) and never kills the batch, however early it comes.
#include "framesmith/ExportOptions.h"
#include "framesmith/GenerationRequest.h"
#include "support/CliRun.h"
#include "support/TestPaths.h"
#include "support/TinyJob.h"
#include "support/TestRegistry.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QProcess>
#include <QTemporaryDir>
#include <QtTest/QtTest>

#include <csignal>
#include <fstream>

namespace tst_BatchCommand {

using namespace framesmith;
using test::cliPath;
using test::CliRun;
using test::runCli;

namespace {

GenerationRequest tinyJob(std::uint64_t seed)
{
    return test::tinyJob(seed, 2);
}

void writeText(const QString& path, const QByteArray& text)
{
    QFile file(path);
    QVERIFY(file.open(QIODevice::WriteOnly | QIODevice::Truncate));
    file.write(text);
}

void writeJob(const QString& path, const GenerationRequest& request)
{
    writeText(path, QByteArray::fromStdString(toJson(request)));
}

GenerationRequest sidecarRequest(const QString& clip)
{
    QFile file(QString::fromStdString(exportSidecarPath(clip.toStdString())));
    if (!file.open(QIODevice::ReadOnly))
        return {};
    return requestFromJson(file.readAll().toStdString());
}

QDateTime modified(const QString& path) { return QFileInfo(path).lastModified(); }

// The signals the process has a handler for (/proc/PID/status SigCgt) include SIGUSR1.
bool catchesPauseSignal(qint64 pid)
{
    std::ifstream status("/proc/" + std::to_string(pid) + "/status");
    for (std::string line; std::getline(status, line);)
        if (line.rfind("SigCgt:", 0) == 0)
            return (std::stoull(line.substr(7), nullptr, 16) >> (SIGUSR1 - 1)) & 1;
    return false;
}

void startQuietly(QProcess& p, const QStringList& args, const QString& checkpoints)
{
    QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
    env.insert("OPENBLAS_CORETYPE", "Haswell"); // no re-exec for a better kernel: one process image
    env.insert("FRAMESMITH_CHECKPOINT_DIR", checkpoints);
    p.setProcessEnvironment(env);
    p.setProcessChannelMode(QProcess::MergedChannels);
    p.start(cliPath(), args);
    QVERIFY(p.waitForStarted());
}

} // namespace

class TestBatchCommand : public QObject {
    Q_OBJECT

private:
    QTemporaryDir m_dir;
    QString jobs() const { return m_dir.filePath(QStringLiteral("jobs")); }
    QString out(const QString& name = {}) const { return m_dir.filePath(QStringLiteral("out/") + name); }
    CliRun batch() { return runCli({"batch", jobs(), "--out-dir", out(), "--device", "cpu"}); }

private Q_SLOTS:
    void initTestCase()
    {
        QVERIFY(QDir().mkpath(jobs()));
        QVERIFY(QDir().mkpath(out()));
        // Names sort the broken jobs between the good ones: they must not stop what follows.
        writeJob(jobs() + "/a_seed1.json", tinyJob(1));
        writeText(jobs() + "/b_corrupt.json", "{\"model\": \"x\", \"frames\": ");
        GenerationRequest impossible = tinyJob(2);
        impossible.frameCount = 10; // CogVideoX takes 8N+1 frames
        writeJob(jobs() + "/c_impossible.json", impossible);
        writeJob(jobs() + "/d_seed2.json", tinyJob(2));
        GenerationRequest noModel = tinyJob(3);
        noModel.modelPath = m_dir.filePath(QStringLiteral("no-such-model")).toStdString();
        writeJob(jobs() + "/e_missing_model.json", noModel);
        writeJob(jobs() + "/f_seed3.json", tinyJob(3));
    }

    void runsEveryGoodJobAndReportsTheBrokenOnes()
    {
        const CliRun run = batch();
        QCOMPARE(run.exitCode, 1); // some failed
        for (const char* name : {"a_seed1", "d_seed2", "f_seed3"}) {
            const QString clip = out(QString::fromLatin1(name) + ".mp4");
            QVERIFY2(QFileInfo(clip).size() > 0, qPrintable(run.output));
            QCOMPARE(sidecarRequest(clip).seed, tinyJob(QString(name).back().digitValue()).seed);
        }
        QVERIFY(!QFileInfo::exists(out("b_corrupt.mp4")));
        QVERIFY(!QFileInfo::exists(out("c_impossible.mp4")));
        QVERIFY2(run.output.contains(QRegularExpression("\\[2/6\\] failed +b_corrupt.json +job: is not valid JSON")),
                 qPrintable(run.output));
        QVERIFY2(run.output.contains(QRegularExpression("\\[3/6\\] failed +c_impossible.json +.*frame")), qPrintable(run.output));
        QVERIFY2(run.output.contains(QRegularExpression("\\[5/6\\] failed +e_missing_model.json +.*no-such-model")),
                 qPrintable(run.output));
        // One process, one engine: the jobs after the first find the model loaded.
        QVERIFY2(run.output.contains(QRegularExpression("\\[4/6\\] ok +d_seed2.json .*warm")), qPrintable(run.output));
        QVERIFY2(run.output.contains("6 jobs: 3 ok, 3 failed, 0 skipped"), qPrintable(run.output));
        // Sidecars of the clips are not jobs: the folder still holds six.
        QCOMPARE(QDir(out()).entryList({"*.mp4.json"}, QDir::Files).size(), 3);
    }

    void rerunSkipsFinishedJobs()
    {
        const QDateTime before = modified(out("a_seed1.mp4"));
        const CliRun run = batch();
        QCOMPARE(run.exitCode, 1); // the broken jobs are still broken
        QVERIFY2(run.output.contains("6 jobs: 0 ok, 3 failed, 3 skipped"), qPrintable(run.output));
        QVERIFY2(run.output.contains(QRegularExpression("skipped +already done: .*a_seed1.mp4")), qPrintable(run.output));
        QCOMPARE(modified(out("a_seed1.mp4")), before);

        QVERIFY(QFile::remove(jobs() + "/b_corrupt.json"));
        QVERIFY(QFile::remove(jobs() + "/c_impossible.json"));
        QVERIFY(QFile::remove(jobs() + "/e_missing_model.json"));
        const CliRun clean = batch();
        QCOMPARE(clean.exitCode, 0);
        QVERIFY2(clean.output.contains("3 jobs: 0 ok, 0 failed, 3 skipped"), qPrintable(clean.output));
    }

    void changedOrHalfWrittenJobsRunAgain()
    {
        writeJob(jobs() + "/d_seed2.json", tinyJob(22)); // edited after its clip was made
        // A crash between the clip and its sidecar: the clip alone is not a finished job.
        QVERIFY(QFile::remove(QString::fromStdString(exportSidecarPath(out("f_seed3.mp4").toStdString()))));
        const QDateTime untouched = modified(out("a_seed1.mp4"));
        const CliRun run = batch();
        QCOMPARE(run.exitCode, 0);
        QVERIFY2(run.output.contains("3 jobs: 2 ok, 0 failed, 1 skipped"), qPrintable(run.output));
        QCOMPARE(sidecarRequest(out("d_seed2.mp4")).seed, std::uint64_t(22));
        QVERIFY(QFileInfo::exists(QString::fromStdString(exportSidecarPath(out("f_seed3.mp4").toStdString()))));
        QCOMPARE(modified(out("a_seed1.mp4")), untouched);
    }

    // Issue 34: a clip cut short (a full disk, an interrupted copy) with its sidecar intact was
    // "already done".
    void truncatedClipRunsAgain()
    {
        const QString clip = out("a_seed1.mp4");
        const qint64 size = QFileInfo(clip).size();
        QVERIFY(size > 0);
        QVERIFY(QFile::resize(clip, size / 2));
        const CliRun run = batch();
        QCOMPARE(run.exitCode, 0);
        QVERIFY2(run.output.contains(QRegularExpression("ok +a_seed1.json")), qPrintable(run.output));
        QVERIFY2(run.output.contains("3 jobs: 1 ok, 0 failed, 2 skipped"), qPrintable(run.output));
        QVERIFY(QFileInfo(clip).size() > size / 2);
    }

    // Issue 34: the pause was never cleared, so every later job "paused" at step 0 and failed with
    // "frames: size 0x0 cannot be exported"; the checkpoint was not named.
    void pauseEndsTheJobUnderWayAndTheNextRuns()
    {
        const QString folder = m_dir.filePath(QStringLiteral("pause"));
        QVERIFY(QDir().mkpath(folder + "/jobs"));
        writeJob(folder + "/jobs/a_long.json", test::tinyJob(31, 150));
        writeJob(folder + "/jobs/b_short.json", test::tinyJob(32, 2));
        QProcess p;
        startQuietly(p, {"batch", folder + "/jobs", "--out-dir", folder, "--device", "cpu", "--progress"},
                     folder + "/checkpoints");
        QByteArray output;
        while (!output.contains("/150") && p.state() == QProcess::Running && p.waitForReadyRead(60000))
            output += p.readAll();
        QVERIFY2(output.contains("/150"), output.constData());
        QCOMPARE(::kill(static_cast<pid_t>(p.processId()), SIGUSR1), 0);
        QVERIFY(p.waitForFinished(240000));
        output += p.readAll();
        const QString text = QString::fromUtf8(output);
        QCOMPARE(p.exitStatus(), QProcess::NormalExit);
        QCOMPARE(p.exitCode(), 5); // something paused
        const QRegularExpression paused("\\[1/2\\] paused +a_long.json +paused after step (\\d+) of 150: (\\S+) "
                                        "\\(continue with: framesmith-cli resume \\S+ --out \\S+a_long.mp4\\)");
        const QRegularExpressionMatch match = paused.match(text);
        QVERIFY2(match.hasMatch(), qPrintable(text));
        QVERIFY(match.captured(1).toInt() < 150);
        QVERIFY2(QFileInfo(match.captured(2)).size() > 0, qPrintable(match.captured(2)));
        QVERIFY2(text.contains(QRegularExpression("\\[2/2\\] ok +b_short.json")), qPrintable(text));
        QVERIFY2(text.contains("2 jobs: 1 ok, 0 failed, 0 skipped (already done), 1 paused"), qPrintable(text));
        QVERIFY(QFileInfo(folder + "/b_short.mp4").size() > 0);
        QVERIFY(!QFileInfo::exists(folder + "/a_long.mp4"));
    }

    // Issue 34: SIGUSR1 before the handler was installed (while 10k jobs were read) killed batch.
    void pauseSignalWhileReadingJobsDoesNotKill()
    {
        const QString folder = m_dir.filePath(QStringLiteral("early"));
        QVERIFY(QDir().mkpath(folder));
        writeJob(folder + "/same.json", test::tinyJob(41, 2));
        QStringList args = {"batch", "--out-dir", folder, "--device", "cpu"};
        for (int i = 0; i < 3000; ++i) // every one read and checked; all but the first write the same clip
            args << folder + "/same.json";
        QProcess p;
        startQuietly(p, args, folder + "/checkpoints");
        QElapsedTimer started;
        started.start();
        // As soon as main() is running (it catches SIGUSR1 from its first line), or, for a build
        // without that, once the jobs are being read.
        while (!catchesPauseSignal(p.processId()) && started.elapsed() < 1500 && p.state() == QProcess::Running)
            QTest::qWait(5);
        QCOMPARE(::kill(static_cast<pid_t>(p.processId()), SIGUSR1), 0);
        QVERIFY(p.waitForFinished(240000));
        const QString text = QString::fromUtf8(p.readAll());
        QCOMPARE(p.exitStatus(), QProcess::NormalExit);
        QVERIFY2(text.contains("3000 jobs:"), qPrintable(text.right(2000)));
        // The early pause reaches the first job: it pauses with its checkpoint named.
        QVERIFY2(text.contains(QRegularExpression("\\[1/3000\\] (paused|ok) +same.json")), qPrintable(text.left(2000)));
    }

    void badArgumentsAreRefusedBeforeAnyJob()
    {
        const CliRun format = runCli({"batch", jobs(), "--format", "png"});
        QCOMPARE(format.exitCode, 2);
        QVERIFY2(format.output.contains("--format"), qPrintable(format.output));
        const CliRun missing = runCli({"batch", m_dir.filePath(QStringLiteral("nothing-here"))});
        QCOMPARE(missing.exitCode, 2);
        QVERIFY2(missing.output.contains("does not exist"), qPrintable(missing.output));
        const CliRun duplicate = runCli({"batch", jobs() + "/a_seed1.json", jobs() + "/a_seed1.json", "--out-dir", out(),
                                         "--device", "cpu", "--force"});
        QCOMPARE(duplicate.exitCode, 1);
        QVERIFY2(duplicate.output.contains("writes the same clip as a_seed1.json"), qPrintable(duplicate.output));
    }
};

FRAMESMITH_TEST_GUILESS_MAIN(TestBatchCommand)

} // namespace tst_BatchCommand
#include "tst_BatchCommand.moc"
