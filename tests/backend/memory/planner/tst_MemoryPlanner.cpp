// The planner on the real models' configs: verdicts that match what users report, advice that
// names a lever, and peaks that respond to the request the way they must.
#include "memory/planner/MemoryPlanner.h"
#include "memory/placement/PinnedStagingRing.h"
#include "memory/presets/PresetStore.h"
#include "models/ModelRegistry.h"
#include "support/TestGpus.h"
#include "support/TestPaths.h"
#include "support/TestRegistry.h"

#include <QTest>

namespace tst_MemoryPlanner {

using namespace framesmith;
using test::gpus;

namespace {

// The model as its family describes it to the planner (the planner itself names no family).
std::unique_ptr<ModelPlanning> fullSize(const char* model)
{
    return ModelRegistry::planning(test::cogvideoxFixture(std::string("full-size-configs/") + model));
}

MemoryPreset preset(const char* name)
{
    return PresetStore(test::sourceDir() + "/resources/presets", "/nonexistent").load(name);
}

std::int64_t peakOf(const DetailedPlan& plan, const std::string& stage, const std::string& device)
{
    for (const StageBreakdown& s : plan.stages)
        if (s.name == stage)
            for (const DeviceBreakdown& d : s.devices)
                if (d.device == device)
                    return d.peakBytes();
    return -1;
}

// CogVideoX 1.5's default request: 81 frames at 1360 x 768.
GenerationRequest large()
{
    GenerationRequest r;
    r.frameCount = 81;
    r.width = 1360;
    r.height = 768;
    return r;
}

} // namespace

class tst_MemoryPlanner : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void verdictsForCommonCards_data()
    {
        QTest::addColumn<QString>("model");
        QTest::addColumn<QString>("preset");
        QTest::addColumn<double>("gib");
        QTest::addColumn<bool>("fits");
        QTest::newRow("5b 24gb on 24 GiB") << "cogvideox-5b" << "24gb" << 24.0 << true;
        QTest::newRow("5b max-speed on 24 GiB") << "cogvideox-5b" << "max-speed" << 24.0 << true;
        QTest::newRow("5b max-speed on 12 GiB") << "cogvideox-5b" << "max-speed" << 12.0 << false;
        // The decode runs in 8 MiB conv windows: 2b's untiled decode needs about 7.3 GiB.
        QTest::newRow("2b max-speed on 12 GiB") << "cogvideox-2b" << "max-speed" << 12.0 << true;
        QTest::newRow("5b max-speed on 80 GiB") << "cogvideox-5b" << "max-speed" << 80.0 << true;
        QTest::newRow("5b low-memory on 8 GiB") << "cogvideox-5b" << "low-memory" << 8.0 << true;
        QTest::newRow("5b 24gb on 12 GiB") << "cogvideox-5b" << "24gb" << 12.0 << false;
        QTest::newRow("2b 24gb on 16 GiB") << "cogvideox-2b" << "24gb" << 16.0 << true;
    }
    void verdictsForCommonCards()
    {
        QFETCH(QString, model);
        QFETCH(QString, preset);
        QFETCH(double, gib);
        QFETCH(bool, fits);
        const DetailedPlan plan = MemoryPlanner::planDetailed(*fullSize(model.toLatin1().constData()), GenerationRequest{},
                                                              ::tst_MemoryPlanner::preset(preset.toLatin1().constData()), gpus({gib}));
        QCOMPARE(plan.fits(), fits);
        QCOMPARE(plan.stages.size(), std::size_t(3));
    }

    void adviceNamesALeverThatFits()
    {
        // 1.5's untiled decode of 81 x 1360 x 768 does not fit 18 GiB: tiling does.
        const auto configs = fullSize("cogvideox1.5-5b");
        const GenerationRequest request = large();
        const DetailedPlan plan = MemoryPlanner::planDetailed(*configs, request, preset("max-speed"), gpus({18}));
        const auto advice = MemoryPlanner::advise(*configs, request, plan, gpus({18}));
        QVERIFY(advice.size() >= 2);
        QVERIFY(QString::fromStdString(advice.front()).contains("vae-decode"));
        QVERIFY2(QString::fromStdString(advice.back()).contains("\"vae-tiling\""), advice.back().c_str());
        // 5b denoising does not fit 12 GiB: streaming the blocks does.
        const auto big = fullSize("cogvideox-5b");
        const DetailedPlan denoise = MemoryPlanner::planDetailed(*big, GenerationRequest{}, preset("max-speed"), gpus({12}));
        const auto more = MemoryPlanner::advise(*big, GenerationRequest{}, denoise, gpus({12}));
        QVERIFY2(QString::fromStdString(more.back()).contains("stream transformer blocks"), more.back().c_str());
    }

