// MemoryForecast: the figures of the job that runs here (JobForecast: per device, the host's RAM
// among them), the verdict for GPUs the user chooses when this machine has too few (with none, so
// presets differ instead of all "fitting" in system RAM; a multi-GPU preset for at least two), and
// the step time as a range until this machine measured it.
#include "ui/memory/MemoryForecast.h"

#include "framesmith/JobForecast.h"
#include "ui/presets/PresetLibrary.h"
#include "support/TestRegistry.h"

#include <QRegularExpression>
#include <QTest>

namespace tst_MemoryForecast {

namespace {
constexpr qint64 kGiB = qint64(1) << 30;

framesmith::GenerationRequest fullSize5b(const char* preset)
{
    framesmith::GenerationRequest r;
    r.modelPath = FRAMESMITH_FIXTURES_DIR "/cogvideox/full-size-configs/cogvideox-5b";
    r.preset = preset;
    return r;
}

framesmith::GenerationRequest tiny()
{
    framesmith::GenerationRequest r;
    r.modelPath = FRAMESMITH_FIXTURES_DIR "/cogvideox/models/tiny-2b";
    r.frameCount = 9;
    r.width = 96;
    r.height = 64;
    r.preset = "max-speed";
    return r;
}

const std::vector<framesmith::DeviceInfo> kCpuOnly{{-1, "CPU", 24 * kGiB, 20 * kGiB, ""}};
} // namespace

class tst_MemoryForecast : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void withoutAGpuTheVerdictIsForTheChosenOne()
    {
        const MemoryForecast big = MemoryForecast::forRequest(fullSize5b("max-speed"), kCpuOnly, 80 * kGiB);
        QVERIFY(big.isForChosenGpu);
        QCOMPARE(big.plannedGpuCount, 1);
        // The run here first (on the CPU: RAM), then the verdict for the GPU the user chose.
        QVERIFY2(big.summary.startsWith(QStringLiteral("Here on the CPU (no GPU): ")) &&
                     big.summary.contains(QStringLiteral(" — RAM ")) &&
                     big.summary.contains(QStringLiteral(" s/step (not measured here yet). On a GPU of 80.0 GiB that you "
                                                         "choose: Fits — VRAM ")) &&
                     big.summary.endsWith(QStringLiteral(" of 80.0 GiB")),
                 qPrintable(big.summary));
        QVERIFY(big.secondsPerStep > 0);
        const MemoryForecast small = MemoryForecast::forRequest(fullSize5b("max-speed"), kCpuOnly, 8 * kGiB);
        // Worded from the plan's data: the stage in words, what it needs, the strategies that would help.
        const QString there = small.summary.mid(small.summary.indexOf(QStringLiteral("On a GPU of 8.0 GiB")));
        QVERIFY2(there.contains(QStringLiteral("Does not fit (")) && there.contains(QStringLiteral(" needs ")) &&
                     there.contains(QStringLiteral("“")),
                 qPrintable(small.summary));
        QVERIFY2(!small.summary.contains(QStringLiteral("Text encoder on the GPU, then released")), qPrintable(small.summary));
        const MemoryForecast lowMemory = MemoryForecast::forRequest(fullSize5b("low-memory"), kCpuOnly, 8 * kGiB);
        QVERIFY2(lowMemory.summary.contains(QStringLiteral("On a GPU of 8.0 GiB that you choose: Fits")),
                 qPrintable(lowMemory.summary));
        // The graph's prediction and the queue's figures are this machine's: the process on the CPU.
        QVERIFY(small.peakBytesBySeries.value(QStringLiteral("rss")) > 0);
        QCOMPARE(small.devicePeaks.value(QStringLiteral("cpu")), small.peakBytesBySeries.value(QStringLiteral("rss")));
        QVERIFY(!small.peakBytesBySeries.contains(QStringLiteral("cuda:0")));
        QVERIFY(small.details.contains(QStringLiteral("Planned for a GPU of 8.0 GiB")));
    }

