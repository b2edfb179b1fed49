// The reliability suite of issue 34: each reproduction of the probe, run as framesmith-cli in a real
// process under timeout and prlimit (support/GuardedCli.h). Special files in place of a job, a
// reference or a Slurm command's answer end the command at once with the file named; readers have
// size caps; a 16000 x 16000 reference video is refused from its header; sbatch and squeue that never
// end or flood their output are stopped; an interrupted submit leaves no folder, an interrupted status
// no child process; control characters
// from folder names and Slurm's output reach the terminal escaped.
#include "export/FfmpegVideoWriter.h"
#include "framesmith/GenerationRequest.h"
#include "support/GuardedCli.h"
#include "support/TinyJob.h"
#include "support/TestRegistry.h"

#include <QDir>
#include <QFile>
#include <QProcess>
#include <QTemporaryDir>
#include <QtTest/QtTest>

#include <csignal>
#include <cstdlib>
#include <fstream>
#include <map>
#include <vector>
#include <sys/stat.h>
#include <unistd.h>

namespace tst_HostileInputs {

using namespace framesmith;

namespace {

void writeText(const QString& path, const QByteArray& text, bool executable = false)
{
    QFile file(path);
    QVERIFY(file.open(QIODevice::WriteOnly | QIODevice::Truncate));
    file.write(text);
    file.close();
    if (executable)
        QVERIFY(file.setPermissions(file.permissions() | QFile::ExeOwner));
}

// A real 6-frame H.264 clip whose sample description then declares 16000 x 16000 pixels: what the
// container says is all a reader may go by before it decodes.
void writeHugeDeclaredVideo(const QString& path)
{
    VideoFrames clip;
    clip.frameCount = 6;
    clip.width = 40;
    clip.height = 22;
    clip.fps = 24;
    clip.rgb.assign(static_cast<std::size_t>(clip.frameBytes()) * clip.frameCount, 128);
    ExportOptions options;
    options.path = path.toStdString();
    options.writeSidecar = false;
    FfmpegVideoWriter::write(clip, options);
    QFile file(path);
    QVERIFY(file.open(QIODevice::ReadWrite));
    QByteArray bytes = file.readAll();
    const int entry = bytes.indexOf("avc1", bytes.indexOf("stsd")); // VisualSampleEntry: width at +28
    QVERIFY(entry > 0);
    for (int side : {0, 2}) {
        bytes[entry + 28 + side] = char(16000 >> 8);
        bytes[entry + 29 + side] = char(16000 & 0xff);
    }
    file.seek(0);
    file.write(bytes);
}

bool hasRawControl(const QString& text)
{
    for (const QChar c : text)
        if ((c.unicode() < 0x20 && c != '\n' && c != '\t') || (c.unicode() >= 0x7f && c.unicode() <= 0x9f))
            return true;
    return false;
}

// Every process below `pid` now, read from /proc (each one's parent in /proc/N/stat).
std::vector<int> descendantsOf(int pid)
{
    std::multimap<int, int> children;
    for (const QString& entry : QDir("/proc").entryList(QDir::Dirs)) {
        bool isPid = false;
        const int child = entry.toInt(&isPid);
        std::ifstream stat("/proc/" + entry.toStdString() + "/stat");
        std::string text;
        std::getline(stat, text);
        const auto close = text.rfind(')');
        if (isPid && close != std::string::npos)
            children.emplace(std::atoi(text.c_str() + close + 4), child); // ") S PPID ..."
    }
    std::vector<int> found;
    for (std::vector<int> todo{pid}; !todo.empty();) {
        const int parent = todo.back();
        todo.pop_back();
        for (auto [it, end] = children.equal_range(parent); it != end; ++it) {
            found.push_back(it->second);
            todo.push_back(it->second);
        }
    }
    return found;
}

} // namespace

class TestHostileInputs : public QObject {
    Q_OBJECT

private:
    QTemporaryDir m_dir;
    QString path(const QString& name) const { return m_dir.filePath(name); }

