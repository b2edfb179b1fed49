// The feeder moves VramMonitor samples and markers into the graph on the GUI thread, shows
// Framesmith's own memory apart from other programs', names stages in the user's words and starts
// the graph's view at a run's start.
#include "framesmith/GenerationEvents.h"
#include "framesmith/VramMonitor.h"
#include "ui/memory/MemoryGraphFeeder.h"
#include "widgets/QCustomPlotInclude.h"
#include "widgets/VramGraph.h"
#include "support/TestRegistry.h"

#include <QTest>

#include <cmath>

namespace tst_MemoryGraphFeeder {

class tst_MemoryGraphFeeder : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void samplesAndMarkersReachTheGraph()
    {
        framesmith::VramMonitor monitor(20, 4096, "/nonexistent/libnvidia-ml.so.1");
        VramGraph graph;
        MemoryGraphFeeder feeder(&monitor, &graph);
        feeder.start(50);
        QCOMPARE(graph.series().size(), int(monitor.series().size()));
        QVERIFY(graph.graphFor(QStringLiteral("rss")));
        QTRY_VERIFY(graph.graphFor(QStringLiteral("rss"))->data()->size() >= 5);
        monitor.addMarker("denoise");
        QTRY_COMPARE(graph.markerCount(), 1);
        QCOMPARE(graph.markerLabel(0), QStringLiteral("Denoising")); // the stage in words, not its id
        // The memory-growth remedy's moments are marked in words too.
        monitor.addMarker(framesmith::kCacheReleaseMarker);
        monitor.addMarker(framesmith::kGrowthPauseMarker);
        monitor.addMarker(framesmith::kOtherProcessReplanMarker);
        QTRY_COMPARE(graph.markerCount(), 4);
        QCOMPARE(graph.markerLabel(1), QStringLiteral("Memory kept rising: cache released every step"));
        QCOMPARE(graph.markerLabel(2), QStringLiteral("Memory still rising: paused to disk"));
        QCOMPARE(graph.markerLabel(3), QStringLiteral("Another program took GPU memory: re-planned"));
        feeder.stop();
        // Every monitor sample arrived exactly once.
        feeder.pullNow();
        QCOMPARE(graph.graphFor(QStringLiteral("rss"))->data()->size(), int(monitor.samplesSince(-1).size()));
        QVERIFY(feeder.limitations().join('\n').contains(QStringLiteral("NVML")));
    }

    void aComponentSwappedMidStageIsMarked()
    {
        // An expert taking over mid-denoise (RunPresenter: the Denoising stage starting again)
        // gets its own marker and band, named by the stage and the component taking over.
        framesmith::VramMonitor monitor(20, 4096, "/nonexistent/libnvidia-ml.so.1");
        VramGraph graph;
        MemoryGraphFeeder feeder(&monitor, &graph);
        feeder.start(50);
        monitor.addMarker("denoise");
        QTRY_COMPARE(graph.markerCount(), 1);
        const std::string swap = MemoryGraphFeeder::swapMarker(int(framesmith::Stage::Denoising), QStringLiteral("transformer_2"));
        QCOMPARE(swap, std::string("denoise>transformer_2"));
        monitor.addMarker(swap);
        QTRY_COMPARE(graph.markerCount(), 2);
        const QString label = QStringLiteral("Denoising: transformer_2 takes over");
        QCOMPARE(graph.markerLabel(1), label);
        QTRY_COMPARE(graph.stageAt(graph.latestSeconds()), label); // its band runs to the newest sample
        feeder.stop();
    }

    void ownMemoryIsShownApartFromOtherPrograms()
    {
        framesmith::VramMonitor monitor(20, 4096, "/nonexistent/libnvidia-ml.so.1");
        VramGraph graph;
        MemoryGraphFeeder feeder(&monitor, &graph);
        feeder.start(50);
        QVERIFY(!graph.graphFor(QStringLiteral("ram"))); // "all processes" is not a line of its own
        QVERIFY(graph.graphFor(QStringLiteral("other")));
        QTRY_VERIFY(graph.graphFor(QStringLiteral("other"))->data()->size() >= 3);
        feeder.stop();
        feeder.pullNow();
        // other = system RAM used - Framesmith's RSS, sample by sample.
        const auto series = monitor.series();
        int ram = -1, rss = -1;
        for (size_t i = 0; i < series.size(); ++i) {
            ram = series[i].id == "ram" ? int(i) : ram;
            rss = series[i].id == "rss" ? int(i) : rss;
        }
        QVERIFY(ram >= 0 && rss >= 0);
        const auto samples = monitor.samplesSince(-1);
        const auto* other = graph.graphFor(QStringLiteral("other"))->data().data();
        for (int i = 0; i < int(samples.size()); ++i) {
            const double expected = double(samples[i].usedBytes[ram] - samples[i].usedBytes[rss]) / VramGraph::kBytesPerGiB;
            QVERIFY(std::abs(other->at(i)->value - std::max(0.0, expected)) < 1e-9);
        }
        // The machine's RAM is the total over Framesmith's line, named as what it is.
        const VramGraph::Series own = graph.series().at(rss);
        QCOMPARE(own.totalBytes, series[ram].totalBytes);
        QCOMPARE(own.totalLabel, QStringLiteral("System RAM"));
    }

    void aRunStartsTheView()
    {
        framesmith::VramMonitor monitor(20, 4096, "/nonexistent/libnvidia-ml.so.1");
        VramGraph graph;
        MemoryGraphFeeder feeder(&monitor, &graph);
        feeder.start(50);
        QTest::qWait(2500); // longer than the lead the view keeps before a run
        monitor.addMarker("loading");
        const double start = monitor.elapsedSeconds();
        QTRY_COMPARE(graph.markerCount(), 1);
        feeder.stop();
        QVERIFY(graph.plot()->xAxis->range().lower > 0.0);
        QVERIFY(graph.plot()->xAxis->range().lower <= start);
    }
};

FRAMESMITH_TEST_MAIN(tst_MemoryGraphFeeder)

} // namespace tst_MemoryGraphFeeder
#include "tst_MemoryGraphFeeder.moc"
