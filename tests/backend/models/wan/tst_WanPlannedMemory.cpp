// Issue 31's memory goals, planned by MemoryPlanner on the full-size Wan configs with the built-in
// presets (and low-memory with int8 block storage, the preset description's own suggestion): one
// GPU of the goal's size and a host with 32 GiB usable. Each row names the preset that meets it;
// the plan must fit with VRAM and host RAM peaks within the goal. The table with the figures is
// docs/benchmarks.md, "Wan: planned memory" (bench_wan_planned_memory).
#include "memory/planner/MemoryPlanner.h"
#include "memory/presets/MemoryLevers.h"
#include "memory/presets/PresetStore.h"
#include "models/wan/planning/WanPlanningFactory.h"
#include "support/TestPaths.h"
#include "support/TestRegistry.h"

#include <QtTest/QtTest>

namespace tst_WanPlannedMemory {

using namespace framesmith;

namespace {

constexpr std::int64_t kHostBytes = 32ll << 30;

MemoryPreset preset(const QString& spec)
{
    // "name" or "name+strategy"
    const QStringList parts = spec.split('+');
    MemoryPreset p = PresetStore(test::sourceDir() + "/resources/presets", "/nonexistent").load(parts.front().toStdString());
    for (int i = 1; i < parts.size(); ++i)
        addStrategy(p, parts[i].toStdString());
    return p;
}

struct Peaks {
    std::int64_t vram = 0, host = 0;
};

Peaks peaksOf(const DetailedPlan& plan)
{
    Peaks p;
    for (const StageBreakdown& stage : plan.stages)
        for (const DeviceBreakdown& d : stage.devices)
            (d.device == "cpu" ? p.host : p.vram) = std::max(d.device == "cpu" ? p.host : p.vram, d.peakBytes());
    return p;
}

DetailedPlan plan(const QString& repo, int width, int height, int frames, int gpuGib, const QString& presetSpec)
{
    const auto planning = createWanPlanning(test::fixturesDir() + "/wan/full-size-configs/Wan-AI/" + repo.toStdString());
    GenerationRequest r;
    r.width = width;
    r.height = height;
    r.frameCount = frames;
    r.guidanceScale = 5.0;
    const std::int64_t gpu = std::int64_t(gpuGib) << 30;
    return MemoryPlanner::planDetailed(*planning, r, preset(presetSpec), {{0, "simulated", gpu, gpu, ""}, {-1, "CPU", kHostBytes, kHostBytes, ""}});
}

void addGoals()
{
    QTest::addColumn<QString>("repo");
    QTest::addColumn<int>("width");
    QTest::addColumn<int>("height");
    QTest::addColumn<int>("frames");
    QTest::addColumn<int>("gpuGib");
    QTest::addColumn<QString>("preset");
    QTest::newRow("1.3B 480p in 8 GB") << "Wan2.1-T2V-1.3B-Diffusers" << 832 << 480 << 81 << 8 << "low-memory";
    QTest::newRow("TI2V-5B 720p 121 frames in 24 GB") << "Wan2.2-TI2V-5B-Diffusers" << 1280 << 704 << 121 << 24 << "max-speed";
    QTest::newRow("14B 480p in 16 GB") << "Wan2.1-T2V-14B-Diffusers" << 832 << 480 << 81 << 16 << "low-memory";
    QTest::newRow("14B 720p in 24 GB") << "Wan2.1-T2V-14B-Diffusers" << 1280 << 720 << 81 << 24 << "low-memory";
    QTest::newRow("I2V-14B 480p in 16 GB") << "Wan2.1-I2V-14B-480P-Diffusers" << 832 << 480 << 81 << 16 << "low-memory+int8-weights";
    QTest::newRow("T2V-A14B 480p in 16 GB") << "Wan2.2-T2V-A14B-Diffusers" << 832 << 480 << 81 << 16 << "low-memory+int8-weights";
    QTest::newRow("T2V-A14B 720p in 24 GB") << "Wan2.2-T2V-A14B-Diffusers" << 1280 << 720 << 81 << 24 << "low-memory+int8-weights";
    QTest::newRow("I2V-A14B 480p in 16 GB") << "Wan2.2-I2V-A14B-Diffusers" << 832 << 480 << 81 << 16 << "low-memory+int8-weights";
    QTest::newRow("I2V-A14B 720p in 24 GB") << "Wan2.2-I2V-A14B-Diffusers" << 1280 << 720 << 81 << 24 << "low-memory+int8-weights";
    QTest::newRow("T2V-A14B 720p in 24 GB, fp8 blocks") << "Wan2.2-T2V-A14B-Diffusers" << 1280 << 720 << 81 << 24 << "low-memory+fp8-weights";
}

} // namespace

class TestWanPlannedMemory : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void goalIsMet_data() { addGoals(); }
    void goalIsMet()
    {
        QFETCH(QString, repo);
        QFETCH(int, width);
        QFETCH(int, height);
        QFETCH(int, frames);
        QFETCH(int, gpuGib);
        QFETCH(QString, preset);
        const DetailedPlan p = plan(repo, width, height, frames, gpuGib, preset);
        const Peaks peaks = peaksOf(p);
        qInfo("VRAM %s, host %s", formatBytes(peaks.vram).c_str(), formatBytes(peaks.host).c_str());
        QVERIFY(p.fits());
        QVERIFY(peaks.vram <= (std::int64_t(gpuGib) << 30));
        QVERIFY(peaks.host <= kHostBytes);
    }

    // The goals no built-in preset meets as they are, and the lever that is missing: with bf16
    // blocks, low-memory rests both A14B experts (and I2V-14B's larger blocks) in host RAM, past
    // 32 GiB. int8/fp8 block storage (above) halves that; keeping the idle expert on disk and
    // re-reading it at the switch would be the lever for bf16 A14B. When it lands, this fails:
    // move the rows up.
    void nativeBlocksMissTheHostGoal_data()
    {
        QTest::addColumn<QString>("repo");
        QTest::newRow("T2V-A14B") << "Wan2.2-T2V-A14B-Diffusers";
        QTest::newRow("I2V-A14B") << "Wan2.2-I2V-A14B-Diffusers";
        QTest::newRow("I2V-14B") << "Wan2.1-I2V-14B-480P-Diffusers";
    }
    void nativeBlocksMissTheHostGoal()
    {
        QFETCH(QString, repo);
        for (const char* name : {"max-speed", "24gb", "low-memory"}) {
            const DetailedPlan p = plan(repo, 832, 480, 81, 16, name);
            QVERIFY2(!p.fits(), name);
        }
        QVERIFY(peaksOf(plan(repo, 832, 480, 81, 16, "low-memory")).host > kHostBytes);
    }
};

FRAMESMITH_TEST_GUILESS_MAIN(TestWanPlannedMemory)

} // namespace tst_WanPlannedMemory
#include "tst_WanPlannedMemory.moc"