    QMap<QString, QString> farmEnv(const QMap<QString, QString>& extra = {}) const
    {
        QMap<QString, QString> env = {{"PATH", path("bin") + ":/usr/bin:/bin"}, {"FRAMESMITH_DATA_DIR", path("data")},
                                      {"FAKE_PIDS", path("fake.pids")}, {"FRAMESMITH_COMMAND_TIMEOUT", "3"}};
        for (auto it = extra.begin(); it != extra.end(); ++it)
            env.insert(it.key(), it.value());
        return env;
    }

    QStringList openSora(const QString& reference) const
    {
        return {"generate", "--model", QString::fromStdString(test::fixturesDir() + "/opensora/models"), "--prompt", "a fox",
                "--frames", "17", "--width", "64", "--height", "64", "--steps", "2", "--reference", reference,
                "--mask-strategy", "0", "--no-decode", "--quiet"};
    }

    // Running or sleeping; a zombie waiting for a reaper that is not us counts as ended.
    static bool isAlive(int pid)
    {
        std::ifstream stat("/proc/" + std::to_string(pid) + "/stat");
        std::string text;
        std::getline(stat, text);
        const auto close = text.rfind(')');
        return close != std::string::npos && close + 2 < text.size() && text[close + 2] != 'Z';
    }

    // The pids the fake Slurm commands wrote; none may still run.
    void requireFakesEnded()
    {
        std::ifstream pids(path("fake.pids").toStdString());
        int count = 0;
        for (int pid = 0; pids >> pid; ++count)
            QTRY_VERIFY2_WITH_TIMEOUT(!isAlive(pid), qPrintable("fake Slurm command " + QString::number(pid) + " still runs"), 5000);
        QVERIFY(count > 0);
        QFile::remove(path("fake.pids"));
    }

private Q_SLOTS:
    void initTestCase()
    {
        for (const char* sub : {"bin", "jobs", "out", "data", "out-esc", "out-flood", "out-int"})
            QVERIFY(QDir(m_dir.path()).mkpath(sub));
        writeText(path("bin/sbatch"),
                  "#!/bin/sh\ncase \"$FAKE_SBATCH\" in\n"
                  "hang) echo $$ >> \"$FAKE_PIDS\"; touch \"$FAKE_PIDS.sbatch\"; exec sleep 1000;;\n"
                  "flood) yes 'sbatch: error: Batch job submission failed' >&2;;\n"
                  "escape) printf 'sbatch: error: \\033]0;owned\\007\\033[2Jinvalid partition\\n' >&2; exit 1;;\n"
                  "*) echo 4242;;\nesac\n", true);
        writeText(path("bin/squeue"),
                  "#!/bin/sh\ncase \"$FAKE_SQUEUE\" in\n"
                  "hang) sleep 1000 & echo $! >> \"$FAKE_PIDS\"; wait;;\n"
                  "hang-exec) echo $$ >> \"$FAKE_PIDS\"; exec sleep 1000;;\n"
                  "flood) yes '4242_0|RUNNING|None|n1';;\n"
                  "escape) printf '4242_0|RUNNING|None|n\\033]0;owned\\007\\033[8m1\\n';;\n"
                  "*) echo 'slurm_load_jobs error: Invalid job id specified' >&2; exit 1;;\nesac\n", true);
        writeText(path("bin/sacct"), "#!/bin/sh\necho 'Slurm accounting storage is disabled' >&2; exit 1\n", true);
        writeText(path("jobs/a.json"), QByteArray::fromStdString(toJson(test::tinyJob(1, 1))));
        const test::GuardedRun submit = test::runGuardedCli(
            {"farm", "submit", path("jobs"), "--partition", "gpu", "--out", path("out"), "--device", "cpu"}, farmEnv());
        QVERIFY2(submit.exitCode == 0 && submit.out == "4242\n", qPrintable(submit.err));
    }

