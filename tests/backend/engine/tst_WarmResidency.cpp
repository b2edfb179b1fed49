// WarmResidency: what a warm engine keeps loaded is what the memory plan allows. Whatever it keeps,
// the plan of a warm generation fits; it keeps as much as it can (one more component, in place or
// in RAM, would not fit); nothing is kept when even a cold run does not fit; a tiny model on a big
// GPU keeps everything in place.
#include "memory/planner/MemoryPlanner.h"
#include "models/ModelRegistry.h"
#include "memory/presets/PresetStore.h"
#include "engine/warm/WarmResidency.h"
#include "support/TestPaths.h"
#include "support/TinyGeneration.h"
#include "support/TestRegistry.h"

#include <QtTest/QtTest>

namespace tst_WarmResidency {

using namespace framesmith;

namespace {

std::vector<DeviceInfo> gpuAndHost(int gpuGib, int hostGib)
{
    std::vector<DeviceInfo> devices = test::simulatedGpus({gpuGib});
    devices.push_back({-1, "CPU", std::int64_t(hostGib) << 30, std::int64_t(hostGib) << 30});
    return devices;
}

GenerationRequest fullSize(const std::string& model)
{
    GenerationRequest r;
    r.modelPath = test::cogvideoxFixture("full-size-configs/" + model);
    return r; // 49 frames of 720 x 480, 50 steps, guidance 6
}

} // namespace

class TestWarmResidency : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void tinyModelKeepsEverythingInPlace()
    {
        const GenerationRequest r = test::tinyRequest(test::cogvideoxFixture("models/tiny-2b"));
        const Residency kept = WarmResidency::choose(*ModelRegistry::planning(r.modelPath), r, test::presetOf({}),
                                                     test::simulatedGpus({24}));
        QCOMPARE(kept.size(), std::size_t(3));
        for (const auto& [component, mode] : kept)
            QCOMPARE(int(mode), int(KeepMode::InPlace));
        QCOMPARE(WarmResidency::describe(kept), std::string("text_encoder kept, transformer kept, vae kept"));
    }

    void keepsNothingWhenAColdRunDoesNotFit()
    {
        const GenerationRequest r = fullSize("cogvideox-5b");
        const MemoryPreset preset = PresetStore().load("max-speed");
        const auto devices = gpuAndHost(8, 64);
        QVERIFY(!MemoryPlanner::planDetailed(*ModelRegistry::planning(r.modelPath), r, preset, devices).fits());
        QVERIFY(WarmResidency::choose(*ModelRegistry::planning(r.modelPath), r, preset, devices).empty());
        QCOMPARE(WarmResidency::describe({}), std::string("nothing kept"));
    }

    void keepsWhatFitsAndNoMore_data()
    {
        QTest::addColumn<QString>("model");
        QTest::addColumn<QString>("preset");
        QTest::addColumn<int>("gpuGib");
        QTest::addColumn<int>("hostGib");
        QTest::newRow("5b 24gb on 24 GiB, 64 GiB RAM") << "cogvideox-5b" << "24gb" << 24 << 64;
        QTest::newRow("5b 24gb on 24 GiB, 16 GiB RAM") << "cogvideox-5b" << "24gb" << 24 << 16;
        QTest::newRow("5b low-memory on 12 GiB, 32 GiB RAM") << "cogvideox-5b" << "low-memory" << 12 << 32;
        QTest::newRow("2b max-speed on 48 GiB, 64 GiB RAM") << "cogvideox-2b" << "max-speed" << 48 << 64;
    }

    void keepsWhatFitsAndNoMore()
    {
        QFETCH(QString, model);
        QFETCH(QString, preset);
        QFETCH(int, gpuGib);
        QFETCH(int, hostGib);
        const GenerationRequest r = fullSize(model.toStdString());
        const std::unique_ptr<ModelPlanning> planning = ModelRegistry::planning(r.modelPath);
        const MemoryPreset p = PresetStore().load(preset.toStdString());
        const auto devices = gpuAndHost(gpuGib, hostGib);
        QVERIFY(MemoryPlanner::planDetailed(*planning, r, p, devices).fits());
        const Residency kept = WarmResidency::choose(*planning, r, p, devices);
        QVERIFY2(!kept.empty(), "a cold run fits: something can stay");
        QVERIFY(MemoryPlanner::planDetailed(*planning, r, p, devices, kept).fits());
        for (const std::string c : {"text_encoder", "transformer", "vae"}) {
            if (kept.count(c))
                continue;
            for (KeepMode mode : {KeepMode::InPlace, KeepMode::OnHost}) {
                Residency more = kept;
                more[c] = mode;
                QVERIFY2(!MemoryPlanner::planDetailed(*planning, r, p, devices, more).fits(),
                         (c + " " + keepModeName(mode) + " would fit too").c_str());
            }
        }
        qInfo("%s", WarmResidency::describe(kept).c_str());
    }

    // On a 16 GiB GPU the 5b transformer cannot stay beside the text encoder's stage, but RAM can
    // hold it between its stages.
    void parksWhatTheGpuCannotKeepInRam()
    {
        const GenerationRequest r = fullSize("cogvideox-5b");
        const std::unique_ptr<ModelPlanning> planning = ModelRegistry::planning(r.modelPath);
        const MemoryPreset p = PresetStore().load("24gb");
        const Residency onBigGpu = WarmResidency::choose(*planning, r, p, gpuAndHost(24, 64));
        QCOMPARE(int(onBigGpu.at("transformer")), int(KeepMode::InPlace));
        const Residency onSmallGpu = WarmResidency::choose(*planning, r, p, gpuAndHost(16, 64));
        QCOMPARE(int(onSmallGpu.at("transformer")), int(KeepMode::OnHost));
        // Without the RAM for it, it is freed after its stage as in a cold run.
        const Residency noRoom = WarmResidency::choose(*planning, r, p, gpuAndHost(16, 12));
        QVERIFY(!noRoom.count("transformer"));
    }

    void keptWeightsCountInEveryStage()
    {
        const GenerationRequest r = fullSize("cogvideox-5b");
        const std::unique_ptr<ModelPlanning> planning = ModelRegistry::planning(r.modelPath);
        const MemoryPreset p = PresetStore().load("24gb");
        const auto devices = gpuAndHost(80, 256);
        const DetailedPlan cold = MemoryPlanner::planDetailed(*planning, r, p, devices);
        const DetailedPlan warm = MemoryPlanner::planDetailed(*planning, r, p, devices, {{"transformer", KeepMode::InPlace}});
        // The text encoder now runs beside the transformer, and the VAE decodes beside it.
        auto gpuWeights = [](const DetailedPlan& plan, std::size_t stage) { return plan.stages[stage].devices.front().weightBytes; };
        QVERIFY(gpuWeights(warm, 0) > gpuWeights(cold, 0));
        QCOMPARE(gpuWeights(warm, 1), gpuWeights(cold, 1));
        QVERIFY(gpuWeights(warm, 2) > gpuWeights(cold, 2));
        QCOMPARE(warm.summary().residentComponents, std::vector<std::string>{"transformer"});
    }
};

FRAMESMITH_TEST_GUILESS_MAIN(TestWarmResidency)

} // namespace tst_WarmResidency
#include "tst_WarmResidency.moc"