    // The forecast's figures are JobForecast's, byte for byte, and worded once (MemoryFigures).
    void theFiguresAreTheJobForecasts()
    {
        const auto preset = PresetLibrary::load(QStringLiteral("max-speed"));
        QVERIFY(preset);
        const framesmith::JobForecast job = framesmith::JobForecast::of(tiny(), *preset, kCpuOnly);
        const MemoryForecast forecast = MemoryForecast::forRequest(tiny(), kCpuOnly, 24 * kGiB);
        QVERIFY(job.host() && job.host()->peakBytes > 0);
        QCOMPARE(forecast.devicePeaks.value(QStringLiteral("cpu")), job.host()->peakBytes);
        // A small model's peak in MiB, never "RAM 0.0 of 22.6 GiB".
        QVERIFY2(forecast.summary.contains(QStringLiteral("RAM %1 of 20.0 GiB").arg(MemoryFigures::bytes(job.host()->peakBytes))),
                 qPrintable(forecast.summary));
        QVERIFY(MemoryFigures::bytes(job.host()->peakBytes).endsWith(QStringLiteral(" MiB")));
    }

    // The preset editor plans the form's request, its LoRAs included (the LoRA panel fills them):
    // under low-memory each LoRA rests as a side path beside the streamed blocks, so its bytes raise
    // the denoising stage's figure and the peak the editor shows.
    void theFormsLorasAreCounted()
    {
        const auto preset = PresetLibrary::load(QStringLiteral("low-memory"));
        QVERIFY(preset);
        const framesmith::GenerationRequest bare = tiny();
        framesmith::GenerationRequest withLora = bare;
        framesmith::LoraSpec lora;
        lora.file = FRAMESMITH_FIXTURES_DIR "/lora/loras/cog_peft_metadata_r8.safetensors";
        withLora.loras = {lora};
        const framesmith::JobForecast a = framesmith::JobForecast::of(bare, *preset, kCpuOnly);
        const framesmith::JobForecast b = framesmith::JobForecast::of(withLora, *preset, kCpuOnly);
        QVERIFY(a.host() && b.host());
        QVERIFY2(b.host()->peakBytes > a.host()->peakBytes,
                 qPrintable(QStringLiteral("%1 vs %2").arg(b.host()->peakBytes).arg(a.host()->peakBytes)));
        const MemoryForecast shown = MemoryForecast::forPreset(withLora, *preset, kCpuOnly, 24 * kGiB);
        QCOMPARE(shown.devicePeaks.value(QStringLiteral("cpu")), b.host()->peakBytes);
    }

    // Until a run measured this model here, the step time is a range from the arithmetic up, and
    // says so; it is never rounded to "0.0 s".
    void theStepTimeIsARangeUntilMeasured()
    {
        const MemoryForecast forecast = MemoryForecast::forRequest(tiny(), kCpuOnly, 24 * kGiB);
        QVERIFY(!forecast.isStepCalibrated);
        QVERIFY2(forecast.secondsPerStep > 0 && forecast.secondsPerStepHigh > 10 * forecast.secondsPerStep,
                 qPrintable(forecast.summary));
        QVERIFY2(forecast.summary.contains(QRegularExpression(QStringLiteral("[0-9.]+–[0-9.]+ s/step \\(not measured here yet\\)"))),
                 qPrintable(forecast.summary));
        QVERIFY2(!forecast.summary.contains(QStringLiteral(" 0.0 s")) && !forecast.summary.contains(QStringLiteral("0.00–")),
                 qPrintable(forecast.summary));
        QVERIFY(forecast.details.contains(QStringLiteral("The first run of this model here measures it")));
    }

    void withAGpuTheVerdictIsForIt()
    {
        const std::vector<framesmith::DeviceInfo> devices{{0, "GPU", 24 * kGiB, 23 * kGiB, ""}, kCpuOnly.front()};
        const MemoryForecast forecast = MemoryForecast::forRequest(fullSize5b("24gb"), devices, 8 * kGiB);
        QVERIFY(!forecast.isForChosenGpu);
        QVERIFY(forecast.isKnown);
        QVERIFY(!forecast.summary.contains(QStringLiteral("that you choose")));
        QVERIFY(forecast.peakBytesBySeries.value(QStringLiteral("cuda:0")) > 0);
    }