    // A FIFO, a device or a 3 GB sparse file as the job: refused at once, unread, naming it.
    void specialAndHugeJobFilesAreRefusedUnread_data()
    {
        QTest::addColumn<QString>("command");
        QTest::addColumn<QString>("kind");
        QTest::addColumn<QString>("said");
        for (const char* command : {"generate", "batch"}) {
            QTest::addRow("%s, FIFO", command) << command << "fifo" << "is a FIFO";
            QTest::addRow("%s, /dev/zero", command) << command << "zero" << "is a device";
            QTest::addRow("%s, 3 GB sparse", command) << command << "sparse" << "is 3.0 GiB";
        }
    }

    void specialAndHugeJobFilesAreRefusedUnread()
    {
        QFETCH(QString, command);
        QFETCH(QString, kind);
        QFETCH(QString, said);
        const QString job = path("job-" + kind + ".json");
        if (!QFileInfo::exists(job) && !QFileInfo(job).isSymLink()) {
            if (kind == "fifo")
                QVERIFY(::mkfifo(job.toUtf8().constData(), 0600) == 0);
            else if (kind == "zero")
                QVERIFY(::symlink("/dev/zero", job.toUtf8().constData()) == 0);
            else {
                writeText(job, "{");
                QVERIFY(::truncate(job.toUtf8().constData(), 3ll << 30) == 0);
            }
        }
        QStringList args = {command};
        if (command == "generate")
            args << "--job" << job << "--model" << QString::fromStdString(test::cogvideoxFixture("models/tiny-2b"));
        else
            args << job; // batch reports each job's problem and goes on: exit status 1
        // The probe's /dev/zero job reached 4.25 GB before bad_alloc: the file must not be read at all.
        const test::GuardedRun run = test::runGuardedCli(args, {}, 60, 6ll << 30);
        QVERIFY2(!run.wasKilled, "hung");
        QCOMPARE(run.exitCode, command == "generate" ? 2 : 1);
        QVERIFY2((run.err + run.out).contains(job + ": " + said), qPrintable(run.err + run.out));
    }

    void referenceVideosAreCheckedBeforeDecoding()
    {
        QVERIFY(::mkfifo(path("fifo.mp4").toUtf8().constData(), 0600) == 0);
        const test::GuardedRun fifo = test::runGuardedCli(openSora(path("fifo.mp4")));
        QVERIFY2(!fifo.wasKilled, "a FIFO reference hung generate");
        QCOMPARE(fifo.exitCode, 2);
        QVERIFY2(fifo.err.contains("fifo.mp4: is not a regular file"), qPrintable(fifo.err));

        writeHugeDeclaredVideo(path("huge.mp4"));
        const test::GuardedRun huge = test::runGuardedCli(openSora(path("huge.mp4")));
        QVERIFY2(!huge.wasKilled, "hung");
        QCOMPARE(huge.exitCode, 2);
        QVERIFY2(huge.err.contains("huge.mp4: is 16000 x 16000 pixels") && huge.err.contains("40 million"), qPrintable(huge.err));
    }

    void controlCharactersInNamesReachTheTerminalEscaped()
    {
        const QString folder = path("tiny\x1b]0;owned\x07\x1b[2J-2b");
        QVERIFY(QProcess::execute("cp", {"-r", QString::fromStdString(test::cogvideoxFixture("models/tiny-2b")), folder}) == 0);
        const test::GuardedRun inspect = test::runGuardedCli({"inspect", folder, "--summary"});
        QVERIFY2(inspect.exitCode == 0, qPrintable(inspect.err));
        QVERIFY2(!hasRawControl(inspect.out) && inspect.out.contains("tiny\\x1B]0;owned\\x07\\x1B[2J-2b"), qPrintable(inspect.out));
        const test::GuardedRun missing = test::runGuardedCli({"inspect", path("gone\x1b[2J\x9b" "31m")});
        QCOMPARE(missing.exitCode, 2);
        QVERIFY2(!hasRawControl(missing.err) && missing.err.contains("gone\\x1B[2J"), qPrintable(missing.err));
    }

