// framesmith-cli farm through the real binary, with a fake sbatch, squeue and sacct on PATH
// (scripts written here that record their arguments): submit checks every job first and writes
// the array's script and job copies, run-task runs one job of the tiny CogVideoX model as an array
// task would, status reads the tasks' state files when sacct has nothing, collect files the clip
// into a History. A refused submission leaves nothing behind. A paused task exits 5 and keeps its
// checkpoint.
#include "framesmith/GenerationRequest.h"
#include "support/CliRun.h"
#include "support/TestPaths.h"
#include "support/TinyJob.h"
#include "support/TestRegistry.h"

#include <QDir>
#include <QFile>
#include <QProcess>
#include <QTemporaryDir>
#include <QtTest/QtTest>

#include <csignal>
#include <fstream>

namespace tst_FarmCommand {

using namespace framesmith;
using test::CliRun;

namespace {

GenerationRequest tinyJob(std::uint64_t seed)
{
    return test::tinyJob(seed, 1);
}

void writeText(const QString& path, const QByteArray& text, bool executable = false)
{
    QFile file(path);
    QVERIFY(file.open(QIODevice::WriteOnly | QIODevice::Truncate));
    file.write(text);
    file.close();
    if (executable)
        QVERIFY(file.setPermissions(file.permissions() | QFile::ExeOwner | QFile::ExeUser));
}

QString readText(const QString& path)
{
    QFile file(path);
    return file.open(QIODevice::ReadOnly) ? QString::fromUtf8(file.readAll()) : QString();
}

} // namespace

class TestFarmCommand : public QObject {
    Q_OBJECT

private:
    QTemporaryDir m_dir;
    QString path(const QString& name) const { return m_dir.filePath(name); }

    // The CLI against the fake Slurm commands in bin/, with its own data folder.
    CliRun cli(const QStringList& args, const QMap<QString, QString>& env = {})
    {
        test::CliOptions options = test::separateChannels();
        options.env = {{"PATH", path("bin") + ":" + QProcessEnvironment::systemEnvironment().value("PATH")},
                       {"FRAMESMITH_DATA_DIR", path("data")},
                       {"FAKE_SLURM_LOG", path("slurm-calls.txt")}};
        options.env.insert(env);
        options.timeoutMs = 240000;
        return test::runCli(args, options);
    }

    QString onlySubmission() const
    {
        const QStringList found = QDir(path("out/.farm")).entryList(QDir::Dirs | QDir::NoDotAndDotDot);
        return found.size() == 1 ? path("out/.farm/") + found.first() : QString();
    }

private Q_SLOTS:
    void initTestCase()
    {
        for (const char* sub : {"bin", "jobs", "out", "data"})
            QVERIFY(QDir(m_dir.path()).mkpath(sub));
        writeText(path("bin/sbatch"),
                  "#!/bin/sh\necho \"sbatch $*\" >> \"$FAKE_SLURM_LOG\"\n"
                  "if [ -n \"$FAKE_SBATCH_FAIL\" ]; then echo 'sbatch: error: invalid partition specified: nope' >&2; exit 1; fi\n"
                  "cp \"$2\" \"$FAKE_SLURM_LOG.script\"\necho 4242\n", true);
        writeText(path("bin/squeue"), "#!/bin/sh\necho \"squeue $*\" >> \"$FAKE_SLURM_LOG\"\n"
                                      "echo 'slurm_load_jobs error: Invalid job id specified' >&2; exit 1\n", true);
        writeText(path("bin/sacct"), "#!/bin/sh\necho 'Slurm accounting storage is disabled' >&2; exit 1\n", true);
        writeText(path("jobs/a_seed1.json"), QByteArray::fromStdString(toJson(tinyJob(1))));
        writeText(path("jobs/b_seed2.json"), QByteArray::fromStdString(toJson(tinyJob(2))));
    }

    void badJobRefusesTheWholeSubmission()
    {
        GenerationRequest bad = tinyJob(3);
        bad.frameCount = 10; // CogVideoX takes 8N+1 frames
        writeText(path("bad.json"), QByteArray::fromStdString(toJson(bad)));
        const CliRun run = cli({"farm", "submit", path("jobs"), path("bad.json"), "--partition", "gpu", "--out", path("out")});
        QCOMPARE(run.exitCode, 2);
        QVERIFY2(run.error.contains("nothing was submitted") && run.error.contains("bad.json"), qPrintable(run.error));
        QVERIFY(!QFileInfo::exists(path("slurm-calls.txt"))); // sbatch never ran
        QVERIFY(onlySubmission().isEmpty());
    }

