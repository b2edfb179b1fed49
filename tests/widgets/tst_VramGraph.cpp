// VramGraph: samples in, graph data out in GiB; the y-axis follows the data and predictions (a
// device's total is a labelled line in view, a label at the top edge when far above); stages are
// bands whose labels stack instead of overprinting; the whole run is kept and followed until the
// user zooms or pans; the hover read-out names time, stage and bytes; the trace saves as CSV/PNG.
#include "widgets/QCustomPlotInclude.h"
#include "widgets/VramGraph.h"
#include "widgets/VramGraphStages.h"
#include "support/TestRegistry.h"

#include <QImage>
#include <QTemporaryDir>
#include <QTest>
#include <QWheelEvent>

#include <cmath>

namespace tst_VramGraph {

namespace {
constexpr qint64 kGiB = qint64(1) << 30;
constexpr qint64 kMiB = qint64(1) << 20;

QVector<VramGraph::Series> twoSeries()
{
    return {{QStringLiteral("cuda:0"), QStringLiteral("GPU 0"), 80 * kGiB, {}},
            {QStringLiteral("rss"), QStringLiteral("Framesmith (RAM)"), 0, {}}};
}

// Shown at 600 x 300 with a minute of samples: the stage labels' layout depends on pixels.
bool showMinuteLongRun(VramGraph& graph)
{
    graph.resize(600, 300);
    graph.show();
    if (!QTest::qWaitForWindowExposed(&graph))
        return false;
    graph.setSeries(twoSeries());
    graph.appendSamples({{0.0, {kGiB, kGiB}}, {60.0, {kGiB, kGiB}}});
    return true;
}
} // namespace

class tst_VramGraph : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void samplesBecomeGraphDataInGiB()
    {
        VramGraph graph;
        graph.setSeries(twoSeries());
        QCOMPARE(graph.plot()->graphCount(), 2);
        QVERIFY(graph.plot()->graph(0)->name().startsWith(QStringLiteral("GPU 0")));
        graph.appendSamples({{0.5, {2 * kGiB, kGiB / 2}}, {1.0, {3 * kGiB, -1}}});
        graph.appendSamples({{1.5, {kGiB * 5 / 4, kGiB}}});
        const auto gpu = graph.plot()->graph(0)->data();
        QCOMPARE(gpu->size(), 3);
        QCOMPARE(gpu->at(0)->key, 0.5);
        QCOMPARE(gpu->at(0)->value, 2.0);
        QCOMPARE(gpu->at(1)->value, 3.0);
        QCOMPARE(gpu->at(2)->value, 1.25);
        const auto rss = graph.plot()->graph(1)->data();
        QCOMPARE(rss->size(), 3);
        QVERIFY(std::isnan(rss->at(1)->value)); // an unread sample is a gap, not a zero
    }

    void axisFollowsTheDataNotTheDeviceTotal()
    {
        VramGraph graph;
        graph.setSeries(twoSeries());
        graph.appendSamples({{1.0, {300 * kMiB, 500 * kMiB}}, {2.0, {700 * kMiB, 400 * kMiB}}});
        const QCPRange y = graph.plot()->yAxis->range();
        QCOMPARE(y.lower, 0.0);
        QVERIFY2(y.upper >= 700.0 / 1024 && y.upper < 1.0, qPrintable(QString::number(y.upper)));
        // The 80 GiB total is far above: named at the top edge, not drawn as the scale.
        QVERIFY(!graph.isTotalInView(QStringLiteral("cuda:0")));
        QVERIFY2(graph.totalText(QStringLiteral("cuda:0")).startsWith(QStringLiteral("↑ GPU 0: 80.00 GiB")),
                 qPrintable(graph.totalText(QStringLiteral("cuda:0"))));
        QCOMPARE(graph.graphFor(QStringLiteral("cuda:0"))->name(), QStringLiteral("GPU 0 (↑ 80.00 GiB)")); // in the legend
        // A prediction above the data is part of the scale.
        graph.setPrediction(QStringLiteral("cuda:0"), 2 * kGiB);
        QVERIFY(graph.plot()->yAxis->range().upper >= 2.0 && graph.plot()->yAxis->range().upper < 3.0);
    }

    void otherProgramsHaveTheirOwnAxis()
    {
        VramGraph graph;
        graph.setSeries({{QStringLiteral("rss"), QStringLiteral("Framesmith"), 0, {}, false},
                         {QStringLiteral("other"), QStringLiteral("Other programs"), 0, {}, true}});
        graph.appendSamples({{1.0, {300 * kMiB, 6 * kGiB}}, {2.0, {400 * kMiB, 7 * kGiB}}});
        QCOMPARE(graph.graphFor(QStringLiteral("other"))->valueAxis(), graph.plot()->yAxis2);
        QVERIFY(graph.plot()->yAxis2->visible());
        QVERIFY(graph.plot()->yAxis->range().upper < 1.0);  // Framesmith's 0.4 GiB fills its axis
        QVERIFY(graph.plot()->yAxis2->range().upper >= 7.0); // the others' 7 GiB fill theirs
    }

