// The OOM ladder's placement rungs applied mid-run (tiny model on the CPU, one simulated GPU,
// out-of-memory injected): the text-encode retry runs the text encoder on the CPU, the denoise
// retry re-runs the failed step with blocks streamed; both are reported and the latents equal an
// uninterrupted run.
#include "support/TinyGeneration.h"
#include "framesmith/Error.h"
#include "support/TestRegistry.h"

#include <QTemporaryDir>
#include <QTest>

namespace tst_OomPlacementRungs {

using namespace framesmith;
using namespace framesmith::test;

namespace {

constexpr int kBlocks = 4;

MemoryPreset gpuPreset()
{
    return presetOf({"release-cache-between-stages", "text-encoder-release", "transformer-resident"});
}

} // namespace

class tst_OomPlacementRungs : public QObject {
    Q_OBJECT

    QTemporaryDir m_dir;
    std::string m_model;
    at::Tensor m_uninterrupted;
    int m_uninterruptedMovesIn = 0; // onto the GPU: the components that rest in RAM

    std::string checkpoint() const { return m_dir.filePath("latents.safetensors").toStdString(); }

    TinyRun runInjected(const char* inject, RuntimePlacement& placement)
    {
        qputenv("FRAMESMITH_INJECT_OOM", inject);
        struct Unset {
            ~Unset() { qunsetenv("FRAMESMITH_INJECT_OOM"); }
        } unset;
        return runTiny(tinyRequest(m_model), gpuPreset(), &placement, checkpoint());
    }

private Q_SLOTS:
    void initTestCase()
    {
        m_model = deepTinyModel(m_dir.filePath("deep").toStdString(), kBlocks);
        auto placement = placementFor(gpuPreset(), simulatedGpus({24}), m_model);
        m_uninterrupted = runTiny(tinyRequest(m_model), gpuPreset(), placement.get(), checkpoint()).latents;
        QVERIFY(placement->stagePeak(Stage::TextEncoding, "cuda:0") > 0); // ran on the GPU
        m_uninterruptedMovesIn = placement->ledger().traffic("cuda:0").movesIn;
    }

    void textEncodeRetryRunsTheTextEncoderOnTheCpu()
    {
        auto placement = placementFor(gpuPreset(), simulatedGpus({24}), m_model);
        QCOMPARE(placement->logicalComputeDevice("text_encoder"), std::string("cuda:0"));
        const TinyRun run = runInjected("text-encode::2", *placement); // cache release fails too
        QCOMPARE(run.result.recoveries.size(), std::size_t(2));
        const QString rung = QString::fromStdString(run.result.recoveries[1]);
        QVERIFY2(rung.startsWith("text-encode ran out of memory"), qPrintable(rung));
        QVERIFY2(rung.contains("run the text encoder on the CPU"), qPrintable(rung));
        QCOMPARE(run.warnings.size(), std::size_t(2));
        QCOMPARE(placement->logicalComputeDevice("text_encoder"), std::string("cpu"));
        QCOMPARE(placement->stagePeak(Stage::TextEncoding, "cuda:0"), std::int64_t(0));
        QVERIFY(placement->stagePeak(Stage::TextEncoding, "cpu") > 0);
        QCOMPARE(run.result.stepsCompleted, 3);
        QVERIFY(at::equal(run.latents, m_uninterrupted));
    }

    void denoiseRetryStreamsBlocksFromTheFailedStep()
    {
        auto placement = placementFor(gpuPreset(), simulatedGpus({24}), m_model);
        const TinyRun run = runInjected("denoise:3:2", *placement);
        QCOMPARE(run.result.recoveries.size(), std::size_t(2));
        const QString rung = QString::fromStdString(run.result.recoveries[1]);
        QVERIFY2(rung.startsWith("denoise ran out of memory at step 3"), qPrintable(rung));
        QVERIFY2(rung.contains("stream transformer blocks"), qPrintable(rung));
        QCOMPARE(run.result.stepsCompleted, 3);
        // Steps 1-2 ran resident (blocks loaded in place); the blocks went back to RAM and step 3
        // streamed each in once, plus block 0 prefetched (prefetch 1) for a step that never came.
        const DeviceTraffic gpu = placement->ledger().traffic("cuda:0");
        QCOMPARE(placement->ledger().traffic("cpu").movesIn, kBlocks);
        QCOMPARE(gpu.movesIn, m_uninterruptedMovesIn + kBlocks + 1);
        QVERIFY(placement->plan().find("transformer.transformer_blocks.0")->streamed);
        QVERIFY(at::equal(run.latents, m_uninterrupted));
    }

    void withoutAPlacementThePlacementRungsAreNotClimbed()
    {
        qputenv("FRAMESMITH_INJECT_OOM", "text-encode::2");
        bool failed = false;
        try {
            runTiny(tinyRequest(m_model), gpuPreset(), nullptr, checkpoint());
        } catch (const OutOfMemoryError& e) {
            failed = QString(e.what()).contains("no memory lever is left");
        }
        qunsetenv("FRAMESMITH_INJECT_OOM");
        QVERIFY(failed);
    }
};

FRAMESMITH_TEST_GUILESS_MAIN(tst_OomPlacementRungs)

} // namespace tst_OomPlacementRungs
#include "tst_OomPlacementRungs.moc"
