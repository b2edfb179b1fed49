// CommandRunner: a program's exit code, stdout and stderr apart, and a program that is not there.
#include "cli/CommandRunner.h"

#include <QtTest/QtTest>

using namespace framesmith::cli;

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

    void missingProgram()
    {
        const CommandResult r = CommandRunner::run({"framesmith-no-such-program"});
        QVERIFY(!r.wasStarted);
        QCOMPARE(r.exitCode, -1);
        QVERIFY(!r.err.empty());
    }
};

QTEST_GUILESS_MAIN(TestCommandRunner)
#include "tst_CommandRunner.moc"
