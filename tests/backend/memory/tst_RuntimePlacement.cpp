// The preset's placement carried out while a real (tiny) model generates on the CPU, with GPUs
// simulated as logical devices: every weight move is in the ledger, and the latents equal those
// of a run with everything resident.
#include "TinyGeneration.h"
#include "support/TensorParity.h"

#include <QTemporaryDir>
#include <QTest>

using namespace framesmith;
using namespace framesmith::test;

namespace {

// Watches the ledger at every block boundary of the transformer.
class WatchedPlacement : public RuntimePlacement {
public:
    using RuntimePlacement::RuntimePlacement;
    std::function<void(int, bool)> blockCallback() override
    {
        auto inner = RuntimePlacement::blockCallback();
        return [this, inner](int block, bool beforeBlock) {
            inner(block, beforeBlock);
            ++callbacks;
            for (const std::string& device : {std::string("cuda:0"), std::string("cuda:1")})
                maxBlocks[device] = std::max(maxBlocks[device], blocksOn(device));
            if (beforeBlock)
                for (const std::string& device : {std::string("cuda:0"), std::string("cuda:1")})
                    if (ledger().isOn("transformer.transformer_blocks." + std::to_string(block), device))
                        ranOn[block] = device;
        };
    }
    int callbacks = 0;
    std::map<std::string, int> maxBlocks;
    std::map<int, std::string> ranOn;
};

constexpr int kBlocks = 6;

} // namespace

class tst_RuntimePlacement : public QObject {
    Q_OBJECT

    QTemporaryDir m_dir;
    std::string m_model;
    at::Tensor m_resident; // latents of the deep model with everything resident

    std::string checkpoint() const { return m_dir.filePath("latents.safetensors").toStdString(); }

private Q_SLOTS:
    void initTestCase()
    {
        m_model = deepTinyModel(m_dir.filePath("deep").toStdString(), kBlocks);
        m_resident = runTiny(tinyRequest(m_model), presetOf({}), nullptr, checkpoint()).latents;
    }

    void streamsAWindowOfBlocksAndMatchesTheResidentRun_data()
    {
        QTest::addColumn<int>("prefetch");
        QTest::newRow("prefetch 1") << 1;
        QTest::newRow("prefetch 2") << 2;
    }
    void streamsAWindowOfBlocksAndMatchesTheResidentRun()
    {
        QFETCH(int, prefetch);
        const MemoryPreset preset = presetOf({"block-streaming"}, prefetch);
        WatchedPlacement placement(preset, simulatedGpus({8}),
                                   PlacementPlanner::footprint(loadModelConfigs(m_model), preset));
        QCOMPARE(placement.loadDevice("transformer"), c10::Device(c10::kCPU));
        const TinyRun run = runTiny(tinyRequest(m_model), preset, &placement, checkpoint());
        QCOMPARE(placement.callbacks, 3 * 2 * kBlocks); // steps x (before, after) x blocks
        QCOMPARE(placement.maxBlocks["cuda:0"], prefetch + 1);
        QCOMPARE(placement.blocksOn("cuda:0"), 0);
        // Every block visited the device once per step.
        QVERIFY(placement.ledger().traffic("cuda:0").movesIn >= 3 * kBlocks);
        QVERIFY(at::equal(run.latents, m_resident));
    }

    void offloadsEachComponentToTheDeviceForItsStage()
    {
        const MemoryPreset offload = presetOf({"model-offload"});
        auto placement = placementFor(offload, simulatedGpus({8}), m_model);
        for (const char* component : {"text_encoder", "transformer", "vae"}) {
            QCOMPARE(placement->loadDevice(component), c10::Device(c10::kCPU));
            QCOMPARE(placement->logicalComputeDevice(component), std::string("cuda:0"));
        }
        const TinyRun run = runTiny(tinyRequest(m_model), offload, placement.get(), checkpoint(), true);
        QCOMPARE(run.result.frameCount, 9);
        // text_encoder, transformer base, its blocks and the vae each moved in once from RAM.
        QCOMPARE(placement->ledger().traffic("cuda:0").movesIn, 3 + kBlocks);
        QCOMPARE(placement->ledger().traffic("cpu").movesOut, 3 + kBlocks);
        QCOMPARE(placement->ledger().residentBytes("cuda:0"), std::int64_t(0));
        for (Stage stage : {Stage::TextEncoding, Stage::Denoising, Stage::VaeDecoding})
            QVERIFY2(placement->stagePeak(stage, "cuda:0") > 0, stageName(stage));
        QVERIFY(at::equal(run.latents, m_resident));

        auto resident = placementFor(presetOf({}), simulatedGpus({8}), m_model);
        runTiny(tinyRequest(m_model), presetOf({}), resident.get(), checkpoint());
        QCOMPARE(resident->ledger().traffic("cuda:0").movesIn, 0); // loaded in place, never moved
    }