    void slurmsWordsReachTheTerminalEscaped()
    {
        const test::GuardedRun status = test::runGuardedCli({"farm", "status", path("out")}, farmEnv({{"FAKE_SQUEUE", "escape"}}));
        QVERIFY2(status.exitCode == 0, qPrintable(status.err));
        QVERIFY2(!hasRawControl(status.out) && status.out.contains("on n\\x1B]0;owned\\x07"), qPrintable(status.out));
        const test::GuardedRun submit = test::runGuardedCli(
            {"farm", "submit", path("jobs"), "--partition", "gpu", "--out", path("out-esc"), "--device", "cpu"},
            farmEnv({{"FAKE_SBATCH", "escape"}}));
        QCOMPARE(submit.exitCode, 2);
        QVERIFY2(!hasRawControl(submit.err) && submit.err.contains("\\x1B]0;owned"), qPrintable(submit.err));
    }

    void slurmCommandsThatNeverEndAreStopped()
    {
        const test::GuardedRun status = test::runGuardedCli({"farm", "status", path("out")}, farmEnv({{"FAKE_SQUEUE", "hang"}}));
        QVERIFY2(!status.wasKilled, "a hung squeue hung farm status");
        QCOMPARE(status.exitCode, 2);
        QVERIFY2(status.err.contains("squeue") && status.err.contains("did not finish within 3 s"), qPrintable(status.err));
        requireFakesEnded();
    }

    void floodsOfSlurmOutputAreCapped()
    {
        const test::GuardedRun status = test::runGuardedCli({"farm", "status", path("out")}, farmEnv({{"FAKE_SQUEUE", "flood"}}),
                                                            60, 6ll << 30);
        QVERIFY2(!status.wasKilled, "hung");
        QCOMPARE(status.exitCode, 2);
        QVERIFY2(status.err.contains("printed more than the limit"), qPrintable(status.err.left(2000)));
        const test::GuardedRun submit = test::runGuardedCli(
            {"farm", "submit", path("jobs"), "--partition", "gpu", "--out", path("out-flood"), "--device", "cpu"},
            farmEnv({{"FAKE_SBATCH", "flood"}}), 60, 6ll << 30);
        QCOMPARE(submit.exitCode, 2);
        QVERIFY2(submit.err.size() < 4000, qPrintable(QString::number(submit.err.size()))); // not 200 MB echoed
        QVERIFY(QDir(path("out-flood/.farm")).entryList(QDir::Dirs | QDir::NoDotAndDotDot).isEmpty());
    }

    // farm killed outright (SIGKILL; Ctrl-C where no handler runs) while squeue hangs: squeue goes too.
    void aKilledFarmTakesItsSlurmCommandWithIt()
    {
        QFile::remove(path("fake.pids"));
        QProcess p;
        QProcessEnvironment e = QProcessEnvironment::systemEnvironment();
        const QMap<QString, QString> env = farmEnv({{"FAKE_SQUEUE", "hang-exec"}, {"FRAMESMITH_COMMAND_TIMEOUT", "300"}});
        for (auto it = env.begin(); it != env.end(); ++it)
            e.insert(it.key(), it.value());
        p.setProcessEnvironment(e);
        p.start(test::cliBinary(), {"farm", "status", path("out")});
        QTRY_VERIFY_WITH_TIMEOUT(QFileInfo(path("fake.pids")).size() > 0, 60000);
        const std::vector<int> below = descendantsOf(static_cast<int>(p.processId())); // from /proc, not the fake
        QVERIFY(!below.empty());
        QVERIFY(::kill(static_cast<pid_t>(p.processId()), SIGKILL) == 0);
        QVERIFY(p.waitForFinished(30000));
        for (const int pid : below)
            QTRY_VERIFY2_WITH_TIMEOUT(!isAlive(pid), qPrintable("process " + QString::number(pid) + " still runs"), 5000);
        requireFakesEnded();
    }

