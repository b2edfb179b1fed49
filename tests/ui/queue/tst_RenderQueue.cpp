// The render queue across a crash, with the app as a separate process: killed (SIGKILL) in the
// middle of a job, the restarted app runs that job again and records it in the History once; a
// job whose denoising had finished when the app died (its latents checkpoint on disk) is decoded
// from that checkpoint, not denoised again.
#include "support/CliRun.h"
#include "support/TinyRequest.h"
#include "ui/history/HistoryStore.h"
#include "ui/queue/QueueStore.h"
#include "support/TestRegistry.h"

#include <QDir>
#include <QFileInfo>
#include <QProcess>
#include <QTemporaryDir>
#include <QTest>

#include <csignal>
#include <sys/types.h>

namespace tst_RenderQueue {

namespace {
constexpr int kTimeoutMs = 240000;

framesmith::GenerationRequest queuedRequest(const std::string& prompt, int steps)
{
    framesmith::GenerationRequest r = framesmith::test::tinyRequest(framesmith::test::tinyModelPath(), steps);
    r.prompt = prompt;
    r.seed = 7;
    return r;
}

QueueJob jobOnDisk(const QString& root, const QString& id)
{
    QueueStore store(root);
    for (const QueueJob& job : store.load())
        if (job.id == id)
            return job;
    return {};
}
} // namespace

class tst_RenderQueue : public QObject {
    Q_OBJECT

private:
    QTemporaryDir m_dir;
    QString root() const { return m_dir.filePath(QStringLiteral("data")); }

    // The installed app's way of finding its data and settings, pointed into the test folder.
    void startApp(QProcess& app)
    {
        QProcessEnvironment environment = QProcessEnvironment::systemEnvironment();
        environment.insert(QStringLiteral("FRAMESMITH_DATA_DIR"), root());
        environment.insert(QStringLiteral("FRAMESMITH_CHECKPOINT_DIR"), m_dir.filePath(QStringLiteral("checkpoints")));
        environment.insert(QStringLiteral("XDG_CONFIG_HOME"), m_dir.filePath(QStringLiteral("config")));
        environment.insert(QStringLiteral("QT_QPA_PLATFORM"), QStringLiteral("offscreen"));
        app.setProcessEnvironment(environment);
        app.setProcessChannelMode(QProcess::ForwardedErrorChannel);
        app.start(QStringLiteral(FRAMESMITH_BINARY_DIR "/bin/framesmith"), {});
        QVERIFY(app.waitForStarted());
    }

    void killApp(QProcess& app)
    {
        ::kill(static_cast<pid_t>(app.processId()), SIGKILL);
        QVERIFY(app.waitForFinished(30000));
        QCOMPARE(app.exitStatus(), QProcess::CrashExit);
    }

    QString queueJob(const framesmith::GenerationRequest& request, QueueJob::State state, const QString& latents = {})
    {
        QueueStore store(root());
        QueueJob job;
        job.id = store.newId();
        job.request = request;
        job.state = state;
        job.latentsPath = latents;
        return store.save(job) ? job.id : QString();
    }

    int historyEntriesWith(const std::string& prompt) const
    {
        int count = 0;
        for (const HistoryEntry& entry : HistoryStore(root()).entries())
            count += entry.request.prompt == prompt && QFileInfo::exists(entry.videoPath) ? 1 : 0;
        return count;
    }

private Q_SLOTS:
    void initTestCase() { QVERIFY(m_dir.isValid()); }

    void killedMidJobRunsItAgainAfterRestart()
    {
        // Enough steps that the kill lands while it denoises, on any machine this runs on.
        const QString id = queueJob(queuedRequest("killed mid-job", 80), QueueJob::State::Waiting);
        QVERIFY(!id.isEmpty());
        QProcess first;
        startApp(first);
        QVERIFY(QTest::qWaitFor([&] { return jobOnDisk(root(), id).state == QueueJob::State::Running; }, kTimeoutMs));
        const QString latents = jobOnDisk(root(), id).latentsPath;
        QVERIFY(latents.startsWith(QueueStore(root()).folder()));
        QTest::qWait(500); // into the denoising loop
        killApp(first);
        QCOMPARE(jobOnDisk(root(), id).state, QueueJob::State::Running); // what the dead app left
        QVERIFY2(!QFileInfo::exists(latents), "killed before its denoising finished");
        QCOMPARE(historyEntriesWith("killed mid-job"), 0);

        QProcess second;
        startApp(second);
        QVERIFY(QTest::qWaitFor([&] { return jobOnDisk(root(), id).state == QueueJob::State::Done; }, kTimeoutMs));
        killApp(second);
        QCOMPARE(historyEntriesWith("killed mid-job"), 1);
        QVERIFY(!QFileInfo::exists(jobOnDisk(root(), id).latentsPath)); // the clip made, its checkpoint is gone
    }

    void killedAfterDenoisingDecodesItsCheckpoint()
    {
        // The state a kill during decoding leaves: the job "running", its finished latents on disk
        // (made on the CPU, whose preset decodes untiled).
        const framesmith::GenerationRequest request = queuedRequest("killed while decoding", 3);
        QVERIFY(QDir().mkpath(QueueStore(root()).folder()));
        const QString latents = QueueStore(root()).folder() + QStringLiteral("/decoding.latents.safetensors");
        const QString jobFile = m_dir.filePath(QStringLiteral("job.json"));
        QFile file(jobFile);
        QVERIFY(file.open(QIODevice::WriteOnly));
        file.write(QByteArray::fromStdString(framesmith::toJson(request)));
        file.close();
        framesmith::test::CliOptions options = framesmith::test::separateChannels();
        options.timeoutMs = kTimeoutMs;
        const framesmith::test::CliRun cli = framesmith::test::runCli(
            {"generate", "--job", jobFile, "--no-decode", "--save-latents", latents, "--quiet", "--device", "cpu"}, options);
        QVERIFY2(cli.exitCode == 0, qPrintable(cli.error));
        const QString id = queueJob(request, QueueJob::State::Running, latents);

        QProcess app;
        startApp(app);
        QVERIFY(QTest::qWaitFor([&] { return jobOnDisk(root(), id).state == QueueJob::State::Done; }, kTimeoutMs));
        killApp(app);
        QCOMPARE(historyEntriesWith("killed while decoding"), 1);
        for (const HistoryEntry& entry : HistoryStore(root()).entries()) {
            if (entry.request.prompt != "killed while decoding")
                continue;
            QCOMPARE(entry.request.seed, request.seed);
            // The job's preset was "auto": the run resolved it (untiled on the CPU) and its
            // checkpoint records that; the decode used it, not "Decode again"'s defaults (tiled).
            QVERIFY(entry.request.resolvedPreset.has_value());
            QCOMPARE(entry.request.resolvedPreset->vaeTiling, false);
            for (const HistoryEntry::Timing& timing : entry.timings)
                QVERIFY2(timing.stage != QStringLiteral("denoise"), "resumed from the checkpoint, not denoised again");
        }
        QVERIFY(!QFileInfo::exists(latents)); // consumed once the clip was recorded
    }
};

FRAMESMITH_TEST_GUILESS_MAIN(tst_RenderQueue)

} // namespace tst_RenderQueue
#include "tst_RenderQueue.moc"
