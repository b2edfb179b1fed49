// FarmStatus::merge: each job's state and reason from the task's own state file, squeue and
// sacct (canned), as on a cluster with and without an accounting database: ok, out of memory
// (exit 3), time limit, node lost, cancelled, killed outright, pending, and kept latents.
#include "cli/farm/FarmStatus.h"
#include "support/TestRegistry.h"

#include <QTemporaryDir>
#include <QtTest/QtTest>

#include <fstream>

namespace tst_FarmStatus {

using namespace framesmith::cli;

namespace {

void touch(const std::string& path)
{
    std::ofstream(path) << "bytes";
}

} // namespace

class TestFarmStatus : public QObject {
    Q_OBJECT

private:
    QTemporaryDir m_dir;
    FarmSubmission m_sub;

    std::string path(const std::string& name) const { return m_dir.filePath(QString::fromStdString(name)).toStdString(); }

    FarmJobStatus only(const std::map<int, SlurmTaskState>& queued, const std::optional<std::map<int, SlurmTaskState>>& accounted,
                       const std::map<int, FarmTaskState>& states, int index)
    {
        return FarmStatus::merge(m_sub, queued, accounted, states).at(static_cast<size_t>(index));
    }

private Q_SLOTS:
    void initTestCase()
    {
        QVERIFY(QDir(m_dir.path()).mkpath("latents"));
        m_sub.folder = m_dir.path().toStdString();
        m_sub.arrayId = "4242";
        m_sub.timeLimitMinutes = 30;
        for (int i = 0; i < 3; ++i)
            m_sub.tasks.push_back({i, "j" + std::to_string(i) + ".json", "", path("j" + std::to_string(i) + ".mp4"), 60});
        touch(path("j0.mp4"));
    }

    void ownOkWithItsClip()
    {
        const FarmJobStatus job = only({}, std::nullopt, {{0, {"ok", "done", 0, "", "n1", ""}}}, 0);
        QCOMPARE(job.state, FarmJobStatus::State::Ok);
        QCOMPARE(job.reason, path("j0.mp4"));
        // The state file says ok but the clip went away: not ok.
        QCOMPARE(only({}, std::nullopt, {{1, {"ok", "done", 0, "", "n1", ""}}}, 1).state, FarmJobStatus::State::Failed);
    }

    void outOfMemoryNamedWithItsLatents()
    {
        touch(m_sub.latentsPath(1));
        const FarmTaskState own{"failed", "transformer: CUDA out of memory", 3, m_sub.latentsPath(1), "n1", ""};
        const FarmJobStatus job = only({}, std::nullopt, {{1, own}}, 1);
        QCOMPARE(job.state, FarmJobStatus::State::Failed);
        QVERIFY2(QString::fromStdString(job.reason).startsWith("out of memory: transformer"), job.reason.c_str());
        QCOMPARE(job.latentsPath, m_sub.latentsPath(1));
        QVERIFY(std::remove(m_sub.latentsPath(1).c_str()) == 0);
    }

    void slurmExplainsTasksThatCouldNotSpeak_data()
    {
        QTest::addColumn<QString>("slurmState");
        QTest::addColumn<int>("exitCode");
        QTest::addColumn<QString>("ownState");
        QTest::addColumn<QString>("reason");
        QTest::newRow("timeout") << "TIMEOUT" << 0 << "cancelled" << "time limit reached (--time=00:30:00) on n2";
        QTest::newRow("node lost") << "NODE_FAIL" << 0 << "running" << "node lost on n2";
        QTest::newRow("scancel") << "CANCELLED" << 0 << "" << "cancelled (scancel) on n2";
        QTest::newRow("cgroup oom") << "OUT_OF_MEMORY" << 0 << "running" << "the node's memory limit was reached";
        QTest::newRow("exit 3") << "FAILED" << 3 << "running" << "out of memory on n2";
    }

    void slurmExplainsTasksThatCouldNotSpeak()
    {
        QFETCH(QString, slurmState);
        QFETCH(int, exitCode);
        QFETCH(QString, ownState);
        QFETCH(QString, reason);
        std::map<int, FarmTaskState> states;
        if (!ownState.isEmpty())
            states[2] = {ownState.toStdString(), "SIGTERM", -1, "", "n2", ""};
        const std::map<int, SlurmTaskState> accounted{{2, {slurmState.toStdString(), "", exitCode, "n2"}}};
        const FarmJobStatus job = only({}, accounted, states, 2);
        QCOMPARE(job.state, FarmJobStatus::State::Failed);
        QVERIFY2(QString::fromStdString(job.reason).startsWith(reason), job.reason.c_str());
    }