    // Issue 34: SIGTERM (Ctrl-C, systemd, a job's end) while a squeue wrapper script hangs killed
    // framesmith-cli at once; squeue's parent-death signal took the script but its child stayed.
    // Now the whole group is ended and status exits 4. The processes are found in /proc, not
    // from what the fakes say of themselves.
    void anInterruptedStatusLeavesNoChildBehind()
    {
        QFile::remove(path("fake.pids"));
        QProcess p;
        QProcessEnvironment e = QProcessEnvironment::systemEnvironment();
        const QMap<QString, QString> env = farmEnv({{"FAKE_SQUEUE", "hang"}, {"FRAMESMITH_COMMAND_TIMEOUT", "300"}});
        for (auto it = env.begin(); it != env.end(); ++it)
            e.insert(it.key(), it.value());
        p.setProcessEnvironment(e);
        p.start(test::cliBinary(), {"farm", "status", path("out")});
        QTRY_VERIFY_WITH_TIMEOUT(QFileInfo(path("fake.pids")).size() > 0, 60000);
        const std::vector<int> below = descendantsOf(static_cast<int>(p.processId()));
        QVERIFY2(below.size() >= 2, qPrintable(QString::number(below.size()))); // the script and its sleep
        QVERIFY(::kill(static_cast<pid_t>(p.processId()), SIGTERM) == 0);
        QVERIFY2(p.waitForFinished(30000), "a single SIGTERM did not end farm status");
        const bool exitedFour = p.exitStatus() == QProcess::NormalExit && p.exitCode() == 4;
        int left = 0;
        for (const int pid : below) {
            QTest::qWaitFor([pid] { return !isAlive(pid); }, 5000);
            if (isAlive(pid)) {
                ++left;
                ::kill(pid, SIGKILL); // leave nothing running for the next test, whatever the verdict
            }
        }
        QVERIFY2(exitedFour, qPrintable(QString(p.readAllStandardError())));
        QCOMPARE(left, 0);
        QFile::remove(path("fake.pids"));
    }

    // SIGTERM while sbatch hangs: sbatch is stopped, the folder removed, exit status 4.
    void anInterruptedSubmitLeavesNoFolder()
    {
        QFile::remove(path("fake.pids.sbatch"));
        QProcess p;
        QProcessEnvironment e = QProcessEnvironment::systemEnvironment();
        const QMap<QString, QString> env = farmEnv({{"FAKE_SBATCH", "hang"}, {"FRAMESMITH_COMMAND_TIMEOUT", "300"}});
        for (auto it = env.begin(); it != env.end(); ++it)
            e.insert(it.key(), it.value());
        p.setProcessEnvironment(e);
        p.start("prlimit", {"--as=" + QString::number(8ll << 30), "--", test::cliBinary(), "farm", "submit", path("jobs"),
                            "--partition", "gpu", "--out", path("out-int"), "--device", "cpu"});
        QTRY_VERIFY_WITH_TIMEOUT(QFileInfo::exists(path("fake.pids.sbatch")), 60000);
        QVERIFY(::kill(static_cast<pid_t>(p.processId()), SIGTERM) == 0); // one SIGTERM, as scancel or systemd sends
        QVERIFY2(p.waitForFinished(30000), "a single SIGTERM did not end farm submit");
        QCOMPARE(p.exitCode(), 4);
        QVERIFY2(QString(p.readAllStandardError()).contains("nothing was submitted"), "");
        QVERIFY(QDir(path("out-int/.farm")).entryList(QDir::Dirs | QDir::NoDotAndDotDot).isEmpty());
        requireFakesEnded();
    }
};

FRAMESMITH_TEST_GUILESS_MAIN(TestHostileInputs)

} // namespace tst_HostileInputs
#include "tst_HostileInputs.moc"
