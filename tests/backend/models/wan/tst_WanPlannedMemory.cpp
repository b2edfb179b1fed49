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
    return MemoryPlanner::planDetailed(*planning, r, preset(presetSpec), {{0, "simulated", gpu, gpu}, {-1, "CPU", kHostBytes, kHostBytes}});
}

void addGoals()
{
    QTest::addColumn<QString>("repo");
    QTest::addColumn<int>("width");
    QTest::addColumn<int>("height");
    QTest::addColumn<int>("frames");
    QTest::addColumn<int>("gpuGib");
    QTest::addColumn<QString>("preset");
    // GOALS
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
};

FRAMESMITH_TEST_GUILESS_MAIN(TestWanPlannedMemory)

} // namespace tst_WanPlannedMemory
#include "tst_WanPlannedMemory.moc"
