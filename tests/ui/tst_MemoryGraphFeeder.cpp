// The feeder moves VramMonitor samples and markers into the graph on the GUI thread.
#include "framesmith/VramMonitor.h"
#include "ui/MemoryGraphFeeder.h"
#include "widgets/QCustomPlotInclude.h"
#include "widgets/VramGraph.h"

#include <QTest>

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
        monitor.addMarker("Denoising");
        QTRY_COMPARE(graph.markerCount(), 1);
        QCOMPARE(graph.markerLabel(0), QStringLiteral("Denoising"));
        feeder.stop();
        // Every monitor sample arrived exactly once.
        feeder.pullNow();
        QCOMPARE(graph.graphFor(QStringLiteral("rss"))->data()->size(), int(monitor.samplesSince(-1).size()));
        QVERIFY(feeder.limitations().join('\n').contains(QStringLiteral("NVML")));
    }
};

QTEST_MAIN(tst_MemoryGraphFeeder)
#include "tst_MemoryGraphFeeder.moc"
