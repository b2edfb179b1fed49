// MemoryForecast: with GPUs the verdict is for them; with none it says so and is for a GPU of the
// size the user chose (so presets differ instead of all "fitting" in system RAM), while the graph
// still gets this machine's own prediction.
#include "ui/MemoryForecast.h"

#include <QRegularExpression>
#include <QTest>

namespace {
constexpr qint64 kGiB = qint64(1) << 30;

framesmith::GenerationRequest fullSize5b(const char* preset)
{
    framesmith::GenerationRequest r;
    r.modelPath = FRAMESMITH_FIXTURES_DIR "/cogvideox/full-size-configs/cogvideox-5b";
    r.preset = preset;
    return r;
}

const std::vector<framesmith::DeviceInfo> kCpuOnly{{-1, "CPU", 24 * kGiB, 20 * kGiB}};
} // namespace

class tst_MemoryForecast : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void withoutAGpuTheVerdictIsForTheChosenOne()
    {
        const MemoryForecast big = MemoryForecast::forRequest(fullSize5b("max-speed"), kCpuOnly, 80 * kGiB);
        QVERIFY(big.isForChosenGpu);
        // Everything on the GPU: only VRAM is listed (RAM is when the plan puts work on the host).
        QVERIFY2(big.summary.startsWith(QStringLiteral("No GPU here: planned for a GPU of 80.0 GiB that you choose. Fits — VRAM ")) &&
                     big.summary.contains(QStringLiteral(" of 80.0 GiB · here on the CPU: about ")) &&
                     big.summary.endsWith(QStringLiteral(" s/step")),
                 qPrintable(big.summary));
        QVERIFY(big.secondsPerStep > 0);
        const MemoryForecast small = MemoryForecast::forRequest(fullSize5b("max-speed"), kCpuOnly, 8 * kGiB);
        // Worded from the plan's data: the stage in words, what it needs, the strategies that would help.
        QVERIFY2(small.summary.contains(QStringLiteral("Does not fit (")) && small.summary.contains(QStringLiteral(" needs ")) &&
                     small.summary.contains(QStringLiteral("“")),
                 qPrintable(small.summary));
        QVERIFY2(!small.summary.contains(QStringLiteral("Text encoder on the GPU, then released")), qPrintable(small.summary));
        const MemoryForecast lowMemory = MemoryForecast::forRequest(fullSize5b("low-memory"), kCpuOnly, 8 * kGiB);
        QVERIFY2(lowMemory.fits, qPrintable(lowMemory.summary));
        // The graph's prediction is this machine's: the process on the CPU.
        QVERIFY(small.peakBytesBySeries.value(QStringLiteral("rss")) > 0);
        QVERIFY(!small.peakBytesBySeries.contains(QStringLiteral("cuda:0")));
        QVERIFY(small.details.contains(QStringLiteral("no GPU")));
    }

    // The tiny test model's step takes milliseconds: the estimate says so instead of "0.0 s".
    void aTinyStepIsNotRoundedToZero()
    {
        framesmith::GenerationRequest r;
        r.modelPath = FRAMESMITH_FIXTURES_DIR "/cogvideox/models/tiny-2b";
        r.frameCount = 9;
        r.width = 96;
        r.height = 64;
        const MemoryForecast tiny = MemoryForecast::forRequest(r, kCpuOnly, 24 * kGiB);
        QVERIFY2(tiny.secondsPerStep > 0 && tiny.secondsPerStep < 0.05, qPrintable(tiny.summary));
        QVERIFY2(!tiny.summary.contains(QStringLiteral(" 0.0 s/step")) && !tiny.summary.contains(QStringLiteral(" 0.00 s/step")),
                 qPrintable(tiny.summary));
        QVERIFY2(tiny.summary.contains(QRegularExpression(QStringLiteral("(about 0\\.0[1-4]|under 0\\.01) s/step$"))),
                 qPrintable(tiny.summary));
    }

    void withAGpuTheVerdictIsForIt()
    {
        const std::vector<framesmith::DeviceInfo> devices{{0, "GPU", 24 * kGiB, 23 * kGiB}, kCpuOnly.front()};
        const MemoryForecast forecast = MemoryForecast::forRequest(fullSize5b("24gb"), devices, 8 * kGiB);
        QVERIFY(!forecast.isForChosenGpu);
        QVERIFY(forecast.isKnown);
        QVERIFY(!forecast.summary.contains(QStringLiteral("No GPU")));
        QVERIFY(forecast.peakBytesBySeries.value(QStringLiteral("cuda:0")) > 0);
    }

    // RAM and VRAM each get their verdict: a host that cannot hold the run is named even when the
    // GPU has room (and the other way round).
    void ramAndVramVerdictsAreEachShown()
    {
        const std::vector<framesmith::DeviceInfo> smallHost{{0, "GPU", 80 * kGiB, 80 * kGiB}, {-1, "CPU", 4 * kGiB, 2 * kGiB}};
        const MemoryForecast ramBound = MemoryForecast::forRequest(fullSize5b("low-memory"), smallHost, 8 * kGiB);
        QVERIFY(ramBound.isKnown && !ramBound.fits);
        QVERIFY2(ramBound.summary.contains(QStringLiteral(" of 2.0 GiB (too much)")) &&
                     ramBound.summary.contains(QStringLiteral("RAM ")) &&
                     !ramBound.summary.contains(QStringLiteral(" of 80.0 GiB (too much)")),
                 qPrintable(ramBound.summary));
        const std::vector<framesmith::DeviceInfo> smallGpu{{0, "GPU", 8 * kGiB, 8 * kGiB}, {-1, "CPU", 256 * kGiB, 200 * kGiB}};
        const MemoryForecast gpuBound = MemoryForecast::forRequest(fullSize5b("max-speed"), smallGpu, 8 * kGiB);
        QVERIFY2(gpuBound.summary.contains(QStringLiteral(" of 8.0 GiB (too much)")) &&
                     !gpuBound.summary.contains(QStringLiteral(" of 200.0 GiB (too much)")),
                 qPrintable(gpuBound.summary));
    }

    // The cost of the mode beside its memory: streaming the blocks is slower than keeping them
    // resident on the same GPU, and says how much of the step goes to the copies.
    void theStepEstimateShowsWhatStreamingCosts()
    {
        const std::vector<framesmith::DeviceInfo> h100{{0, "NVIDIA H100 80GB HBM3", 80 * kGiB, 80 * kGiB},
                                                       {-1, "CPU", 256 * kGiB, 200 * kGiB}};
        const MemoryForecast resident = MemoryForecast::forRequest(fullSize5b("max-speed"), h100, 8 * kGiB);
        const MemoryForecast streamed = MemoryForecast::forRequest(fullSize5b("low-memory"), h100, 8 * kGiB);
        QVERIFY2(resident.summary.endsWith(QStringLiteral(" s/step")) && !resident.summary.contains(QStringLiteral("streams")),
                 qPrintable(resident.summary));
        QVERIFY2(streamed.summary.contains(QStringLiteral(" s of weights per step)")), qPrintable(streamed.summary));
        QVERIFY(streamed.secondsPerStep >= resident.secondsPerStep);
        QVERIFY(resident.details.contains(QStringLiteral("Speed: about ")));
    }

    void noModelNoForecast()
    {
        framesmith::GenerationRequest r;
        QVERIFY(MemoryForecast::forRequest(r, kCpuOnly, 8 * kGiB).summary.isEmpty());
    }
};

QTEST_APPLESS_MAIN(tst_MemoryForecast)
#include "tst_MemoryForecast.moc"
