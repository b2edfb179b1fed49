// The host's RAM in generate's verdict, in real processes under `prlimit --as`: a limit the plan
// says is too small is refused before anything loads, naming host RAM, the limit that binds and
// what to raise; a limit that is enough lets the run finish. The limit is the address space the
// CLI has mapped at start-up (read from `plan --json`) plus a share of the plan's host peak, so it
// holds for any libtorch build (a CUDA build maps far more at start-up).
#include "framesmith/Engine.h"
#include "memory/monitor/DeviceMemory.h"
#include "memory/presets/PresetStore.h"
#include "support/TestPaths.h"
#include "support/TestRegistry.h"

#include <QProcess>
#include <QTemporaryDir>
#include <QtTest/QtTest>
#include <nlohmann/json.hpp>

#include <algorithm>
#include <filesystem>

namespace tst_EnginePlanning {

using namespace framesmith;

namespace {

struct Run {
    int exitCode = -1;
    QString output;
};

Run run(const QString& program, const QStringList& args, const QString& checkpoints)
{
    QProcess p;
    QProcessEnvironment environment = QProcessEnvironment::systemEnvironment();
    environment.insert("FRAMESMITH_CHECKPOINT_DIR", checkpoints);
    environment.remove("FRAMESMITH_IGNORE_PLAN");
    p.setProcessEnvironment(environment);
    p.setProcessChannelMode(QProcess::MergedChannels);
    p.start(program, args);
    p.waitForFinished(300000);
    return {p.exitStatus() == QProcess::NormalExit ? p.exitCode() : -1, QString::fromUtf8(p.readAll())};
}

QString cli()
{
    return QString::fromStdString(test::binaryDir() + "/bin/framesmith-cli");
}

GenerationRequest request(int frames, int width, int height)
{
    GenerationRequest r;
    r.modelPath = test::cogvideoxFixture("models/tiny-2b");
    r.prompt = "a cat on a roof";
    r.frameCount = frames;
    r.width = width;
    r.height = height;
    r.steps = 2;
    r.preset = "max-speed";
    return r;
}

QStringList flags(const GenerationRequest& r)
{
    return {"--model", QString::fromStdString(r.modelPath), "--frames", QString::number(r.frameCount), "--width",
            QString::number(r.width), "--height", QString::number(r.height), "--steps", "2", "--preset", "max-speed"};
}

// The largest host (cpu) peak of any stage.
std::int64_t hostPeak(const GenerationRequest& r)
{
    const MemoryPlan plan = Engine::plan(r, PresetStore().load(r.preset), {DeviceMemory::host()});
    std::int64_t peak = 0;
    for (const StagePlan& stage : plan.stages)
        for (const DevicePeak& d : stage.devices)
            if (d.device == "cpu")
                peak = std::max(peak, d.peakBytes);
    return peak;
}

} // namespace

class TestEnginePlanning : public QObject {
    Q_OBJECT

private:
    QTemporaryDir m_dir;
    std::int64_t m_mappedAtStart = 0;

private Q_SLOTS:
    void initTestCase()
    {
        QVERIFY(m_dir.isValid());
        const Run plan = run(cli(), QStringList{"plan", "--json"} + flags(request(9, 96, 64)), m_dir.path());
        QVERIFY2(plan.exitCode == 0, qPrintable(plan.output));
        const auto json = nlohmann::json::parse(plan.output.toStdString());
        m_mappedAtStart = json["host"]["addressSpaceUsedBytes"].get<std::int64_t>();
        QVERIFY(m_mappedAtStart > 0);
        QVERIFY(json["host"]["usableBytes"].get<std::int64_t>() > 0);
    }

    void anAddressSpaceLimitThePlanSaysIsTooSmallIsRefusedUpFront()
    {
        const GenerationRequest big = request(49, 720, 480);
        const std::int64_t peak = hostPeak(big);
        QVERIFY2(peak > (512ll << 20), qPrintable(QString::number(peak))); // large enough to quarter safely
        // A quarter, about what the decoded video alone takes (49 x 480 x 720 floats: 194 MiB), so that
        // no lever is enough. Half let the tiled decode fit whenever the threads' arenas left the
        // refused run a little more address space than the plan that measured it had.
        const QString limit = QString("--as=%1").arg(m_mappedAtStart + peak / 4);
        const QString checkpoints = m_dir.filePath("refused");
        const Run refused = run("prlimit", QStringList{limit, cli(), "generate", "--prompt", "a cat", "--no-decode",
                                                       "--quiet"} + flags(big), checkpoints);
        QCOMPARE(refused.exitCode, 2); // bad input: the request, not a crash or the OOM killer
        QVERIFY2(refused.output.contains("of host RAM"), qPrintable(refused.output));
        QVERIFY2(refused.output.contains("RLIMIT_AS"), qPrintable(refused.output));
        QVERIFY2(refused.output.contains("raise"), qPrintable(refused.output));
        QVERIFY(!std::filesystem::exists(checkpoints.toStdString())); // refused before any work
    }

