// SlurmClient against canned sbatch/squeue/sacct output (Slurm 22.05's formats): the commands it
// runs, the ids and states it reads, and what it says when Slurm refuses or is not there.
#include "cli/farm/SlurmClient.h"
#include "framesmith/Error.h"
#include "support/TestRegistry.h"

#include <QtTest/QtTest>

namespace tst_SlurmClient {

using namespace framesmith;
using namespace framesmith::cli;

namespace {

struct FakeSlurm {
    std::vector<std::vector<std::string>> calls;
    std::map<std::string, CommandResult> answers; // by program name
    SlurmClient client()
    {
        return SlurmClient([this](const std::vector<std::string>& argv) {
            calls.push_back(argv);
            const auto it = answers.find(argv.front());
            return it == answers.end() ? CommandResult{} : it->second;
        });
    }
};

CommandResult answer(int code, const std::string& out, const std::string& err = "")
{
    return {code, out, err, true};
}

} // namespace

class TestSlurmClient : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void submitReadsTheParsableId()
    {
        FakeSlurm slurm;
        slurm.answers["sbatch"] = answer(0, "4242\n");
        QCOMPARE(slurm.client().submit("/s/farm.sbatch"), std::string("4242"));
        QCOMPARE(slurm.calls.front(), (std::vector<std::string>{"sbatch", "--parsable", "/s/farm.sbatch"}));
        QCOMPARE(SlurmClient::parseSubmit("77;cluster-a\n"), std::string("77"));
        QVERIFY_THROWS_EXCEPTION(Error, SlurmClient::parseSubmit("Submitted batch job 77"));
    }

    void submitRefusedNamesSlurmsReason()
    {
        FakeSlurm slurm;
        slurm.answers["sbatch"] = answer(1, "", "sbatch: error: invalid partition specified: gpux\n");
        try {
            slurm.client().submit("/s/farm.sbatch");
            QFAIL("no error");
        } catch (const Error& e) {
            QVERIFY2(QString(e.what()).contains("invalid partition specified: gpux"), e.what());
        }
        FakeSlurm missing; // no sbatch on PATH
        try {
            missing.client().submit("/s/farm.sbatch");
            QFAIL("no error");
        } catch (const Error& e) {
            QVERIFY2(QString(e.what()).contains("Slurm installed"), e.what());
        }
    }

    void queueListsEachTask()
    {
        const std::string out = "4242_0|RUNNING|None|gpu-node-1\n"
                                "4242_1|PENDING|Resources|\n"
                                "4242_2|PENDING|Priority|\n"
                                "4243_0|RUNNING|None|gpu-node-2\n"; // another array
        const auto tasks = SlurmClient::parseQueue("4242", out);
        QCOMPARE(tasks.size(), size_t(3));
        QCOMPARE(tasks.at(0).state, std::string("RUNNING"));
        QCOMPARE(tasks.at(0).reason, std::string());
        QCOMPARE(tasks.at(0).node, std::string("gpu-node-1"));
        QCOMPARE(tasks.at(1).reason, std::string("Resources"));
    }

    void queueOfAnArrayThatLeftIsEmpty()
    {
        FakeSlurm slurm;
        slurm.answers["squeue"] = answer(1, "", "slurm_load_jobs error: Invalid job id specified\n");
        QVERIFY(slurm.client().queued("4242").empty());
        QCOMPARE(slurm.calls.front(),
                 (std::vector<std::string>{"squeue", "-h", "-r", "-j", "4242", "-o", "%i|%T|%r|%N"}));
        slurm.answers["squeue"] = answer(1, "", "squeue: error: Unable to contact slurm controller\n");
        QVERIFY_THROWS_EXCEPTION(Error, slurm.client().queued("4242"));
    }

    void accountingReadsEndingsAndExitCodes()
    {
        const std::string out = "4242_0|COMPLETED|0:0|gpu-node-1\n"
                                "4242_1|FAILED|3:0|gpu-node-1\n"
                                "4242_2|TIMEOUT|0:0|gpu-node-2\n"
                                "4242_3|NODE_FAIL|0:0|gpu-node-3\n"
                                "4242_4|CANCELLED by 1000|0:15|gpu-node-2\n"
                                "4242_[5-7]|PENDING|0:0|None assigned\n";
        const auto tasks = SlurmClient::parseAccounting("4242", out);
        QCOMPARE(tasks.size(), size_t(5));
        QCOMPARE(tasks.at(1).state, std::string("FAILED"));
        QCOMPARE(tasks.at(1).exitCode, 3);
        QCOMPARE(tasks.at(2).state, std::string("TIMEOUT"));
        QCOMPARE(tasks.at(3).node, std::string("gpu-node-3"));
        QCOMPARE(tasks.at(4).state, std::string("CANCELLED"));
    }

    // Issue 34: std::stoi on sacct's exit code let "99999999999:0" escape as a raw std::out_of_range
    // and read "abc:0" or "3" as "not known"; now anything but EXIT:SIGNAL is an error naming both.
    void accountingRefusesAnExitCodeItCannotRead_data()
    {
        QTest::addColumn<QString>("exitCode");
        QTest::newRow("overflows int") << "99999999999:0";
        QTest::newRow("text") << "abc:0";
        QTest::newRow("no signal") << "3";
        QTest::newRow("negative") << "-1:0";
        QTest::newRow("past 255") << "256:0";
        QTest::newRow("signal as text") << "3:x";
    }

    void accountingRefusesAnExitCodeItCannotRead()
    {
        QFETCH(QString, exitCode);
        const std::string out = "4242_0|COMPLETED|0:0|n1\n4242_3|FAILED|" + exitCode.toStdString() + "|n1\n";
        try {
            SlurmClient::parseAccounting("4242", out);
            QFAIL("no error");
        } catch (const Error& e) {
            const QString what = e.what();
            QVERIFY2(what.contains("job 4242_3: ExitCode '" + exitCode + "'") && what.contains("EXIT:SIGNAL"), e.what());
        }
        // Not known yet is not an error.
        QCOMPARE(SlurmClient::parseAccounting("4242", "4242_3|PENDING||None assigned\n").at(3).exitCode, -1);
    }

    void accountingWithoutADatabaseIsNothing()
    {
        FakeSlurm slurm;
        slurm.answers["sacct"] = answer(1, "", "Slurm accounting storage is disabled\n");
        QVERIFY(!slurm.client().accounted("4242").has_value());
        slurm.answers["sacct"] = answer(0, ""); // a database that never saw the array
        QVERIFY(!slurm.client().accounted("4242").has_value());
        slurm.answers["sacct"] = answer(0, "4242_0|COMPLETED|0:0|n1\n");
        QCOMPARE(slurm.client().accounted("4242")->at(0).state, std::string("COMPLETED"));
    }

    void cancelRunsScancel()
    {
        FakeSlurm slurm;
        slurm.answers["scancel"] = answer(0, "");
        slurm.client().cancel("4242");
        QCOMPARE(slurm.calls.front(), (std::vector<std::string>{"scancel", "4242"}));
        slurm.answers["scancel"] = answer(1, "", "scancel: error: Kill job error on job id 4242: Access/permission denied\n");
        QVERIFY_THROWS_EXCEPTION(Error, slurm.client().cancel("4242"));
    }
};

FRAMESMITH_TEST_GUILESS_MAIN(TestSlurmClient)

} // namespace tst_SlurmClient
#include "tst_SlurmClient.moc"
