// The step-time estimate beside the forecast: FLOPs over each block's device rate, streamed
// blocks' copies over the host link (overlapped when prefetching), CFG halves in parallel on two
// GPUs; the GPU table's matching; every family counting its FLOPs.
#include "memory/planner/MemoryPlanner.h"
#include "memory/planner/StepTimeEstimator.h"
#include "memory/presets/PresetStore.h"
#include "models/ModelRegistry.h"
#include "support/TestGpus.h"
#include "support/TestPaths.h"
#include "support/TestRegistry.h"

#include <QTest>

#include <algorithm>

namespace tst_StepTimeEstimator {

using namespace framesmith;
using test::gpus;

namespace {

constexpr double kFlops = 1e12, kLink = 1e10;

DeviceSpeed fakeSpeed(const DeviceInfo&, ComputeDtype) { return {kFlops, kLink, "fake"}; }

std::unique_ptr<ModelPlanning> fiveB() { return ModelRegistry::planning(test::cogvideoxFixture("full-size-configs/cogvideox-5b")); }

MemoryPreset preset(const char* name)
{
    return PresetStore(test::sourceDir() + "/resources/presets", "/nonexistent").load(name);
}

std::vector<const ModulePlacement*> blocks(const PlacementPlan& placement)
{
    std::vector<const ModulePlacement*> out;
    for (const ModulePlacement* m : placement.ofComponent("transformer"))
        if (m->blockIndex >= 0)
            out.push_back(m);
    return out;
}

} // namespace

class tst_StepTimeEstimator : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void residentStepIsTheFlopsOverTheRate()
    {
        const auto model = fiveB();
        const GenerationRequest request;
        const DetailedPlan plan = MemoryPlanner::planDetailed(*model, request, preset("max-speed"), gpus(1, 80));
        QVERIFY(std::none_of(blocks(plan.placement).begin(), blocks(plan.placement).end(),
                             [](const ModulePlacement* b) { return b->streamed; }));
        const StepEstimate step = StepTimeEstimator::estimate(*model, request, plan.placement, ComputeDtype::BFloat16,
                                                              gpus(1, 80), &fakeSpeed);
        const double expected = model->denoiseFlops(request, 2) / kFlops; // both CFG halves in one batch
        QVERIFY(std::abs(step.seconds - expected) < 1e-9 * expected);
        QCOMPARE(step.computeSeconds, step.seconds);
        QCOMPARE(step.transferSeconds, 0.0);
    }

    void streamedBlocksAddTheirCopiesUnlessPrefetchHidesThem()
    {
        const auto model = fiveB();
        const GenerationRequest request;
        DetailedPlan plan = MemoryPlanner::planDetailed(*model, request, preset("low-memory"), gpus(1, 8));
        QVERIFY(plan.placement.prefetchBlocks() > 0);
        const auto all = blocks(plan.placement);
        const double perBlock = model->denoiseFlops(request, 2) / kFlops / static_cast<double>(all.size());
        double transfer = 0, overlapped = 0;
        int streamed = 0;
        for (const ModulePlacement* b : all) {
            const double copy = b->streamed ? static_cast<double>(b->bytes) / kLink : 0.0;
            streamed += b->streamed ? 1 : 0;
            transfer += copy;
            overlapped += std::max(perBlock, copy);
        }
        QVERIFY(streamed > 0);
        const StepEstimate prefetching = StepTimeEstimator::estimate(*model, request, plan.placement,
                                                                     ComputeDtype::BFloat16, gpus(1, 8), &fakeSpeed);
        QVERIFY(std::abs(prefetching.transferSeconds - transfer) < 1e-9 * transfer);
        QVERIFY(std::abs(prefetching.seconds - overlapped) < 1e-9 * overlapped);

        plan.placement.setPrefetchBlocks(0);
        const StepEstimate waiting = StepTimeEstimator::estimate(*model, request, plan.placement, ComputeDtype::BFloat16,
                                                                 gpus(1, 8), &fakeSpeed);
        const double sum = waiting.computeSeconds + transfer;
        QVERIFY(std::abs(waiting.seconds - sum) < 1e-9 * sum);
        QVERIFY(waiting.seconds > prefetching.seconds);
    }

    void guidanceHalvesOnTwoGpusRunSideBySide()
    {
        const auto model = fiveB();
        const GenerationRequest request;
        const DetailedPlan plan = MemoryPlanner::planDetailed(*model, request, preset("multi-gpu"), gpus(2, 80));
        QVERIFY(!plan.placement.cfgUnconditionalDevice().empty());
        const StepEstimate step = StepTimeEstimator::estimate(*model, request, plan.placement, ComputeDtype::BFloat16,
                                                              gpus(2, 80), &fakeSpeed);
        const double oneHalf = model->denoiseFlops(request, 1) / kFlops;
        QVERIFY(std::abs(step.seconds - oneHalf) < 1e-9 * oneHalf);
    }