    void runsTheTextEncoderOnTheCpuOrReleasesIt()
    {
        auto onCpu = placementFor(presetOf({"text-encoder-on-cpu"}), simulatedGpus({8}), m_model);
        const TinyRun a = runTiny(tinyRequest(m_model), presetOf({"text-encoder-on-cpu"}), onCpu.get(), checkpoint());
        QCOMPARE(onCpu->stagePeak(Stage::TextEncoding, "cuda:0"), std::int64_t(0));
        QVERIFY(onCpu->stagePeak(Stage::TextEncoding, "cpu") > 0);

        auto released = placementFor(presetOf({"text-encoder-release"}), simulatedGpus({8}), m_model);
        const TinyRun b = runTiny(tinyRequest(m_model), presetOf({"text-encoder-release"}), released.get(), checkpoint());
        QVERIFY(released->stagePeak(Stage::TextEncoding, "cuda:0") > 0);
        QVERIFY(!released->ledger().isLoaded("text_encoder")); // freed once the prompt is encoded
        QVERIFY(at::equal(a.latents, b.latents));
    }

    void spreadsBlocksOverSeveralDevices()
    {
        const MemoryPreset preset = presetOf({"multi-gpu-spread"});
        WatchedPlacement placement(preset, simulatedGpus({8, 16}),
                                   PlacementPlanner::footprint(loadModelConfigs(m_model), preset));
        QCOMPARE(placement.plan().transformerComputeDevices(), (std::vector<std::string>{"cuda:0", "cuda:1"}));
        const TinyRun run = runTiny(tinyRequest(m_model), preset, &placement, checkpoint());
        // By free memory: a third of the blocks on the 8 GiB device, the rest on the 16 GiB one.
        QCOMPARE(placement.ranOn[0], std::string("cuda:0"));
        QCOMPARE(placement.ranOn[1], std::string("cuda:0"));
        for (int block = 2; block < kBlocks; ++block)
            QCOMPARE(placement.ranOn[block], std::string("cuda:1"));
        QVERIFY(placement.stagePeak(Stage::Denoising, "cuda:0") > 0);
        QVERIFY(placement.stagePeak(Stage::Denoising, "cuda:1") > placement.stagePeak(Stage::Denoising, "cuda:0"));
        QVERIFY(at::equal(run.latents, m_resident));
    }

    void runsTheGuidanceHalvesOnTwoDevices()
    {
        const MemoryPreset preset = presetOf({"cfg-parallel"});
        auto placement = placementFor(preset, simulatedGpus({16, 16}), m_model);
        QCOMPARE(placement->cfgUnconditionalDevice(), std::string("cuda:1"));
        const TinyRun run = runTiny(tinyRequest(m_model), preset, placement.get(), checkpoint());
        QCOMPARE(placement->forwards().size(), std::size_t(2 * 3));
        for (std::size_t i = 0; i < placement->forwards().size(); i += 2) {
            QCOMPARE(placement->forwards()[i], std::make_pair(std::string("unconditional"), std::string("cuda:1")));
            QCOMPARE(placement->forwards()[i + 1], std::make_pair(std::string("conditional"), std::string("cuda:0")));
        }
        FRAMESMITH_EXPECT_PARITY("latents", run.latents, m_resident, 1e-5);

        auto single = placementFor(preset, simulatedGpus({16}), m_model);
        runTiny(tinyRequest(m_model), preset, single.get(), checkpoint());
        QVERIFY(single->forwards().empty()); // one device: one batch of two
    }
};

QTEST_GUILESS_MAIN(tst_RuntimePlacement)
#include "tst_RuntimePlacement.moc"