    void autoPicksTheFastestPresetThatFits()
    {
        const auto configs = fullSize("cogvideox-5b");
        const PresetStore store(test::sourceDir() + "/resources/presets", "/nonexistent");
        auto chosen = [&](std::vector<double> gib) {
            return QString::fromStdString(
                MemoryPlanner::choosePreset(*configs, GenerationRequest{}, preset("auto"), gpus(gib), store).name);
        };
        QCOMPARE(chosen({80}), QString("max-speed"));
        QCOMPARE(chosen({24}), QString("max-speed"));
        // A GPU that max-speed fills to 95 %: it fits, but not with 10 % to spare, so auto takes the
        // next candidate that does; 24gb's denoise peak is as high, so block streaming.
        std::int64_t peak = 0;
        for (const StageBreakdown& stage : MemoryPlanner::planDetailed(*configs, GenerationRequest{}, preset("max-speed"), gpus({80})).stages)
            for (const DeviceBreakdown& d : stage.devices)
                if (d.device == "cuda:0")
                    peak = std::max(peak, d.peakBytes());
        const double tightGib = double(peak) / 0.95 / double(1ll << 30);
        const DetailedPlan tight = MemoryPlanner::planDetailed(*configs, GenerationRequest{}, preset("max-speed"), gpus({tightGib}));
        QVERIFY(tight.fits() && !tight.fitsWithHeadroom(MemoryPlanner::kResidentHeadroom));
        const DetailedPlan tight24 = MemoryPlanner::planDetailed(*configs, GenerationRequest{}, preset("24gb"), gpus({tightGib}));
        QVERIFY(tight24.fits() && !tight24.fitsWithHeadroom(MemoryPlanner::kResidentHeadroom));
        QCOMPARE(chosen({tightGib}), QString("low-memory"));
        QCOMPARE(chosen({tightGib * 0.95 / 0.91}), QString("low-memory")); // 9 % to spare
        QCOMPARE(chosen({tightGib * 0.95 / 0.89}), QString("max-speed")); // 11 % to spare
        QCOMPARE(chosen({24, 24}), QString("multi-gpu"));
        QCOMPARE(chosen({10}), QString("low-memory"));
        const auto large15 = fullSize("cogvideox1.5-5b");
        QCOMPARE(QString::fromStdString(
                     MemoryPlanner::choosePreset(*large15, large(), preset("auto"), gpus({18}), store).name),
                 QString("24gb")); // untiled decode does not fit, tiled does
    }

    // The preset's VRAM headroom is kept free: the plan's capacity is the GPU less it, so a run
    // that fits a 24 GiB card does not once the headroom leaves less than its peak, and auto, which
    // passes its own headroom to its candidates, streams instead.
    void vramHeadroomIsLeftFree()
    {
        const auto configs = fullSize("cogvideox-5b");
        MemoryPreset maxSpeed = preset("max-speed");
        const DetailedPlan roomy = MemoryPlanner::planDetailed(*configs, GenerationRequest{}, maxSpeed, gpus({24}));
        QVERIFY(roomy.fits());
        std::int64_t peak = 0;
        for (const StageBreakdown& stage : roomy.stages)
            for (const DeviceBreakdown& d : stage.devices)
                if (d.device == "cuda:0")
                    peak = std::max(peak, d.peakBytes());
        const int headroomMb = int(((24ll << 30) - peak) >> 20) + 512; // 512 MiB less than the peak needs
        maxSpeed.vramHeadroomMb = headroomMb;
        const DetailedPlan kept = MemoryPlanner::planDetailed(*configs, GenerationRequest{}, maxSpeed, gpus({24}));
        QVERIFY(!kept.fits());
        for (const StageBreakdown& stage : kept.stages)
            for (const DeviceBreakdown& d : stage.devices)
                if (d.device == "cuda:0")
                    QCOMPARE(d.capacityBytes, (24ll << 30) - (std::int64_t(headroomMb) << 20));
        const PresetStore store(test::sourceDir() + "/resources/presets", "/nonexistent");
        MemoryPreset automatic = preset("auto");
        QCOMPARE(QString::fromStdString(
                     MemoryPlanner::choosePreset(*configs, GenerationRequest{}, automatic, gpus({24}), store).name),
                 QString("max-speed"));
        automatic.vramHeadroomMb = headroomMb;
        const MemoryPreset chosen = MemoryPlanner::choosePreset(*configs, GenerationRequest{}, automatic, gpus({24}), store);
        QVERIFY(chosen.name != "max-speed");
        QCOMPARE(chosen.vramHeadroomMb, headroomMb);
    }

    void multiGpuUsesBothCards()
    {
        const DetailedPlan plan = MemoryPlanner::planDetailed(*fullSize("cogvideox-5b"), GenerationRequest{},
                                                              preset("multi-gpu"), gpus({24, 24}));
        QVERIFY(peakOf(plan, "denoise", "cuda:0") > (4ll << 30));
        QVERIFY(peakOf(plan, "denoise", "cuda:1") > (4ll << 30));
        // Too small for a transformer copy each: blocks are spread instead.
        const DetailedPlan spread = MemoryPlanner::planDetailed(*fullSize("cogvideox-5b"), GenerationRequest{},
                                                                preset("multi-gpu"), gpus({12, 12}));
        QVERIFY(spread.placement.cfgUnconditionalDevice().empty());
        QCOMPARE(spread.placement.transformerComputeDevices().size(), std::size_t(2));
        for (const DeviceBreakdown& d : spread.stages.at(1).devices)
            QVERIFY2(d.fits(), d.device.c_str()); // denoising fits; the untiled decode is the planner's advice
        QVERIFY(peakOf(spread, "denoise", "cuda:0") < (10ll << 30));
    }

