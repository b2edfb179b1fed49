// MemoryDisplay: a forecast's peak is drawn where the line will go (on top of the process's idle
// level, not from zero), and stays put while a run is in flight; the trace saves as CSV and PNG.
#include "framesmith/VramMonitor.h"
#include "ui/memory/MemoryDisplay.h"
#include "widgets/QCustomPlotInclude.h"
#include "widgets/VramGraph.h"
#include "support/TestRegistry.h"

#include <QImage>
#include <QMainWindow>
#include <QStatusBar>
#include <QTemporaryDir>
#include <QTest>

namespace tst_MemoryDisplay {

class tst_MemoryDisplay : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void predictionsStandOnTheIdleLevel()
    {
        framesmith::VramMonitor monitor(20, 4096, "/nonexistent/libnvidia-ml.so.1");
        QMainWindow window;
        auto* graph = new VramGraph(&window);
        window.setCentralWidget(graph);
        MemoryDisplay display(&monitor, graph, window.statusBar());
        display.start(50);
        QTRY_VERIFY(graph->latestBytes(QStringLiteral("rss")) > 0);
        framesmith::GenerationRequest request;
        request.modelPath = FRAMESMITH_FIXTURES_DIR "/cogvideox/models/tiny-2b";
        request.frameCount = 9;
        request.width = 96;
        request.height = 64;
        const MemoryForecast forecast = display.showForecast(request, qint64(24) << 30);
        const qint64 peak = forecast.peakBytesBySeries.value(QStringLiteral("rss"));
        QVERIFY(peak > 0);
        const double idle = graph->latestBytes(QStringLiteral("rss")) / VramGraph::kBytesPerGiB;
        const double drawn = graph->predictionLine(QStringLiteral("rss"))->point1->value();
        QVERIFY2(std::abs(drawn - (idle + peak / VramGraph::kBytesPerGiB)) < 0.05,
                 qPrintable(QStringLiteral("%1 vs %2 + %3").arg(drawn).arg(idle).arg(peak / VramGraph::kBytesPerGiB)));
        display.setRunning(true); // a run's own growth must not lift its prediction
        const double during = graph->predictionLine(QStringLiteral("rss"))->point1->value();
        QTest::qWait(1200);
        QCOMPARE(graph->predictionLine(QStringLiteral("rss"))->point1->value(), during);

        QTemporaryDir dir;
        QString error;
        QVERIFY2(display.saveTrace(dir.filePath(QStringLiteral("run")), &error), qPrintable(error));
        QVERIFY(QFile::exists(dir.filePath(QStringLiteral("run.memory.csv"))));
        QVERIFY(!QImage(dir.filePath(QStringLiteral("run.memory.png"))).isNull());
        display.stop();
    }
};

FRAMESMITH_TEST_MAIN(tst_MemoryDisplay)

} // namespace tst_MemoryDisplay
#include "tst_MemoryDisplay.moc"
