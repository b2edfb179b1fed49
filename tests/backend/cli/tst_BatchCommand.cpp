// framesmith-cli batch through the real binary with the tiny CogVideoX fixture: jobs run in one
// process (the second one warm), broken jobs are reported with their reason and do not stop the
// others, finished jobs are skipped on a rerun, a changed or half-written job runs again.
#include "framesmith/ExportOptions.h"
#include "framesmith/GenerationRequest.h"
#include "support/TestPaths.h"
#include "support/TinyJob.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QProcess>
#include <QTemporaryDir>
#include <QtTest/QtTest>

using namespace framesmith;

namespace {

struct Run {
    int exitCode = -1;
    QString output;
};

Run cli(const QStringList& args)
{
    QProcess p;
    p.setProcessChannelMode(QProcess::MergedChannels);
    p.start(QString::fromStdString(test::binaryDir() + "/bin/framesmith-cli"), args);
    p.waitForFinished(240000);
    return {p.exitStatus() == QProcess::NormalExit ? p.exitCode() : -1, QString::fromUtf8(p.readAll())};
}

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

} // namespace

class TestBatchCommand : public QObject {
    Q_OBJECT

private:
    QTemporaryDir m_dir;
    QString jobs() const { return m_dir.filePath(QStringLiteral("jobs")); }
    QString out(const QString& name = {}) const { return m_dir.filePath(QStringLiteral("out/") + name); }
    Run batch() { return cli({"batch", jobs(), "--out-dir", out(), "--device", "cpu"}); }

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
        const Run run = batch();
        QCOMPARE(run.exitCode, 1); // some failed
        for (const char* name : {"a_seed1", "d_seed2", "f_seed3"}) {
            const QString clip = out(QString::fromLatin1(name) + ".mp4");
            QVERIFY2(QFileInfo(clip).size() > 0, qPrintable(run.output));
            QCOMPARE(sidecarRequest(clip).seed, tinyJob(QString(name).back().digitValue()).seed);
        }
        QVERIFY(!QFileInfo::exists(out("b_corrupt.mp4")));
        QVERIFY(!QFileInfo::exists(out("c_impossible.mp4")));
        QVERIFY2(run.output.contains(QRegularExpression("\\[2/6\\] failed +b_corrupt.json +job.*not a JSON object")),
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
        const Run run = batch();
        QCOMPARE(run.exitCode, 1); // the broken jobs are still broken
        QVERIFY2(run.output.contains("6 jobs: 0 ok, 3 failed, 3 skipped"), qPrintable(run.output));
        QVERIFY2(run.output.contains(QRegularExpression("skipped +already done: .*a_seed1.mp4")), qPrintable(run.output));
        QCOMPARE(modified(out("a_seed1.mp4")), before);

        QVERIFY(QFile::remove(jobs() + "/b_corrupt.json"));
        QVERIFY(QFile::remove(jobs() + "/c_impossible.json"));
        QVERIFY(QFile::remove(jobs() + "/e_missing_model.json"));
        const Run clean = batch();
        QCOMPARE(clean.exitCode, 0);
        QVERIFY2(clean.output.contains("3 jobs: 0 ok, 0 failed, 3 skipped"), qPrintable(clean.output));
    }

    void changedOrHalfWrittenJobsRunAgain()
    {
        writeJob(jobs() + "/d_seed2.json", tinyJob(22)); // edited after its clip was made
        // A crash between the clip and its sidecar: the clip alone is not a finished job.
        QVERIFY(QFile::remove(QString::fromStdString(exportSidecarPath(out("f_seed3.mp4").toStdString()))));
        const QDateTime untouched = modified(out("a_seed1.mp4"));
        const Run run = batch();
        QCOMPARE(run.exitCode, 0);
        QVERIFY2(run.output.contains("3 jobs: 2 ok, 0 failed, 1 skipped"), qPrintable(run.output));
        QCOMPARE(sidecarRequest(out("d_seed2.mp4")).seed, std::uint64_t(22));
        QVERIFY(QFileInfo::exists(QString::fromStdString(exportSidecarPath(out("f_seed3.mp4").toStdString()))));
        QCOMPARE(modified(out("a_seed1.mp4")), untouched);
    }

    void badArgumentsAreRefusedBeforeAnyJob()
    {
        const Run format = cli({"batch", jobs(), "--format", "png"});
        QCOMPARE(format.exitCode, 2);
        QVERIFY2(format.output.contains("--format"), qPrintable(format.output));
        const Run missing = cli({"batch", m_dir.filePath(QStringLiteral("nothing-here"))});
        QCOMPARE(missing.exitCode, 2);
        QVERIFY2(missing.output.contains("does not exist"), qPrintable(missing.output));
        const Run duplicate = cli({"batch", jobs() + "/a_seed1.json", jobs() + "/a_seed1.json", "--out-dir", out(),
                                   "--device", "cpu", "--force"});
        QCOMPARE(duplicate.exitCode, 1);
        QVERIFY2(duplicate.output.contains("writes the same clip as a_seed1.json"), qPrintable(duplicate.output));
    }
};

QTEST_GUILESS_MAIN(TestBatchCommand)
#include "tst_BatchCommand.moc"
