// The sbatch script a farm submission hands to Slurm: one array task per job, the partition, the
// GPUs, the time limit from the estimate (or the admin's own), the log pattern, the extra
// arguments, and the one command every task runs, quoted for the shell.
#include "cli/farm/FarmTimeLimit.h"
#include "cli/farm/SbatchScript.h"
#include "framesmith/Error.h"
#include "support/TestRegistry.h"

#include <QtTest/QtTest>

namespace tst_SbatchScript {

using namespace framesmith;
using namespace framesmith::cli;

namespace {

FarmSubmission submission(int jobs)
{
    FarmSubmission s;
    s.id = "20261124-051530-42";
    s.folder = "/shared/renders/.farm/20261124-051530-42";
    s.createdAt = "2026-11-24T05:15:30Z";
    s.cliPath = "/usr/bin/framesmith-cli";
    s.timeLimitMinutes = 95;
    s.settings.outFolder = "/shared/renders";
    s.settings.partition = "gpu";
    s.settings.gpusPerJob = 2;
    for (int i = 0; i < jobs; ++i)
        s.tasks.push_back({i, "job" + std::to_string(i) + ".json", "", "", 600});
    return s;
}

QStringList lines(const FarmSubmission& s) { return QString::fromStdString(SbatchScript::text(s)).split('\n'); }

} // namespace

class TestSbatchScript : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void oneArrayTaskPerJob()
    {
        const QStringList script = lines(submission(6));
        QCOMPARE(script.first(), QStringLiteral("#!/bin/bash"));
        QVERIFY(script.contains("#SBATCH --array=0-5"));
        QVERIFY(script.contains("#SBATCH --partition=gpu"));
        QVERIFY(script.contains("#SBATCH --gres=gpu:2"));
        QVERIFY(script.contains("#SBATCH --time=01:35:00"));
        QVERIFY(script.contains("#SBATCH --output=/shared/renders/.farm/20261124-051530-42/logs/%A_%a.out"));
        QVERIFY(script.contains("exec '/usr/bin/framesmith-cli' farm run-task '/shared/renders/.farm/20261124-051530-42'"));
        // Directives must come before the first command, or sbatch ignores them.
        const int lastDirective = script.lastIndexOf(QRegularExpression("^#SBATCH .*"));
        const int firstCommand = script.indexOf(QRegularExpression("^(set|exec) .*"));
        QVERIFY(lastDirective >= 0 && firstCommand > lastDirective);
        // The admin reads where the limit comes from.
        QVERIFY(script.join('\n').contains("x3"));
    }

    void cpuJobsAskForNoGpu()
    {
        FarmSubmission s = submission(1);
        s.settings.gpusPerJob = 0;
        const QStringList script = lines(s);
        QVERIFY(script.contains("#SBATCH --array=0-0"));
        QVERIFY(!script.join('\n').contains("--gres"));
    }

    void extraArgumentsComeLastAndAnOwnTimeLimitWins()
    {
        FarmSubmission s = submission(2);
        s.settings.sbatchArgs = {"--qos=high", "--time=4:00:00"};
        const QStringList script = lines(s);
        QVERIFY(script.contains("#SBATCH --qos=high"));
        QVERIFY(script.contains("#SBATCH --time=4:00:00"));
        QCOMPARE(script.filter(QRegularExpression("^#SBATCH --time=")).size(), 1);
        QVERIFY(SbatchScript::setsTimeLimit({"-t", "60"}));
        QVERIFY(!SbatchScript::setsTimeLimit({"--qos=high"}));
    }

    void valuesReachingTheShellAreQuoted()
    {
        QCOMPARE(SbatchScript::shellQuoted("/opt/it's here"), std::string("'/opt/it'\\''s here'"));
        FarmSubmission s = submission(1);
        s.cliPath = "/opt/frame smith/bin/framesmith-cli";
        QVERIFY(lines(s).contains("exec '/opt/frame smith/bin/framesmith-cli' farm run-task "
                                  "'/shared/renders/.farm/20261124-051530-42'"));
    }

    void refusesWhatCannotBeAnSbatchLine_data()
    {
        QTest::addColumn<QString>("partition");
        QTest::addColumn<QString>("extra");
        QTest::addColumn<QString>("folder");
        QTest::addColumn<QString>("flag");
        QTest::newRow("partition with a line break") << "gpu\n#SBATCH --x" << "" << "" << "--partition";
        QTest::newRow("empty partition") << "" << "" << "" << "--partition";
        QTest::newRow("extra without a dash") << "gpu" << "qos=high" << "" << "--sbatch-arg";
        QTest::newRow("extra with a line break") << "gpu" << "--qos=a\nrm -rf /" << "" << "--sbatch-arg";
        QTest::newRow("folder with a blank") << "gpu" << "" << "/shared/my renders/.farm/x" << "--out";
        // Slurm expands nothing in an --output path that holds a backslash: every task would share a log.
        QTest::newRow("folder with a backslash") << "gpu" << "" << "/shared/a\\b/.farm/x" << "--out";
    }

    void refusesWhatCannotBeAnSbatchLine()
    {
        QFETCH(QString, partition);
        QFETCH(QString, extra);
        QFETCH(QString, folder);
        QFETCH(QString, flag);
        FarmSubmission s = submission(1);
        s.settings.partition = partition.toStdString();
        if (!extra.isEmpty())
            s.settings.sbatchArgs = {extra.toStdString()};
        if (!folder.isEmpty())
            s.folder = folder.toStdString();
        try {
            SbatchScript::text(s);
            QFAIL("accepted");
        } catch (const InvalidRequestError& e) {
            QCOMPARE(QString::fromStdString(e.field()), flag);
        }
    }

    // Slurm expands %j, %u, %N ... in --output: a '%' of the folder's own name must stay a '%'.
    void percentInTheFolderIsEscapedForSlurm()
    {
        FarmSubmission s = submission(1);
        s.folder = "/shared/50%_%u/.farm/20261124-051530-42";
        const QStringList script = lines(s);
        QVERIFY2(script.contains("#SBATCH --output=/shared/50%%_%%u/.farm/20261124-051530-42/logs/%A_%a.out"),
                 qPrintable(script.join('\n')));
        // The shell line is not a Slurm pattern: the folder as it is.
        QVERIFY(script.contains("exec '/usr/bin/framesmith-cli' farm run-task '/shared/50%_%u/.farm/20261124-051530-42'"));
    }

    void noJobsNoScript()
    {
        QVERIFY_THROWS_EXCEPTION(InvalidRequestError, SbatchScript::text(submission(0)));
    }
};

FRAMESMITH_TEST_GUILESS_MAIN(TestSbatchScript)

} // namespace tst_SbatchScript
#include "tst_SbatchScript.moc"