    void totalInViewIsALabelledLine()
    {
        VramGraph graph;
        graph.setSeries({{QStringLiteral("cuda:0"), QStringLiteral("GPU 0"), 2 * kGiB, QStringLiteral("GPU 0 memory")}});
        graph.appendSamples({{1.0, {kGiB * 9 / 5}}});
        QVERIFY(graph.isTotalInView(QStringLiteral("cuda:0")));
        QCPItemStraightLine* total = graph.totalLine(QStringLiteral("cuda:0"));
        QCOMPARE(total->pen().style(), Qt::DashLine);
        QCOMPARE(total->point1->value(), 2.0);
        QCOMPARE(graph.totalText(QStringLiteral("cuda:0")), QStringLiteral("GPU 0 memory: 2.00 GiB"));
        QVERIFY(!graph.totalLine(QStringLiteral("nope")));
    }

    void predictionIsALinePerSeries()
    {
        VramGraph graph;
        graph.setSeries(twoSeries());
        graph.setPrediction(QStringLiteral("cuda:0"), 18 * kGiB);
        QCPItemStraightLine* line = graph.predictionLine(QStringLiteral("cuda:0"));
        QVERIFY(line);
        QCOMPARE(line->point1->value(), 18.0);
        QCOMPARE(line->pen().style(), Qt::DashDotLine);
        QVERIFY(graph.predictionText(QStringLiteral("cuda:0")).contains(QStringLiteral("18.00 GiB")));
        const int items = graph.plot()->itemCount();
        graph.setPrediction(QStringLiteral("cuda:0"), 20 * kGiB); // replaces, does not stack
        QCOMPARE(graph.plot()->itemCount(), items);
        graph.setPrediction(QStringLiteral("cuda:0"), 0);
        QVERIFY(!graph.predictionLine(QStringLiteral("cuda:0")));
        graph.setPrediction(QStringLiteral("nope"), kGiB);
        QVERIFY(!graph.predictionLine(QStringLiteral("nope")));
    }

    void stagesAreLabelledBands()
    {
        VramGraph graph;
        graph.setSeries(twoSeries());
        graph.appendSamples({{1.0, {kGiB, kGiB}}, {12.0, {kGiB, kGiB}}});
        graph.addMarker(3.0, QStringLiteral("Encoding the prompt"));
        graph.addMarker(7.5, QStringLiteral("Denoising"));
        VramGraphStages* stages = graph.stages();
        QCOMPARE(graph.markerCount(), 2);
        QCOMPARE(graph.markerLabel(1), QStringLiteral("Denoising"));
        QCOMPARE(stages->band(0)->topLeft->key(), 3.0);
        QCOMPARE(stages->band(0)->bottomRight->key(), 7.5);
        QCOMPARE(stages->band(1)->bottomRight->key(), 12.0); // the last stage lasts until now
        QCOMPARE(stages->text(1)->text(), QStringLiteral("Denoising"));
        QCOMPARE(graph.stageAt(5.0), QStringLiteral("Encoding the prompt"));
        QCOMPARE(graph.stageAt(2.0), QString());
        graph.clearData();
        QCOMPARE(graph.markerCount(), 0);
    }

    void coincidentStagesStackInsteadOfOverprinting()
    {
        VramGraph graph;
        QVERIFY(showMinuteLongRun(graph));
        for (const char* stage : {"Loading the model", "Encoding the prompt", "Denoising"})
            graph.addMarker(20.0, QString::fromLatin1(stage));
        graph.addMarker(50.0, QStringLiteral("Decoding frames"));
        graph.plot()->replot();
        VramGraphStages* stages = graph.stages();
        QCOMPARE(stages->row(0), 0);
        QCOMPARE(stages->row(1), 1);
        QCOMPARE(stages->row(2), 2);
        QCOMPARE(stages->row(3), 0); // far enough to the right: back on the first row
        QVERIFY(stages->text(1)->position->coords().y() > stages->text(0)->position->coords().y());
    }

    // A run of a fraction of a second starts more stages at one pixel than there are rows.
    void moreCoincidentStagesThanRowsStillDoNotOverprint()
    {
        VramGraph graph;
        QVERIFY(showMinuteLongRun(graph));
        const char* names[] = {"Loading the model", "Encoding the prompt", "Denoising", "Decoding frames", "Saving the clip",
                               "Done"};
        for (const char* stage : names)
            graph.addMarker(20.0, QString::fromLatin1(stage));
        graph.plot()->replot();
        VramGraphStages* stages = graph.stages();
        QVector<QRectF> rects;
        for (int i = 0; i < stages->count(); ++i) {
            QCPItemText* text = stages->text(i);
            if (!text->visible())
                continue; // no free row left: hidden, and named on hover instead of printed over another
            rects << QRectF(text->topLeft->pixelPosition(), text->bottomRight->pixelPosition()).normalized();
            QVERIFY2(rects.last().left() >= stages->line(i)->point1->pixelPosition().x() - 1,
                     qPrintable(stages->label(i))); // never left of its own line
        }
        QVERIFY(!rects.isEmpty());
        for (int i = 0; i < rects.size(); ++i)
            for (int j = i + 1; j < rects.size(); ++j)
                QVERIFY2(!rects[i].intersects(rects[j]),
                         qPrintable(QStringLiteral("%1 over %2").arg(stages->label(i), stages->label(j))));
    }

