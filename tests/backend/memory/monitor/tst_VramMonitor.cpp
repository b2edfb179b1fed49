// VramMonitor samples on its own thread at the set interval, sees host memory move, records
// markers, and degrades (says so, keeps host lines) when NVML is missing.
#include "framesmith/VramMonitor.h"
#include "support/TestRegistry.h"

#include <QTest>

#include <algorithm>
#include <cstring>
#include <thread>
#include <vector>

namespace tst_VramMonitor {

using framesmith::MemorySample;
using framesmith::VramMonitor;

namespace {
const char* kMissingNvml = "/nonexistent/framesmith-test/libnvidia-ml.so.1";

int seriesIndex(const VramMonitor& monitor, const std::string& id)
{
    const auto series = monitor.series();
    for (std::size_t i = 0; i < series.size(); ++i)
        if (series[i].id == id)
            return static_cast<int>(i);
    return -1;
}

std::int64_t latest(const VramMonitor& monitor, int column)
{
    const auto samples = monitor.samplesSince(-1);
    return samples.empty() ? MemorySample::kUnknown : samples.back().usedBytes.at(column);
}
} // namespace

class tst_VramMonitor : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void samplesArriveAtTheInterval()
    {
        VramMonitor monitor(50, 4096, kMissingNvml);
        QCOMPARE(monitor.sampleIntervalMs(), 50);
        QVERIFY(monitor.samplesSince(-1).empty());
        monitor.start();
        QVERIFY(monitor.isRunning());
        std::this_thread::sleep_for(std::chrono::milliseconds(1000));
        monitor.stop();
        QVERIFY(!monitor.isRunning());
        const auto samples = monitor.samplesSince(-1);
        // 1 s at 50 ms is 21 samples; a loaded 2-core CI machine may lose some, never gain many.
        QVERIFY2(samples.size() >= 10 && samples.size() <= 24, qPrintable(QString::number(samples.size())));
        for (std::size_t i = 1; i < samples.size(); ++i)
            QVERIFY(samples[i].seconds > samples[i - 1].seconds);
        const double span = samples.back().seconds - samples.front().seconds;
        const double meanGap = span / double(samples.size() - 1);
        QVERIFY2(meanGap > 0.040 && meanGap < 0.100, qPrintable(QString::number(meanGap)));
        // Stopped means stopped.
        std::this_thread::sleep_for(std::chrono::milliseconds(150));
        QCOMPARE(monitor.samplesSince(-1).size(), samples.size());
    }

    void everySampleHasOneValuePerSeries()
    {
        VramMonitor monitor(20, 4096, kMissingNvml);
        monitor.start();
        QTRY_VERIFY(monitor.samplesSince(-1).size() >= 3);
        monitor.stop();
        for (const auto& sample : monitor.samplesSince(-1))
            QCOMPARE(sample.usedBytes.size(), monitor.series().size());
    }

    void residentMemoryRisesWhenTheProcessTouchesMemory()
    {
        VramMonitor monitor(20, 4096, kMissingNvml);
        const int rss = seriesIndex(monitor, "rss");
        QVERIFY(rss >= 0);
        monitor.start();
        QTRY_VERIFY(latest(monitor, rss) > 0);
        const std::int64_t before = latest(monitor, rss);
        const std::size_t bytes = 256u << 20;
        std::vector<char> block(bytes);
        std::memset(block.data(), 1, bytes); // touch every page so it becomes resident
        const double touchedAt = monitor.elapsedSeconds();
        QTRY_VERIFY_WITH_TIMEOUT(!monitor.samplesSince(touchedAt).empty(), 2000);
        const std::int64_t after = latest(monitor, rss);
        QVERIFY2(after - before >= std::int64_t(200) << 20,
                 qPrintable(QString("before %1 after %2").arg(before).arg(after)));
        QCOMPARE(block[bytes / 2], char(1));
    }

    void missingNvmlIsReportedAndHostLinesRemain()
    {
        VramMonitor monitor(20, 4096, kMissingNvml);
        const auto limitations = monitor.limitations();
        const bool mentionsNvml = std::any_of(limitations.begin(), limitations.end(), [](const std::string& l) {
            return l.find("NVML not found") != std::string::npos && l.find(kMissingNvml) != std::string::npos;
        });
        QVERIFY2(mentionsNvml, limitations.empty() ? "no limitations" : limitations.front().c_str());
        for (const auto& series : monitor.series())
            QVERIFY2(series.id.rfind("cuda:", 0) != 0, series.id.c_str());
        const int ram = seriesIndex(monitor, "ram");
        QVERIFY(seriesIndex(monitor, "rss") >= 0 && ram >= 0);
        QVERIFY(monitor.series().at(ram).totalBytes > 0);
        monitor.start();
        QTRY_VERIFY(latest(monitor, ram) > 0);
        QVERIFY(latest(monitor, ram) <= monitor.series().at(ram).totalBytes);
    }

    void nvmlLibraryCanBeChosenByEnvironment()
    {
        qputenv("FRAMESMITH_NVML_LIBRARY", kMissingNvml);
        VramMonitor monitor(20);
        qunsetenv("FRAMESMITH_NVML_LIBRARY");
        const auto limitations = monitor.limitations();
        QVERIFY(std::any_of(limitations.begin(), limitations.end(),
                            [](const std::string& l) { return l.find(kMissingNvml) != std::string::npos; }));
    }

    void markersAreRecordedInTheSameClock()
    {
        VramMonitor monitor(20, 4096, kMissingNvml);
        monitor.start();
        QTRY_VERIFY(!monitor.samplesSince(-1).empty());
        const double before = monitor.elapsedSeconds();
        monitor.addMarker("Denoising");
        std::thread([&monitor] { monitor.addMarker("VAE decoding"); }).join();
        const double after = monitor.elapsedSeconds();
        const auto markers = monitor.markersSince(-1);
        QCOMPARE(markers.size(), std::size_t(2));
        QCOMPARE(QString::fromStdString(markers[0].label), QString("Denoising"));
        QCOMPARE(QString::fromStdString(markers[1].label), QString("VAE decoding"));
        QVERIFY(markers[0].seconds >= before && markers[1].seconds <= after);
        QCOMPARE(monitor.markersSince(markers[0].seconds).size(), std::size_t(1));
        QVERIFY(monitor.markersSince(after).empty());
    }

    void samplesSinceReturnsOnlyNewerSamplesAndCapacityBounds()
    {
        VramMonitor monitor(5, 8, kMissingNvml);
        QCOMPARE(monitor.capacity(), std::size_t(8));
        monitor.start();
        QTRY_VERIFY(monitor.samplesSince(-1).size() == 8);
        std::this_thread::sleep_for(std::chrono::milliseconds(60));
        const auto all = monitor.samplesSince(-1);
        QCOMPARE(all.size(), std::size_t(8));
        const auto newer = monitor.samplesSince(all[4].seconds);
        QVERIFY(!newer.empty() && newer.front().seconds > all[4].seconds);
        monitor.stop();
    }
};

FRAMESMITH_TEST_GUILESS_MAIN(tst_VramMonitor)

} // namespace tst_VramMonitor
#include "tst_VramMonitor.moc"