    // Issue 34: a job file name that is not UTF-8 ended `farm submit` with nlohmann's raw
    // "[json.exception.type_error.316] invalid UTF-8 byte" (exit 1) from writing submission.json.
    void jobNameThatIsNotUtf8IsRefusedNamed()
    {
        QVERIFY(QDir(m_dir.path()).mkpath("latin1"));
        std::ofstream(path("latin1").toStdString() + "/caf\xe9.json") << toJson(tinyJob(4));
        const CliRun run = cli({"farm", "submit", path("latin1"), "--partition", "gpu", "--out", path("out")});
        QCOMPARE(run.exitCode, 2);
        QVERIFY2(run.error.contains("nothing was submitted") && run.error.contains("caf\\xE9.json: the file name is not valid UTF-8"),
                 qPrintable(run.error));
        QVERIFY2(!run.error.contains("json.exception"), qPrintable(run.error));
        QVERIFY(onlySubmission().isEmpty());
    }

    void refusedBySlurmLeavesNothing()
    {
        const CliRun run = cli({"farm", "submit", path("jobs"), "--partition", "nope", "--out", path("out")},
                               {{"FAKE_SBATCH_FAIL", "1"}});
        QCOMPARE(run.exitCode, 2);
        QVERIFY2(run.error.contains("invalid partition specified: nope"), qPrintable(run.error));
        QVERIFY(QDir(path("out/.farm")).entryList(QDir::Dirs | QDir::NoDotAndDotDot).isEmpty());
        QFile::remove(path("slurm-calls.txt"));
    }

    void submitWritesTheArray()
    {
        const CliRun run = cli({"farm", "submit", path("jobs"), "--partition", "gpu", "--out", path("out"), "--gpus-per-job",
                                "2", "--sbatch-arg=--qos=high", "--device", "cpu"});
        QVERIFY2(run.exitCode == 0, qPrintable(run.error));
        QCOMPARE(run.output, QStringLiteral("4242\n"));
        const QString folder = onlySubmission();
        QVERIFY(!folder.isEmpty());
        QCOMPARE(readText(path("slurm-calls.txt")), "sbatch --parsable " + folder + "/farm.sbatch\n");
        const QString script = readText(path("slurm-calls.txt.script"));
        QVERIFY2(script.contains("#SBATCH --array=0-1\n") && script.contains("#SBATCH --gres=gpu:2\n") &&
                     script.contains("#SBATCH --qos=high\n") && script.contains("#SBATCH --time=") &&
                     script.contains("farm run-task '" + folder + "'"),
                 qPrintable(script));
        QVERIFY(QFileInfo::exists(folder + "/jobs/a_seed1.json"));
        QVERIFY(readText(folder + "/submission.json").contains("\"arrayId\": \"4242\""));
    }

    void runTaskMakesTheClipAndSaysSo()
    {
        const QString folder = onlySubmission();
        const CliRun run = cli({"farm", "run-task", folder}, {{"SLURM_ARRAY_TASK_ID", "0"}});
        QVERIFY2(run.exitCode == 0, qPrintable(run.output + run.error));
        QVERIFY(QFileInfo(path("out/a_seed1.mp4")).size() > 0);
        QVERIFY(QFileInfo::exists(path("out/a_seed1.mp4.json")));
        QVERIFY(readText(folder + "/state/0.json").contains("\"state\": \"ok\""));
        QVERIFY(!QFileInfo::exists(folder + "/latents/0.safetensors")); // not needed once the clip is made
        const CliRun noIndex = cli({"farm", "run-task", folder});
        QCOMPARE(noIndex.exitCode, 2);
        QVERIFY2(noIndex.error.contains("SLURM_ARRAY_TASK_ID"), qPrintable(noIndex.error));
        // Slurm's environment is named as the source of a bad index (it was reported as "--task").
        const CliRun badIndex = cli({"farm", "run-task", folder}, {{"SLURM_ARRAY_TASK_ID", "3x"}});
        QCOMPARE(badIndex.exitCode, 2);
        QVERIFY2(badIndex.error.contains("SLURM_ARRAY_TASK_ID: '3x' is not an array task index"), qPrintable(badIndex.error));
    }

    void statusWithoutAccountingReadsTheStateFiles()
    {
        for (const QString& where : {path("out"), QStringLiteral("4242")}) {
            const CliRun run = cli({"farm", "status", where});
            QVERIFY2(run.exitCode == 0, qPrintable(run.error));
            QVERIFY2(run.output.contains("array 4242") && run.output.contains("squeue and the tasks' state files"), qPrintable(run.output));
            QVERIFY2(run.output.contains(QRegularExpression("\\[0\\] ok +a_seed1.json")), qPrintable(run.output));
            QVERIFY2(run.output.contains(QRegularExpression("\\[1\\] failed +b_seed2.json +left the queue without starting")),
                     qPrintable(run.output));
            QVERIFY2(run.output.contains("1 ok, 1 failed, 0 running, 0 pending"), qPrintable(run.output));
        }
    }

