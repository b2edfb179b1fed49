// VramGraph: samples in, graph data out in GiB; totals dashed; predictions; labelled markers;
// the hover read-out; the scrolling window.
#include "widgets/QCustomPlotInclude.h"
#include "widgets/VramGraph.h"

#include <QTest>

#include <cmath>

namespace {
constexpr qint64 kGiB = qint64(1) << 30;

QVector<VramGraph::Series> twoSeries()
{
    return {{QStringLiteral("cuda:0"), QStringLiteral("GPU 0"), 80 * kGiB},
            {QStringLiteral("rss"), QStringLiteral("Process RSS"), 0}};
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
        QCOMPARE(graph.plot()->graph(0)->name(), QStringLiteral("GPU 0"));
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
        QCOMPARE(rss->at(0)->value, 0.5);
        QVERIFY(std::isnan(rss->at(1)->value)); // an unread sample is a gap, not a zero
        QCOMPARE(rss->at(2)->value, 1.0);
        QVERIFY(graph.plot()->yAxis->range().upper >= 80.0); // the total is in view
    }

    void totalsAreDashedLines()
    {
        VramGraph graph;
        graph.setSeries(twoSeries());
        QCPItemStraightLine* total = graph.totalLine(QStringLiteral("cuda:0"));
        QVERIFY(total);
        QCOMPARE(total->pen().style(), Qt::DashLine);
        QCOMPARE(total->point1->value(), 80.0);
        QCOMPARE(total->point2->value(), 80.0);
        QVERIFY(total->point1->key() != total->point2->key());
        QVERIFY(!graph.totalLine(QStringLiteral("rss"))); // no total given, no line
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
        QVERIFY(graph.predictionText(QStringLiteral("cuda:0")).contains(QStringLiteral("18.0 GiB")));
        const int items = graph.plot()->itemCount();
        graph.setPrediction(QStringLiteral("cuda:0"), 20 * kGiB); // replaces, does not stack
        QCOMPARE(graph.plot()->itemCount(), items);
        QCOMPARE(graph.predictionLine(QStringLiteral("cuda:0"))->point1->value(), 20.0);
        graph.setPrediction(QStringLiteral("cuda:0"), 0);
        QVERIFY(!graph.predictionLine(QStringLiteral("cuda:0")));
        graph.setPrediction(QStringLiteral("nope"), kGiB);
        QVERIFY(!graph.predictionLine(QStringLiteral("nope")));
    }

    void markersAreLabelledVerticalLines()
    {
        VramGraph graph;
        graph.setSeries(twoSeries());
        graph.addMarker(3.0, QStringLiteral("Text encoding"));
        graph.addMarker(7.5, QStringLiteral("Denoising"));
        QCOMPARE(graph.markerCount(), 2);
        QCOMPARE(graph.markerLabel(1), QStringLiteral("Denoising"));
        QCPItemStraightLine* line = graph.markerLine(1);
        QCOMPARE(line->point1->key(), 7.5);
        QCOMPARE(line->point2->key(), 7.5);
        QVERIFY(line->point1->value() != line->point2->value());
        graph.clearData();
        QCOMPARE(graph.markerCount(), 0);
    }

    void readoutShowsValuesAtTheCursor()
    {
        VramGraph graph;
        graph.setSeries(twoSeries());
        graph.appendSamples({{1.0, {2 * kGiB, kGiB}}, {2.0, {4 * kGiB, kGiB}}});
        const QString text = graph.readoutAt(1.5);
        QVERIFY2(text.contains(QStringLiteral("GPU 0: 2.00 of 80.0 GiB")), qPrintable(text));
        QVERIFY2(text.contains(QStringLiteral("Process RSS: 1.00 GiB")), qPrintable(text));
        QVERIFY(graph.readoutAt(2.5).contains(QStringLiteral("4.00")));
        QVERIFY(!graph.readoutAt(0.5).contains(QStringLiteral("GPU 0")));
    }

    void timeAxisScrolls()
    {
        VramGraph graph;
        graph.setSeries(twoSeries());
        graph.setTimeWindowSeconds(10);
        graph.appendSamples({{5.0, {kGiB, kGiB}}});
        QCOMPARE(graph.plot()->xAxis->range().lower, 0.0);
        QCOMPARE(graph.plot()->xAxis->range().upper, 10.0);
        graph.appendSamples({{25.0, {kGiB, kGiB}}});
        QCOMPARE(graph.plot()->xAxis->range().lower, 15.0);
        QCOMPARE(graph.plot()->xAxis->range().upper, 25.0);
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

QTEST_MAIN(tst_VramGraph)
#include "tst_VramGraph.moc"