    // "Multi-GPU" is planned for two GPUs, never silently for one: with one GPU here, or none, the
    // verdict is for two of the chosen size, and the details list both.
    void aMultiGpuPresetIsPlannedForTwoGpus()
    {
        const std::vector<framesmith::DeviceInfo> oneGpu{{0, "GPU", 24 * kGiB, 24 * kGiB, ""}, kCpuOnly.front()};
        for (const auto& devices : {oneGpu, kCpuOnly}) {
            const MemoryForecast forecast = MemoryForecast::forRequest(fullSize5b("multi-gpu"), devices, 24 * kGiB);
            QVERIFY(forecast.isForChosenGpu);
            QCOMPARE(forecast.plannedGpuCount, 2);
            QVERIFY2(forecast.summary.contains(QStringLiteral("n 2 GPUs of 24.0 GiB that you choose: ")) &&
                         forecast.summary.contains(QStringLiteral("GPU 0 ")) && forecast.summary.contains(QStringLiteral("GPU 1 ")),
                     qPrintable(forecast.summary));
            QVERIFY2(forecast.details.contains(QStringLiteral("on cuda:1: ")), qPrintable(forecast.details));
        }
        const std::vector<framesmith::DeviceInfo> twoGpus{{0, "GPU", 24 * kGiB, 24 * kGiB, ""},
                                                          {1, "GPU", 24 * kGiB, 24 * kGiB, ""}, kCpuOnly.front()};
        const MemoryForecast present = MemoryForecast::forRequest(fullSize5b("multi-gpu"), twoGpus, 8 * kGiB);
        QVERIFY(!present.isForChosenGpu); // the GPUs present
        QVERIFY(present.peakBytesBySeries.value(QStringLiteral("cuda:1")) > 0);
    }

    // RAM and VRAM each get their verdict: a host that cannot hold the run is named even when the
    // GPU has room (and the other way round).
    void ramAndVramVerdictsAreEachShown()
    {
        const std::vector<framesmith::DeviceInfo> smallHost{{0, "GPU", 80 * kGiB, 80 * kGiB, ""}, {-1, "CPU", 4 * kGiB, 2 * kGiB, ""}};
        const MemoryForecast ramBound = MemoryForecast::forRequest(fullSize5b("low-memory"), smallHost, 8 * kGiB);
        QVERIFY(ramBound.isKnown && !ramBound.fits);
        QVERIFY2(ramBound.summary.contains(QStringLiteral(" of 2.0 GiB (too much)")) &&
                     ramBound.summary.contains(QStringLiteral("RAM ")) &&
                     ramBound.summary.contains(QStringLiteral("of RAM, this process may use 2.0 GiB")) &&
                     !ramBound.summary.contains(QStringLiteral(" of 80.0 GiB (too much)")),
                 qPrintable(ramBound.summary));
        const std::vector<framesmith::DeviceInfo> smallGpu{{0, "GPU", 8 * kGiB, 8 * kGiB, ""}, {-1, "CPU", 256 * kGiB, 200 * kGiB, ""}};
        const MemoryForecast gpuBound = MemoryForecast::forRequest(fullSize5b("max-speed"), smallGpu, 8 * kGiB);
        QVERIFY2(gpuBound.summary.contains(QStringLiteral(" of 8.0 GiB (too much)")) &&
                     !gpuBound.summary.contains(QStringLiteral(" of 200.0 GiB (too much)")),
                 qPrintable(gpuBound.summary));
    }

    // The cost of the mode beside its memory: streaming the blocks is slower than keeping them
    // resident on the same GPU, and says how much of the step goes to the copies.
    void theStepEstimateShowsWhatStreamingCosts()
    {
        const std::vector<framesmith::DeviceInfo> h100{{0, "NVIDIA H100 80GB HBM3", 80 * kGiB, 80 * kGiB, ""},
                                                       {-1, "CPU", 256 * kGiB, 200 * kGiB, ""}};
        const MemoryForecast resident = MemoryForecast::forRequest(fullSize5b("max-speed"), h100, 8 * kGiB);
        const MemoryForecast streamed = MemoryForecast::forRequest(fullSize5b("low-memory"), h100, 8 * kGiB);
        QVERIFY2(resident.summary.endsWith(QStringLiteral(" s/step (not measured here yet)")) &&
                     !resident.summary.contains(QStringLiteral("streams")),
                 qPrintable(resident.summary));
        QVERIFY2(streamed.summary.contains(QStringLiteral(" s of weights per step)")), qPrintable(streamed.summary));
        QVERIFY(streamed.secondsPerStep >= resident.secondsPerStep);
        QVERIFY(resident.details.contains(QStringLiteral("Speed: ")));
    }

    void noModelNoForecast()
    {
        framesmith::GenerationRequest r;
        QVERIFY(MemoryForecast::forRequest(r, kCpuOnly, 8 * kGiB).summary.isEmpty());
    }
};

FRAMESMITH_TEST_APPLESS_MAIN(tst_MemoryForecast)

} // namespace tst_MemoryForecast
#include "tst_MemoryForecast.moc"