    void collectFilesTheClipIntoAHistory()
    {
        const CliRun run = cli({"farm", "collect", path("out"), "--history", path("history")});
        QCOMPARE(run.exitCode, 1); // one job failed
        QVERIFY2(run.output.contains(QRegularExpression("collected +a_seed1.json")), qPrintable(run.output));
        QCOMPARE(QDir(path("history/history")).entryList({"farm-*.json"}, QDir::Files).size(), 1);
        QCOMPARE(QDir(path("history/clips")).entryList({"farm-*.mp4"}, QDir::Files).size(), 1);
        const CliRun again = cli({"farm", "collect", path("out"), "--history", path("history")});
        QVERIFY2(again.output.contains(QRegularExpression("already +a_seed1.json")), qPrintable(again.output));
    }

    void resubmittingSkipsWhatIsDone()
    {
        const CliRun run = cli({"farm", "submit", path("jobs/a_seed1.json"), "--partition", "gpu", "--out", path("out"),
                                "--device", "cpu"});
        QCOMPARE(run.exitCode, 0);
        QVERIFY2(run.error.contains("already done"), qPrintable(run.error));
        QVERIFY(run.output.isEmpty()); // no array
    }

    // Issue 34: a paused task (SIGUSR1) ends with exit status 5, as the script's header documents,
    // its checkpoint kept in the submission's latents/ (where status and collect look) and named
    // with the `resume` command in its state file.
    void pausedRunTaskExitsFiveAndKeepsItsCheckpoint()
    {
        QVERIFY(QDir(m_dir.path()).mkpath("pause/jobs") && QDir(m_dir.path()).mkpath("pause/out"));
        writeText(path("pause/jobs/long.json"), QByteArray::fromStdString(toJson(test::tinyJob(31, 150))));
        // Last: this submission is array 4242 too, which `farm status 4242` above must not find.
        const CliRun submit = cli({"farm", "submit", path("pause/jobs"), "--partition", "cpu", "--out", path("pause/out"),
                                "--gpus-per-job", "0", "--device", "cpu"});
        QVERIFY2(submit.exitCode == 0, qPrintable(submit.error));
        const QString folder = path("pause/out/.farm/") + QDir(path("pause/out/.farm")).entryList(QDir::Dirs | QDir::NoDotAndDotDot).value(0);
        QVERIFY(readText(path("slurm-calls.txt.script")).contains("5 paused"));
        QProcess p;
        QProcessEnvironment e = QProcessEnvironment::systemEnvironment();
        e.insert("FRAMESMITH_DATA_DIR", path("data"));
        e.insert("OPENBLAS_CORETYPE", "Haswell"); // no re-exec for a better kernel: the pid stays the program's
        p.setProcessEnvironment(e);
        p.setProcessChannelMode(QProcess::MergedChannels);
        p.start(QString::fromStdString(test::binaryDir() + "/bin/framesmith-cli"), {"farm", "run-task", folder, "--task", "0"});
        QVERIFY(p.waitForStarted());
        QByteArray output;
        while (!output.contains("/150") && p.state() == QProcess::Running && p.waitForReadyRead(60000))
            output += p.readAll();
        QVERIFY2(output.contains("/150"), output.constData());
        QCOMPARE(::kill(static_cast<pid_t>(p.processId()), SIGUSR1), 0);
        QVERIFY(p.waitForFinished(120000));
        output += p.readAll();
        QCOMPARE(p.exitStatus(), QProcess::NormalExit);
        QCOMPARE(p.exitCode(), 5);
        const QString latents = folder + "/latents/0.safetensors";
        QVERIFY2(QFileInfo(latents).size() > 0, output.constData());
        QVERIFY2(output.contains("paused after step") && output.contains("framesmith-cli resume " + latents.toUtf8()),
                 output.constData());
        const QString state = readText(folder + "/state/0.json");
        QVERIFY2(state.contains("\"exitCode\": 5") && state.contains("\"latents\": \"" + latents + "\""), qPrintable(state));
        QVERIFY(!QFileInfo::exists(path("pause/out/long.mp4")));
        const CliRun status = cli({"farm", "status", folder});
        QVERIFY2(status.output.contains(QRegularExpression("\\[0\\] failed +long.json +paused after step \\d+ of 150")) &&
                     status.output.contains("(latents kept in " + latents + ")"),
                 qPrintable(status.output));
    }
};

FRAMESMITH_TEST_GUILESS_MAIN(TestFarmCommand)

} // namespace tst_FarmCommand
#include "tst_FarmCommand.moc"