    void thePlanCarriesTheEstimate()
    {
        const auto model = fiveB();
        const GenerationRequest request;
        const std::vector<DeviceInfo> h100 = gpus(1, 80, "NVIDIA H100 80GB HBM3");
        const StepEstimate resident = MemoryPlanner::planDetailed(*model, request, preset("max-speed"), h100).step;
        const StepEstimate streaming = MemoryPlanner::planDetailed(*model, request, preset("low-memory"), h100).step;
        // 5b at 49 x 720 x 480: about 6.6e14 FLOPs a step; 989 TFLOPS x 0.45: about 1.5 s.
        QVERIFY2(resident.seconds > 1.0 && resident.seconds < 2.5, qPrintable(QString::number(resident.seconds)));
        QCOMPARE(resident.transferSeconds, 0.0);
        QVERIFY(streaming.transferSeconds > 0);
        QVERIFY(streaming.seconds >= resident.seconds);
        QVERIFY(QString::fromStdString(resident.basis).contains("H100"));
    }

    void theGpuTableMatchesTheMostSpecificName_data()
    {
        QTest::addColumn<QString>("name");
        QTest::addColumn<double>("denseTflops");
        QTest::newRow("H100 SXM") << "NVIDIA H100 80GB HBM3" << 989.0;
        QTest::newRow("H100 PCIe") << "NVIDIA H100 PCIe" << 756.0;
        QTest::newRow("A100, not A10") << "NVIDIA A100-SXM4-80GB" << 312.0;
        QTest::newRow("A10") << "NVIDIA A10" << 125.0;
        QTest::newRow("L4, not L40") << "NVIDIA L4" << 121.0;
        QTest::newRow("L40S") << "NVIDIA L40S" << 362.0;
        QTest::newRow("4070 Ti before 4070") << "NVIDIA GeForce RTX 4070 Ti" << 80.0;
        QTest::newRow("4090") << "NVIDIA GeForce RTX 4090" << 165.0;
        QTest::newRow("unlisted") << "Some Future GPU" << 60.0;
    }

    void theGpuTableMatchesTheMostSpecificName()
    {
        QFETCH(QString, name);
        QFETCH(double, denseTflops);
        const DeviceSpeed bf16 = ComputeThroughput::ofGpuNamed(name.toStdString(), ComputeDtype::BFloat16);
        QCOMPARE(bf16.flopsPerSecond, denseTflops * 1e12 * ComputeThroughput::kGpuEfficiency);
        QVERIFY(bf16.hostLinkBytesPerSecond > 0);
        const DeviceSpeed fp32 = ComputeThroughput::ofGpuNamed(name.toStdString(), ComputeDtype::Float32);
        QCOMPARE(fp32.flopsPerSecond, bf16.flopsPerSecond / 2);
    }

    void theCpuRateIsMeasured()
    {
        const DeviceSpeed cpu = ComputeThroughput::of(DeviceInfo{}, ComputeDtype::Float32);
        QVERIFY(cpu.flopsPerSecond > 1e8); // even the reference BLAS does 0.1 GFLOPS
        QCOMPARE(cpu.hostLinkBytesPerSecond, 0.0);
        QVERIFY(QString::fromStdString(cpu.basis).contains("measured"));
    }

    void cogVideoXCountsItsBlocks()
    {
        const auto model = fiveB();
        GenerationRequest request; // 49 frames, 720 x 480: 13 x 30 x 45 video tokens + 226 text
        const double s = 13.0 * 30 * 45 + 226, d = 3072;
        const double expected = 42 * (24 * s * d * d + 4 * s * s * d);
        QVERIFY(std::abs(model->denoiseFlops(request, 1) - expected) < 1e-9 * expected);
        QCOMPARE(model->denoiseFlops(request, 2), 2 * model->denoiseFlops(request, 1));
    }

    void everyFamilyCountsMoreForMoreFrames_data()
    {
        QTest::addColumn<QString>("folder");
        QTest::newRow("cogvideox-2b") << QString::fromStdString(test::cogvideoxFixture("full-size-configs/cogvideox-2b"));
        QTest::newRow("opensora") << QString::fromStdString(test::fixturesDir() + "/opensora/full-size-configs");
    }

    void everyFamilyCountsMoreForMoreFrames()
    {
        QFETCH(QString, folder);
        const auto model = ModelRegistry::planning(folder.toStdString());
        GenerationRequest shorter, longer;
        shorter.frameCount = 17;
        longer.frameCount = 49;
        for (GenerationRequest* r : {&shorter, &longer}) {
            r->width = 640;
            r->height = 480;
        }
        const double few = model->denoiseFlops(shorter, 1), many = model->denoiseFlops(longer, 1);
        QVERIFY(few > 1e11);
        QVERIFY(many > 2 * few); // about 3x the tokens, and attention grows faster than that
        QCOMPARE(model->denoiseFlops(longer, 2), 2 * many);
    }
};

FRAMESMITH_TEST_GUILESS_MAIN(tst_StepTimeEstimator)

} // namespace tst_StepTimeEstimator
#include "tst_StepTimeEstimator.moc"