    void theWholeRunIsKeptAndFollowed()
    {
        VramGraph graph;
        graph.setSeries(twoSeries());
        for (int s = 0; s <= 600; s += 10)
            graph.appendSamples({{double(s), {kGiB, kGiB}}});
        QCOMPARE(graph.plot()->xAxis->range().lower, 0.0); // not the last 60 s: everything
        QCOMPARE(graph.plot()->xAxis->range().upper, 600.0);
        QCOMPARE(graph.plot()->graph(0)->data()->size(), 61);
        graph.setViewStart(100.0); // a new run began: the view starts there, the data stays
        QCOMPARE(graph.plot()->xAxis->range().lower, 100.0);
        graph.appendSamples({{610.0, {kGiB, kGiB}}});
        QCOMPARE(graph.plot()->xAxis->range().upper, 610.0);
    }

    void zoomingStopsFollowingUntilDoubleClick()
    {
        VramGraph graph;
        graph.resize(600, 300);
        graph.show();
        QVERIFY(QTest::qWaitForWindowExposed(&graph));
        graph.setSeries(twoSeries());
        graph.appendSamples({{0.0, {kGiB, kGiB}}, {100.0, {kGiB, kGiB}}});
        const QPoint centre = graph.plot()->axisRect()->rect().center();
        QWheelEvent wheel(centre, graph.plot()->mapToGlobal(centre), QPoint(), QPoint(0, 120), Qt::NoButton,
                          Qt::NoModifier, Qt::NoScrollPhase, false);
        QApplication::sendEvent(graph.plot(), &wheel);
        QVERIFY(!graph.isFollowing());
        const QCPRange zoomed = graph.plot()->xAxis->range();
        QVERIFY(zoomed.size() < 100.0);
        graph.appendSamples({{200.0, {kGiB, kGiB}}});
        QCOMPARE(graph.plot()->xAxis->range().upper, zoomed.upper); // the user's view stays
        QTest::mouseDClick(graph.plot(), Qt::LeftButton, Qt::NoModifier, centre);
        QVERIFY(graph.isFollowing());
        QCOMPARE(graph.plot()->xAxis->range().upper, 200.0);
    }

    void readoutShowsTimeStageAndBytes()
    {
        VramGraph graph;
        graph.setSeries(twoSeries());
        graph.appendSamples({{1.0, {2 * kGiB, 512 * kMiB}}, {2.0, {4 * kGiB, kGiB}}});
        graph.addMarker(0.5, QStringLiteral("Denoising"));
        const QString text = graph.readoutAt(1.5);
        QVERIFY2(text.contains(QStringLiteral("Stage: Denoising")), qPrintable(text));
        QVERIFY2(text.contains(QStringLiteral("GPU 0: 2.00 GiB of 80.00 GiB")), qPrintable(text));
        QVERIFY2(text.contains(QStringLiteral("Framesmith (RAM): 512 MiB")), qPrintable(text));
        QVERIFY(graph.readoutAt(2.5).contains(QStringLiteral("4.00")));
        QVERIFY(!graph.readoutAt(0.7).contains(QStringLiteral("GPU 0")));
    }

    void traceSavesAsCsvAndPng()
    {
        VramGraph graph;
        graph.setSeries(twoSeries());
        graph.appendSamples({{1.0, {2 * kGiB, 300 * kMiB}}, {2.0, {3 * kGiB, -1}}});
        graph.addMarker(1.5, QStringLiteral("Denoising, step 1"));
        const QStringList lines = graph.toCsv().trimmed().split('\n');
        QCOMPARE(lines.size(), 3);
        QCOMPARE(lines[0], QStringLiteral("seconds,stage,cuda:0 bytes,rss bytes"));
        QCOMPARE(lines[1], QStringLiteral("1.000,,%1,%2").arg(2 * kGiB).arg(300 * kMiB));
        QCOMPARE(lines[2], QStringLiteral("2.000,Denoising  step 1,%1,").arg(3 * kGiB)); // unread: empty cell
        QTemporaryDir dir;
        const QString png = dir.filePath(QStringLiteral("trace.png"));
        QVERIFY(graph.savePng(png, 800, 300));
        QCOMPARE(QImage(png).size(), QSize(800, 300));
    }

    void legendShowsEverySeries()
    {
        VramGraph graph;
        graph.setSeries(twoSeries());
        QVERIFY(graph.plot()->legend->visible());
        QCOMPARE(graph.plot()->legend->itemCount(), 2);
        graph.setSeries({twoSeries().first()});
        QCOMPARE(graph.plot()->legend->itemCount(), 1);
        QCOMPARE(graph.plot()->graphCount(), 1);
    }
};

FRAMESMITH_TEST_MAIN(tst_VramGraph)

} // namespace tst_VramGraph
#include "tst_VramGraph.moc"