    void withoutAccountingTheStateFileDecides()
    {
        // Killed outright (SIGKILL, a lost node): it said "running" and left the queue.
        const FarmJobStatus killed = only({}, std::nullopt, {{2, {"running", "j2.json", -1, "", "n2", ""}}}, 2);
        QCOMPARE(killed.state, FarmJobStatus::State::Failed);
        QVERIFY2(QString::fromStdString(killed.reason).contains("killed outright"), killed.reason.c_str());
        QVERIFY(QString::fromStdString(killed.reason).contains("logs/4242_2.out"));
        // It caught Slurm's SIGTERM (scancel, or the time limit near).
        const FarmJobStatus stopped = only({}, std::nullopt, {{2, {"cancelled", "cancelled at step 1", 4, "", "n2", ""}}}, 2);
        QVERIFY2(QString::fromStdString(stopped.reason).startsWith("stopped by Slurm"), stopped.reason.c_str());
        // Never started and not queued.
        const FarmJobStatus never = only({}, std::nullopt, {}, 2);
        QVERIFY2(QString::fromStdString(never.reason).contains("without starting"), never.reason.c_str());
    }

    void queuedTasksArePendingOrRunning()
    {
        const std::map<int, SlurmTaskState> queued{{1, {"PENDING", "Resources", -1, ""}}, {2, {"RUNNING", "", -1, "n3"}}};
        const auto jobs = FarmStatus::merge(m_sub, queued, std::nullopt, {{2, {"running", "", -1, "", "n3", ""}}});
        QCOMPARE(jobs.at(1).state, FarmJobStatus::State::Pending);
        QCOMPARE(jobs.at(1).reason, std::string("Resources"));
        QCOMPARE(jobs.at(2).state, FarmJobStatus::State::Running);
        QCOMPARE(jobs.at(2).reason, std::string("on n3"));
        // A task that already wrote its failure is failed while Slurm still tidies it up.
        const auto ending = FarmStatus::merge(m_sub, {{2, {"COMPLETING", "", -1, "n3"}}}, std::nullopt,
                                              {{2, {"failed", "bad VAE", 1, "", "n3", ""}}});
        QCOMPARE(ending.at(2).state, FarmJobStatus::State::Failed);
        QCOMPARE(ending.at(2).reason, std::string("bad VAE"));
    }

    // Issue 34: a state this version does not know read as "left the queue without starting".
    void unknownSlurmStateIsNamedWithWhatIsDone()
    {
        const std::map<int, SlurmTaskState> queued{{1, {"FROBNICATING", "", -1, "n3"}}};
        const FarmJobStatus waiting = only(queued, std::nullopt, {{1, {"running", "", -1, "", "n3", ""}}}, 1);
        QCOMPARE(waiting.state, FarmJobStatus::State::Pending);
        QVERIFY2(QString::fromStdString(waiting.reason).contains("Slurm state 'FROBNICATING' is not one Framesmith knows") &&
                     QString::fromStdString(waiting.reason).contains("shown as pending"),
                 waiting.reason.c_str());
        // Only the accounting database still knows it: the task has left the queue.
        const FarmJobStatus gone = only({}, std::map<int, SlurmTaskState>{{1, {"FROBNICATED", "", 0, "n3"}}}, {}, 1);
        QCOMPARE(gone.state, FarmJobStatus::State::Failed);
        QVERIFY2(QString::fromStdString(gone.reason).contains("Slurm state 'FROBNICATED' is not one Framesmith knows") &&
                     QString::fromStdString(gone.reason).contains("counted as failed") &&
                     QString::fromStdString(gone.reason).contains("logs/4242_1.out"),
                 gone.reason.c_str());
    }

    // Held and requeued tasks are still in Slurm's queue (they were read as having left it).
    void heldTasksAreStillQueued()
    {
        for (const char* state : {"REQUEUE_HOLD", "RESV_DEL_HOLD", "SPECIAL_EXIT", "REQUEUE_FED"}) {
            const std::map<int, SlurmTaskState> queued{{1, {state, "JobHeldAdmin", -1, ""}}};
            const FarmJobStatus job = only(queued, std::nullopt, {}, 1);
            QVERIFY2(job.state == FarmJobStatus::State::Pending, state);
            QCOMPARE(job.reason, std::string("JobHeldAdmin"));
        }
        const FarmJobStatus stopped = only({{1, {"STOPPED", "", -1, "n4"}}}, std::nullopt, {}, 1);
        QCOMPARE(stopped.state, FarmJobStatus::State::Running);
    }

    void latentsLeftByAKilledTaskAreFound()
    {
        touch(m_sub.latentsPath(2));
        const FarmJobStatus job = only({}, std::map<int, SlurmTaskState>{{2, {"TIMEOUT", "", 0, ""}}}, {}, 2);
        QCOMPARE(job.latentsPath, m_sub.latentsPath(2));
        QVERIFY(std::remove(m_sub.latentsPath(2).c_str()) == 0);
    }
};

FRAMESMITH_TEST_GUILESS_MAIN(TestFarmStatus)

} // namespace tst_FarmStatus
#include "tst_FarmStatus.moc"