    void anAddressSpaceLimitThatIsEnoughCompletes()
    {
        const GenerationRequest small = request(9, 96, 64);
        const std::int64_t peak = hostPeak(small);
        // Room for the plan's peak and for what it does not count: thread stacks and malloc arenas.
        const QString limit = QString("--as=%1").arg(m_mappedAtStart + peak + (2ll << 30));
        const Run done = run("prlimit", QStringList{limit, cli(), "generate", "--prompt", "a cat", "--out",
                                                    m_dir.filePath("ok.safetensors"), "--quiet"} + flags(small),
                             m_dir.filePath("done"));
        QVERIFY2(done.exitCode == 0, qPrintable(done.output));
        QVERIFY(QFileInfo::exists(m_dir.filePath("ok.safetensors")));
    }

    // `plan` for GPUs this machine does not have (--vram) still runs beside this machine's RAM: a
    // plan that puts its weights on the host does not fit under an address-space limit too small
    // for them, and the verdict names that limit (before, the host was not counted: "fits").
    void planForPlannedGpusCountsTheHostAndNamesTheBindingLimit()
    {
        const QStringList flags{"--model", QString::fromStdString(test::cogvideoxFixture("full-size-configs/cogvideox-5b")),
                                "--vram", "24", "--preset", "low-memory"};
        const Run unlimited = run(cli(), QStringList{"plan", "--json"} + flags, m_dir.path());
        QVERIFY2(unlimited.exitCode == 0, qPrintable(unlimited.output));
        const auto json = nlohmann::json::parse(unlimited.output.toStdString());
        std::int64_t hostPeak = 0;
        for (const auto& d : json["devices"])
            if (d["device"] == "cpu")
                hostPeak = d["peakBytes"].get<std::int64_t>();
        QVERIFY2(hostPeak > (4ll << 30), qPrintable(unlimited.output)); // the weights wait on the host
        const QString limit = QString("--as=%1").arg(m_mappedAtStart + (1ll << 30));
        const Run limited = run("prlimit", QStringList{limit, cli(), "plan"} + flags, m_dir.path());
        QVERIFY2(limited.exitCode == 0, qPrintable(limited.output));
        QVERIFY2(limited.output.contains("verdict: does not fit: ") && limited.output.contains("host RAM needs"),
                 qPrintable(limited.output));
        QVERIFY2(limited.output.contains("limited by the address-space limit (RLIMIT_AS"), qPrintable(limited.output));
        const Run limitedJson = run("prlimit", QStringList{limit, cli(), "plan", "--json"} + flags, m_dir.path());
        const auto verdict = nlohmann::json::parse(limitedJson.output.toStdString());
        QVERIFY(!verdict["fits"].get<bool>());
        QVERIFY2(verdict["binding"].get<std::string>().find("RLIMIT_AS") != std::string::npos, qPrintable(limitedJson.output));
    }

    // RLIMIT_MEMLOCK is read (plan shows it) but is no verdict term: CUDA pins through the driver,
    // and nothing on the CPU path locks memory, so a run under a 64 KiB memlock limit completes.
    void aMemlockLimitIsShownAndARunUnderItCompletes()
    {
        const GenerationRequest small = request(9, 96, 64);
        const Run plan = run("prlimit", QStringList{"--memlock=65536", cli(), "plan", "--json"} + flags(small), m_dir.path());
        QVERIFY2(plan.exitCode == 0, qPrintable(plan.output));
        const auto json = nlohmann::json::parse(plan.output.toStdString());
        QCOMPARE(json["host"]["memlockLimitBytes"].get<std::int64_t>(), std::int64_t(65536));
        QVERIFY(json["fits"].get<bool>());
        const Run done = run("prlimit", QStringList{"--memlock=65536", cli(), "generate", "--prompt", "a cat", "--out",
                                                    m_dir.filePath("memlock.safetensors"), "--quiet"} + flags(small),
                             m_dir.filePath("memlock"));
        QVERIFY2(done.exitCode == 0, qPrintable(done.output));
        QVERIFY(QFileInfo::exists(m_dir.filePath("memlock.safetensors")));
    }
};

FRAMESMITH_TEST_GUILESS_MAIN(TestEnginePlanning)

} // namespace tst_EnginePlanning
#include "tst_EnginePlanning.moc"