    void peaksGrowWithTheRequest()
    {
        const auto configs = fullSize("cogvideox-5b");
        GenerationRequest small;
        small.frameCount = 17;
        GenerationRequest unguided;
        unguided.guidanceScale = 1.0;
        const auto plan = [&](const GenerationRequest& r, const char* p) {
            return MemoryPlanner::planDetailed(*configs, r, preset(p), gpus({80}));
        };
        QVERIFY(peakOf(plan(small, "max-speed"), "denoise", "cuda:0") < peakOf(plan({}, "max-speed"), "denoise", "cuda:0"));
        QVERIFY(peakOf(plan(unguided, "max-speed"), "denoise", "cuda:0") < peakOf(plan({}, "max-speed"), "denoise", "cuda:0"));
        QVERIFY(peakOf(plan({}, "24gb"), "vae-decode", "cuda:0") < peakOf(plan({}, "max-speed"), "vae-decode", "cuda:0"));
    }

    // Block streaming pins a ring of prefetch + 1 blocks, not the transformer: the host's denoise
    // row counts that ring (as CUDA's allocator rounds it), and only while blocks stream to a GPU.
    void stagingRingIsCountedInTheHostRow_data()
    {
        QTest::addColumn<QString>("model");
        QTest::addColumn<int>("prefetch");
        QTest::newRow("2b, prefetch 1") << "cogvideox/full-size-configs/cogvideox-2b" << 1;
        QTest::newRow("5b, prefetch 1") << "cogvideox/full-size-configs/cogvideox-5b" << 1;
        QTest::newRow("5b, prefetch 2") << "cogvideox/full-size-configs/cogvideox-5b" << 2;
        QTest::newRow("1.5-5b, prefetch 2") << "cogvideox/full-size-configs/cogvideox1.5-5b" << 2;
        QTest::newRow("Open-Sora 1.2, prefetch 2") << "opensora/full-size-configs" << 2;
    }
    void stagingRingIsCountedInTheHostRow()
    {
        QFETCH(QString, model);
        QFETCH(int, prefetch);
        const auto configs = ModelRegistry::planning(test::fixturesDir() + "/" + model.toStdString());
        MemoryPreset streaming = preset("low-memory");
        streaming.streamPrefetchBlocks = prefetch;
        const DetailedPlan plan = MemoryPlanner::planDetailed(*configs, GenerationRequest{}, streaming, gpus({12}));
        const ModelFootprint footprint = configs->footprint(streaming);
        const std::int64_t ring = PinnedStagingRing::pinnedBytesFor(prefetch + 1, footprint.denoiser().blocks.blockBytes);
        QVERIFY(ring >= (prefetch + 1) * footprint.denoiser().blocks.blockBytes);
        QVERIFY(ring < 2 * (prefetch + 1) * (footprint.denoiser().blocks.blockBytes + PinnedStagingRing::kSlotSlackBytes));
        QVERIFY(ring <= (1ll << 30)); // bf16 blocks of every model: at most 1 GiB pinned
        QVERIFY(ring < footprint.denoiser().blocks.blockCount * footprint.denoiser().blocks.blockBytes / 4); // not the whole stack
        for (const StageBreakdown& stage : plan.stages)
            for (const DeviceBreakdown& d : stage.devices) {
                const bool isRingRow = stage.name == "denoise" && d.device == "cpu";
                QCOMPARE(d.pinnedBytes, isRingRow ? ring : std::int64_t(0));
                if (isRingRow) // beside every resting block, in pageable RAM
                    QVERIFY(d.weightBytes >= footprint.denoiser().blocks.blockCount * footprint.denoiser().blocks.blockBytes);
            }
        // Resident blocks: nothing pinned.
        const DetailedPlan resident = MemoryPlanner::planDetailed(*configs, GenerationRequest{}, preset("max-speed"), gpus({80}));
        for (const StageBreakdown& stage : resident.stages)
            for (const DeviceBreakdown& d : stage.devices)
                QCOMPARE(d.pinnedBytes, std::int64_t(0));
    }

    void summaryHasTheJsonShape()
    {
        const MemoryPlan plan = planMemory(*fullSize("cogvideox-2b"), GenerationRequest{}, preset("24gb"), gpus({24}));
        QVERIFY(plan.fits);
        QCOMPARE(QString::fromStdString(plan.stages.at(1).name), QString("denoise"));
        QCOMPARE(QString::fromStdString(plan.stages.at(1).devices.front().device), QString("cuda:0"));
    }
};

FRAMESMITH_TEST_GUILESS_MAIN(tst_MemoryPlanner)

} // namespace tst_MemoryPlanner
#include "tst_MemoryPlanner.moc"
