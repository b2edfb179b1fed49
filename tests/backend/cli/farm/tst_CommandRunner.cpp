// CommandRunner: a program's exit code, stdout and stderr apart, and a program that is not there;
// a program that never ends, floods its output or is interrupted is ended with its whole process
// group (a hung squeue cannot hang `farm`), and says why.
#include "cli/farm/CommandRunner.h"
#include "support/TestRegistry.h"

#include <QTemporaryDir>
#include <QtTest/QtTest>

#include <csignal>
#include <fstream>

namespace tst_CommandRunner {

using namespace framesmith;
using namespace framesmith::cli;

namespace {

// Running or sleeping; a zombie waiting for a reaper that is not us counts as ended.
bool isAlive(int pid)
{
    std::ifstream stat("/proc/" + std::to_string(pid) + "/stat");
    std::string text;
    std::getline(stat, text);
    const auto close = text.rfind(')');
    return close != std::string::npos && close + 2 < text.size() && text[close + 2] != 'Z';
}

} // namespace

class TestCommandRunner : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void collectsOutputAndExitCode()
    {
        const CommandResult r = CommandRunner::run({"sh", "-c", "echo out; echo err >&2; exit 3"});
        QVERIFY(r.wasStarted);
        QCOMPARE(r.exitCode, 3);
        QCOMPARE(r.out, std::string("out\n"));
        QCOMPARE(r.err, std::string("err\n"));
    }

    void argumentsAreNotShellWords()
    {
        const CommandResult r = CommandRunner::run({"printf", "%s|", "a b", "it's", "$HOME"});
        QCOMPARE(r.out, std::string("a b|it's|$HOME|"));
    }

    void largeOutputOnBothStreamsDoesNotBlock()
    {
        // More than a pipe holds on each stream at once.
        const CommandResult r = CommandRunner::run({"sh", "-c", "head -c 200000 /dev/zero; head -c 200000 /dev/zero >&2"});
        QCOMPARE(r.out.size(), size_t(200000));
        QCOMPARE(r.err.size(), size_t(200000));
    }

    void aProgramThatNeverEndsIsEndedWithItsChildren()
    {
        QTemporaryDir dir;
        const std::string pidFile = dir.filePath("child.pid").toStdString();
        CommandLimits limits;
        limits.timeoutSeconds = 1;
        // A background child that would keep the pipes open after the shell itself was killed.
        const CommandResult r = CommandRunner::run({"sh", "-c", "sleep 1000 & echo $! > " + pidFile + "; wait"}, limits);
        QVERIFY(r.wasStarted);
        QVERIFY(r.timedOut);
        QCOMPARE(r.exitCode, -1);
        QVERIFY2(QString::fromStdString(r.endedBecause(limits)).contains("did not finish within 1 s"),
                 r.endedBecause(limits).c_str());
        int child = 0;
        std::ifstream(pidFile) >> child;
        QVERIFY(child > 0);
        QTRY_VERIFY_WITH_TIMEOUT(!isAlive(child), 5000); // the group was ended, the grandchild too
    }

    void aFloodOfOutputIsCutOff()
    {
        CommandLimits limits;
        limits.maxOutBytes = 1 << 20;
        const CommandResult r = CommandRunner::run({"yes", "node-1|RUNNING|None|n1"}, limits); // never ends by itself
        QVERIFY(r.printedTooMuch);
        QVERIFY(r.out.size() <= limits.maxOutBytes);
        limits.maxErrBytes = 4096;
        const CommandResult e = CommandRunner::run({"sh", "-c", "head -c 200000000 /dev/zero >&2"}, limits);
        QVERIFY(e.printedTooMuch);
        QVERIFY(e.err.size() <= 4096);
    }

    void aCancelEndsTheProgram()
    {
        CancelToken token;
        token.request(CancelMode::StopNow);
        CommandLimits limits;
        limits.cancel = &token;
        const CommandResult r = CommandRunner::run({"sleep", "1000"}, limits);
        QVERIFY(r.wasCancelled);
        QCOMPARE(r.exitCode, -1);
    }

    void timeoutComesFromTheEnvironment()
    {
        qputenv("FRAMESMITH_COMMAND_TIMEOUT", "7");
        QCOMPARE(CommandLimits::fromEnvironment().timeoutSeconds, 7);
        qputenv("FRAMESMITH_COMMAND_TIMEOUT", "0"); // out of range: the default stays
        QCOMPARE(CommandLimits::fromEnvironment().timeoutSeconds, CommandLimits().timeoutSeconds);
        qunsetenv("FRAMESMITH_COMMAND_TIMEOUT");
    }

    void missingProgram()
    {
        const CommandResult r = CommandRunner::run({"framesmith-no-such-program"});
        QVERIFY(!r.wasStarted);
        QCOMPARE(r.exitCode, -1);
        QVERIFY(!r.err.empty());
    }
};

FRAMESMITH_TEST_GUILESS_MAIN(TestCommandRunner)

} // namespace tst_CommandRunner
#include "tst_CommandRunner.moc"
