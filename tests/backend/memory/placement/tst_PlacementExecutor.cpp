// The executor carries out a plan on real modules (GPUs simulated on the CPU) and its ledger
// agrees with the planner's weight predictions, stage by stage and device by device.
#include "core/Module.h"
#include "memory/planner/MemoryPlanner.h"
#include "memory/placement/ModuleWeightTransport.h"
#include "memory/placement/PlacementExecutor.h"
#include "memory/placement/PlacementPlanner.h"
#include "memory/presets/PresetStore.h"
#include "models/ModelRegistry.h"
#include "support/TestGpus.h"
#include "support/TestPaths.h"
#include "support/ThreeComponentFootprint.h"
#include "support/TestRegistry.h"

#include <ATen/ATen.h>
#include <QTest>

namespace tst_PlacementExecutor {

using namespace framesmith;
using test::gpus;

namespace {

// A module holding `bytes` of fp32 weights in one tensor.
class Blob : public Module {
public:
    explicit Blob(std::int64_t bytes)
    {
        registerParameter("weight", &m_weight, {bytes / 4});
        m_weight = at::zeros({bytes / 4});
    }

private:
    at::Tensor m_weight;
};

// transformer: base weights plus a "transformer_blocks" list, like the real one.
class FakeTransformer : public Module {
public:
    FakeTransformer(const ModelFootprint& f) : m_blocks(std::make_shared<ModuleList<Blob>>())
    {
        registerModule("patch_embed", std::make_shared<Blob>(f.denoiser().baseBytes + f.denoiser().bufferBytes));
        for (int i = 0; i < f.denoiser().blocks.blockCount; ++i)
            m_blocks->append(std::make_shared<Blob>(f.denoiser().blocks.blockBytes));
        registerModule("transformer_blocks", m_blocks);
    }
    std::shared_ptr<ModuleList<Blob>> m_blocks;
};

} // namespace

class tst_PlacementExecutor : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void streamsAWindowOfBlocks()
    {
        ModelFootprint f = test::threeComponentFootprint(100, 10, 50, 6, 0, 30);
        MemoryPreset p;
        p.name = "s";
        p.strategies = {"block-streaming"};
        p.streamPrefetchBlocks = 2;
        PlacementPlan plan = PlacementPlanner::build(p, gpus({8}), f);
        WeightLedger ledger;
        PlacementExecutor executor(plan, ledger);
        executor.beginStage(Stage::Denoising);
        for (int step = 0; step < 2; ++step)
            for (int block = 0; block < 6; ++block) {
                executor.onBlock(block, true);
                QCOMPARE(ledger.residentBytes("cuda:0"), std::int64_t(10 + 3 * 50)); // base + (1 + 2) blocks
                executor.onBlock(block, false);
            }
        QCOMPARE(ledger.residentBytes("cpu"), std::int64_t(6 * 50)); // pinned host copies
        executor.endStage(Stage::Denoising);
        QCOMPARE(ledger.residentBytes("cuda:0"), std::int64_t(0));   // freed with the stage
        QCOMPARE(ledger.residentBytes("cpu"), std::int64_t(0));
        // The base read to RAM (beside the blocks) and moved in, every block every step, plus blocks
        // 0 and 1 prefetched for a next step that did not come.
        QCOMPARE(ledger.traffic("cuda:0").movesIn, 1 + 12 + 2);
    }

    void releasesAfterUseAndDropsTheGuidanceReplica()
    {
        ModelFootprint f = test::threeComponentFootprint(100, 10, 50, 4, 0, 30);
        PresetStore store(test::sourceDir() + "/resources/presets", "/nonexistent");
        PlacementPlan plan = PlacementPlanner::build(store.load("multi-gpu"), gpus({24, 24}), f);
        QVERIFY(!plan.cfgUnconditionalDevice().empty());
        WeightLedger ledger;
        PlacementExecutor executor(plan, ledger);
        executor.beginStage(Stage::TextEncoding);
        executor.endStage(Stage::TextEncoding);
        QCOMPARE(ledger.peakBytes("cuda:1"), std::int64_t(100));  // ran on the roomier GPU ...
        QCOMPARE(ledger.residentBytes("cuda:1"), std::int64_t(0)); // ... and was freed after encoding
        executor.beginStage(Stage::Denoising);
        QCOMPARE(ledger.residentBytes(plan.cfgUnconditionalDevice()), std::int64_t(210));
        executor.endStage(Stage::Denoising);
        QVERIFY(!ledger.isLoaded(PlacementExecutor::replicaName()));
    }

