// Another program takes GPU memory mid-run (FRAMESMITH_SIMULATE_OTHER_PROCESS, one simulated GPU,
// the tiny model on the CPU): before the step where the plan no longer fits, the run steps down
// the OOM ladder (blocks streamed), says so with a graph marker, and finishes with latents equal
// to a run that streamed from the start. Slack absorbs a small taking; with no lever left it says
// so once and goes on.
#include "support/TestGpus.h"
#include "support/TinyGeneration.h"
#include "memory/monitor/SimulatedDeviceUseSource.h"
#include "memory/planner/MemoryPlanner.h"
#include "engine/checks/MemoryPressureCheck.h"
#include "support/TestRegistry.h"

#include <QTemporaryDir>
#include <QTest>

namespace tst_MemoryPressureCheck {

using namespace framesmith;
using namespace framesmith::test;

namespace {

constexpr int kBlocks = 4;
constexpr int kSteps = 4;

MemoryPreset residentPreset()
{
    return presetOf({"release-cache-between-stages", "text-encoder-release", "transformer-resident"});
}

MemoryPreset streamingPreset()
{
    MemoryPreset p = residentPreset();
    addStrategy(p, "block-streaming");
    return p;
}

// Warnings about other programs (a CUDA build without a GPU adds others of its own).
std::vector<Warning> aboutOthers(const std::vector<Warning>& warnings)
{
    std::vector<Warning> out;
    for (const Warning& w : warnings)
        if (w.message.find("another program took") != std::string::npos)
            out.push_back(w);
    return out;
}

std::vector<Warning> withMarker(const std::vector<Warning>& warnings)
{
    std::vector<Warning> out;
    for (const Warning& w : warnings)
        if (w.marker == kOtherProcessReplanMarker)
            out.push_back(w);
    return out;
}

} // namespace

class tst_MemoryPressureCheck : public QObject {
    Q_OBJECT

    QTemporaryDir m_dir;
    std::string m_model;
    at::Tensor m_resident;
    std::int64_t m_residentPeak = 0;  // denoise on cuda:0, as planned
    std::int64_t m_streamingPeak = 0;

    std::string checkpoint() const { return m_dir.filePath("latents.safetensors").toStdString(); }

    std::int64_t denoisePeak(const MemoryPreset& preset) const
    {
        const DetailedPlan plan = MemoryPlanner::planDetailed(*ModelRegistry::planning(m_model), tinyRequest(m_model, kSteps),
                                                              preset, gpuWithFree(24ll << 30));
        for (const StageBreakdown& stage : plan.stages)
            for (const DeviceBreakdown& d : stage.devices)
                if (stage.name == "denoise" && d.device == "cuda:0")
                    return d.peakBytes();
        return -1;
    }

    TinyRun runTaking(const char* scenario, const MemoryPreset& preset, RuntimePlacement& placement)
    {
        qputenv(SimulatedDeviceUseSource::kVariable, scenario);
        struct Unset {
            ~Unset() { qunsetenv(SimulatedDeviceUseSource::kVariable); }
        } unset;
        return runTiny(tinyRequest(m_model, kSteps), preset, &placement, checkpoint());
    }

private Q_SLOTS:
    void initTestCase()
    {
        m_model = deepTinyModel(m_dir.filePath("deep").toStdString(), kBlocks);
        m_residentPeak = denoisePeak(residentPreset());
        m_streamingPeak = denoisePeak(streamingPreset());
        QVERIFY(m_streamingPeak > 0 && m_streamingPeak < m_residentPeak);
        auto placement = placementFor(residentPreset(), gpuWithFree(24ll << 30), m_model);
        m_resident = runTiny(tinyRequest(m_model, kSteps), residentPreset(), placement.get(), checkpoint()).latents;
    }

    // 1 GiB taken before step 3 leaves less than the resident plan needs, more than streaming does.
    void stepsDownTheLadderAtTheStepMemoryWasTaken()
    {
        const std::int64_t free = (1ll << 30) + (m_residentPeak + m_streamingPeak) / 2;
        auto placement = placementFor(residentPreset(), gpuWithFree(free), m_model);
        const TinyRun run = runTaking("3:1024", residentPreset(), *placement);

        const std::vector<Warning> replans = withMarker(run.warnings);
        QCOMPARE(replans.size(), std::size_t(1));
        const QString message = QString::fromStdString(replans[0].message);
        qInfo("%s", qPrintable(message));
        QVERIFY2(message.startsWith("another program took 1.0 GiB of cuda:0 before step 3"), qPrintable(message));
        QVERIFY2(message.contains("stream transformer blocks"), qPrintable(message));
        QCOMPARE(run.result.recoveries.size(), std::size_t(1));
        QVERIFY(QString::fromStdString(run.result.recoveries[0]).contains("switched to: stream transformer blocks"));
        QVERIFY(placement->wasReplanned());
        QVERIFY(placement->plan().find("transformer.transformer_blocks.0")->streamed);
        // Steps 1-2 ran resident, 3-4 streamed: every block visited the GPU twice more.
        QVERIFY(placement->ledger().traffic("cuda:0").movesIn >= 2 * kBlocks);
        QCOMPARE(run.result.stepsCompleted, kSteps);

        // The same latents as streaming from the start (and as staying resident): the rung moves
        // weights, never the denoise state.
        auto streamed = placementFor(streamingPreset(), gpuWithFree(free), m_model);
        const TinyRun fromStart = runTiny(tinyRequest(m_model, kSteps), streamingPreset(), streamed.get(), checkpoint());
        QVERIFY(withMarker(fromStart.warnings).empty());
        QVERIFY(at::equal(run.latents, fromStart.latents));
        QVERIFY(at::equal(run.latents, m_resident));
    }

    void slackAbsorbsASmallTaking()
    {
        auto placement = placementFor(residentPreset(), gpuWithFree(m_residentPeak + (2ll << 30)), m_model);
        const TinyRun run = runTaking("2:1024", residentPreset(), *placement);
        QVERIFY(aboutOthers(run.warnings).empty());
        QVERIFY(!placement->wasReplanned());
        QVERIFY(at::equal(run.latents, m_resident));
    }

    void saysOnceWhenNoLeverIsLeft()
    {
        auto placement = placementFor(streamingPreset(), gpuWithFree(m_streamingPeak + (512ll << 20)), m_model);
        const TinyRun run = runTaking("2:1024,3:2048", streamingPreset(), *placement);
        const std::vector<Warning> said = aboutOthers(run.warnings);
        QCOMPARE(said.size(), std::size_t(1)); // step 3 took more, but it was said at step 2
        const QString message = QString::fromStdString(said[0].message);
        qInfo("%s", qPrintable(message));
        QVERIFY2(message.contains("before step 2") && message.contains("no memory lever is left"), qPrintable(message));
        QVERIFY(said[0].marker.empty()); // nothing changed to mark
        QCOMPARE(run.result.stepsCompleted, kSteps);
        QVERIFY(at::equal(run.latents, m_resident));
    }

    void aMalformedScenarioIsRefusedNamingTheVariable()
    {
        auto placement = placementFor(residentPreset(), gpuWithFree(24ll << 30), m_model);
        try {
            runTaking("3:lots", residentPreset(), *placement);
            QFAIL("ran");
        } catch (const InvalidRequestError& e) {
            QVERIFY(QString::fromUtf8(e.what()).contains(SimulatedDeviceUseSource::kVariable));
        }
    }
};

FRAMESMITH_TEST_GUILESS_MAIN(tst_MemoryPressureCheck)

} // namespace tst_MemoryPressureCheck
#include "tst_MemoryPressureCheck.moc"