    void realModulesMatchThePlannerOnEveryStageAndDevice_data()
    {
        QTest::addColumn<QString>("preset");
        QTest::addColumn<int>("gpuCount");
        for (const char* preset : {"24gb", "multi-gpu", "low-memory", "max-speed"})
            for (int count : {0, 1, 2})
                QTest::newRow((std::string(preset) + "/" + std::to_string(count) + " gpu").c_str()) << preset << count;
    }
    void realModulesMatchThePlannerOnEveryStageAndDevice()
    {
        QFETCH(QString, preset);
        QFETCH(int, gpuCount);
        PresetStore store(test::sourceDir() + "/resources/presets", "/nonexistent");
        MemoryPreset p = store.load(preset.toStdString());
        p.dtype = ComputeDtype::Float32; // the blobs are fp32
        const auto configs = ModelRegistry::planning(test::cogvideoxFixture("models/tiny-5b"));
        const std::vector<DeviceInfo> devices = gpus(gpuCount, 1);
        const DetailedPlan predicted = MemoryPlanner::planDetailed(*configs, GenerationRequest{}, p, devices);

        const ModelFootprint f = configs->footprint(p);
        Blob textEncoder(f.find("text_encoder")->bytes()), vae(f.find("vae")->bytes());
        FakeTransformer transformer(f);
        ModuleWeightTransport transport;
        transport.bind("text_encoder", textEncoder);
        transport.bind("vae", vae);
        transport.bind("transformer", transformer, {"transformer_blocks."});
        transport.setBlockModulePrefix(f.denoiser().blockModulePrefix());
        for (int i = 0; i < f.denoiser().blocks.blockCount; ++i)
            transport.bindBlock(i, (*transformer.m_blocks)[i]);
        QCOMPARE(transport.boundBytes("transformer"), f.denoiser().baseBytes + f.denoiser().bufferBytes);

        WeightLedger ledger;
        PlacementExecutor executor(predicted.placement, ledger, &transport);
        for (Stage stage : {Stage::TextEncoding, Stage::Denoising, Stage::VaeDecoding}) {
            executor.beginStage(stage);
            if (stage == Stage::Denoising)
                for (int step = 0; step < 2; ++step)
                    for (int block = 0; block < f.denoiser().blocks.blockCount; ++block) {
                        executor.onBlock(block, true);
                        executor.onBlock(block, false);
                    }
            executor.endStage(stage);
        }
        for (const StageBreakdown& stage : predicted.stages)
            for (const DeviceBreakdown& d : stage.devices) {
                const auto& measured = executor.stagePeaks().at(stage.name);
                const std::int64_t bytes = measured.count(d.device) ? measured.at(d.device) : 0;
                QVERIFY2(bytes == d.weightBytes, qPrintable(QString("%1 on %2: ledger %3, planner %4")
                             .arg(QString::fromStdString(stage.name), QString::fromStdString(d.device))
                             .arg(bytes).arg(d.weightBytes)));
            }
    }

    // Two denoisers in one stage (a model's experts) run in turn: the second is not read in with the
    // first; at the switch the first is freed (its resting blocks too) before the second is read;
    // one kept between generations stays. Generic: the components' roles decide, not their names.
    void denoisersTakenInTurnRestOneAtATime()
    {
        ModelFootprint f;
        f.add("encoder", ComponentRole::TextEncoder, 100);
        for (const char* name : {"first", "second"})
            f.add(name, ComponentRole::Denoiser, 10).blocks = BlockStructure{"blocks", 50, 6, 0};
        f.add("decoder", ComponentRole::Vae, 30);
        MemoryPreset p;
        p.name = "s";
        p.strategies = {"block-streaming"};
        p.streamPrefetchBlocks = 1;
        PlacementPlan plan = PlacementPlanner::build(p, gpus({8}), f);
        QVERIFY(PlacementExecutor::isTakenInTurn(plan, "second") && !PlacementExecutor::isTakenInTurn(plan, "decoder"));
        WeightLedger ledger;
        PlacementExecutor executor(plan, ledger);
        executor.beginStage(Stage::Denoising);
        QVERIFY(ledger.isLoaded("first") && !ledger.isLoaded("second") && !ledger.isLoaded("second.blocks.0"));
        QCOMPARE(ledger.residentBytes("cpu"), std::int64_t(6 * 50)); // one expert's resting blocks
        executor.onBlock(0, true);
        executor.onBlock(0, false);
        executor.switchTo("second");
        QVERIFY(!ledger.isLoaded("first") && !ledger.isLoaded("first.blocks.5") && ledger.isLoaded("second.blocks.5"));
        QCOMPARE(ledger.residentBytes("cpu"), std::int64_t(6 * 50));
        QCOMPARE(ledger.residentBytes("cuda:0"), std::int64_t(10)); // the second's base, no stale block
        executor.endStage(Stage::Denoising);
        QCOMPARE(ledger.peakBytes("cpu"), std::int64_t(6 * 50 + 10)); // read whole to RAM, never both
        QVERIFY(!ledger.isLoaded("second"));

        plan.keepLoaded("first", KeepMode::OnHost); // a warm engine keeps the first: it stays at the switch
        WeightLedger warm;
        PlacementExecutor kept(plan, warm);
        kept.beginStage(Stage::Denoising);
        kept.switchTo("second");
        QVERIFY(warm.isLoaded("first.blocks.0") && warm.isLoaded("second.blocks.0"));
    }
};

FRAMESMITH_TEST_GUILESS_MAIN(tst_PlacementExecutor)

} // namespace tst_PlacementExecutor
#include "tst_PlacementExecutor.moc"
