#include "widgets/VramGraph.h"

#include "widgets/QCustomPlotInclude.h"

#include <QEvent>
#include <QToolTip>
#include <QVBoxLayout>

#include <cmath>
#include <limits>

namespace {
// Distinct on light and dark backgrounds; GPUs come first and get the strongest colours.
const QColor kColours[] = {QColor(0x1f, 0x77, 0xb4), QColor(0xd6, 0x27, 0x28), QColor(0x2c, 0xa0, 0x2c),
                           QColor(0x94, 0x67, 0xbd), QColor(0xff, 0x7f, 0x0e), QColor(0x17, 0xbe, 0xcf),
                           QColor(0x8c, 0x56, 0x4b), QColor(0xe3, 0x77, 0xc2), QColor(0x7f, 0x7f, 0x7f),
                           QColor(0xbc, 0xbd, 0x22)};
constexpr int kColourCount = int(sizeof kColours / sizeof kColours[0]);
} // namespace

VramGraph::VramGraph(QWidget* parent) : QWidget(parent), m_plot(new QCustomPlot(this))
{
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(m_plot);
    setMinimumHeight(160);

    m_plot->legend->setVisible(true);
    m_plot->legend->setBrush(QColor(255, 255, 255, 210));
    m_plot->axisRect()->insetLayout()->setInsetAlignment(0, Qt::AlignTop | Qt::AlignLeft);
    m_plot->xAxis->setRange(0, m_windowSeconds);
    m_plot->yAxis->setRange(0, 1);
    m_plot->setNoAntialiasingOnDrag(true);

    m_message = new QCPItemText(m_plot);
    m_message->position->setType(QCPItemPosition::ptAxisRectRatio);
    m_message->position->setCoords(0.5, 0.5); // the middle stays empty while lines hug 0 and the totals
    m_message->setPositionAlignment(Qt::AlignCenter);
    m_message->setColor(QColor(0x80, 0x80, 0x80));
    m_message->setClipToAxisRect(true);

    connect(m_plot, &QCustomPlot::mouseMove, this, &VramGraph::onMouseMove);
    connect(m_plot, &QCustomPlot::legendClick, this, [this](QCPLegend*, QCPAbstractLegendItem* item, QMouseEvent*) {
        // Clicking a legend entry hides or shows its line: RAM in GiB can dwarf a small GPU.
        if (auto* entry = qobject_cast<QCPPlottableLegendItem*>(item)) {
            entry->plottable()->setVisible(!entry->plottable()->visible());
            entry->setTextColor(entry->plottable()->visible() ? Qt::black : Qt::gray);
            rescale();
            requestReplot();
        }
    });
    retranslate();
}

void VramGraph::retranslate()
{
    m_plot->xAxis->setLabel(tr("Time (s)"));
    m_plot->yAxis->setLabel(tr("Memory (GiB)"));
    for (auto it = m_predictionTexts.cbegin(); it != m_predictionTexts.cend(); ++it)
        it.value()->setText(predictionText(it.key()));
    requestReplot();
}

void VramGraph::changeEvent(QEvent* event)
{
    if (event->type() == QEvent::LanguageChange)
        retranslate();
    QWidget::changeEvent(event);
}

void VramGraph::setSeries(const QVector<Series>& series)
{
    m_plot->clearGraphs();
    for (auto* line : m_totalLines)
        m_plot->removeItem(line);
    for (auto* line : m_predictionLines)
        m_plot->removeItem(line);
    for (auto* text : m_predictionTexts)
        m_plot->removeItem(text);
    m_totalLines.clear();
    m_predictionLines.clear();
    m_predictionTexts.clear();
    m_graphs.clear();
    m_series = series;
    for (int i = 0; i < series.size(); ++i) {
        const QColor colour = kColours[i % kColourCount];
        QCPGraph* graph = m_plot->addGraph();
        graph->setName(series[i].label);
        graph->setPen(QPen(colour, 2));
        m_graphs.push_back(graph);
        if (series[i].totalBytes > 0) {
            QCPItemStraightLine* total = horizontalLine(series[i].totalBytes / kBytesPerGiB, colour, Qt::DashLine);
            total->setObjectName(series[i].id);
            m_totalLines.insert(series[i].id, total);
        }
    }
    clearData();
}

void VramGraph::setSeriesLabel(const QString& seriesId, const QString& label)
{
    const int index = seriesIndex(seriesId);
    if (index < 0)
        return;
    m_series[index].label = label;
    m_graphs[index]->setName(label);
    if (auto* text = m_predictionTexts.value(seriesId))
        text->setText(predictionText(seriesId));
    requestReplot();
}

QCPItemStraightLine* VramGraph::horizontalLine(double gib, const QColor& colour, Qt::PenStyle style)
{
    auto* line = new QCPItemStraightLine(m_plot);
    QColor faded = colour;
    faded.setAlpha(170);
    line->setPen(QPen(faded, 1.5, style));
    line->point1->setCoords(0, gib);
    line->point2->setCoords(1, gib);
    return line;
}

void VramGraph::clearData()
{
    for (auto* graph : m_graphs)
        graph->data()->clear();
    for (const Marker& marker : m_markers) {
        m_plot->removeItem(marker.text);
        m_plot->removeItem(marker.line);
    }
    m_markers.clear();
    m_latestSeconds = 0;
    rescale();
    requestReplot();
}

void VramGraph::appendSamples(const QVector<Sample>& samples)
{
    for (const Sample& sample : samples) {
        const int n = std::min<int>(sample.usedBytes.size(), m_graphs.size());
        for (int i = 0; i < n; ++i) {
            const qint64 bytes = sample.usedBytes[i];
            // NaN leaves a gap rather than drawing a fake drop to zero.
            m_graphs[i]->addData(sample.seconds, bytes < 0 ? std::numeric_limits<double>::quiet_NaN()
                                                           : bytes / kBytesPerGiB);
        }
        m_latestSeconds = std::max(m_latestSeconds, sample.seconds);
    }
    if (samples.isEmpty())
        return;
    for (auto* graph : m_graphs)
        graph->data()->removeBefore(m_latestSeconds - m_retentionSeconds);
    rescale();
    requestReplot();
}

void VramGraph::addMarker(double seconds, const QString& label)
{
    Marker marker;
    marker.line = new QCPItemStraightLine(m_plot);
    marker.line->setPen(QPen(QColor(0x55, 0x55, 0x55), 1, Qt::DotLine));
    marker.line->point1->setCoords(seconds, 0);
    marker.line->point2->setCoords(seconds, 1);
    marker.text = new QCPItemText(m_plot);
    marker.text->position->setTypeX(QCPItemPosition::ptPlotCoords);
    marker.text->position->setTypeY(QCPItemPosition::ptAxisRectRatio);
    marker.text->position->setCoords(seconds, 0.98);
    marker.text->setPositionAlignment(Qt::AlignBottom | Qt::AlignLeft);
    marker.text->setRotation(-90);
    marker.text->setPadding(QMargins(2, 0, 2, 2));
    marker.text->setColor(QColor(0x33, 0x33, 0x33));
    marker.text->setText(label);
    marker.text->setClipToAxisRect(true);
    m_markers.push_back(marker);
    m_latestSeconds = std::max(m_latestSeconds, seconds);
    rescale();
    requestReplot();
}

QString VramGraph::predictionText(const QString& seriesId) const
{
    const auto* line = m_predictionLines.value(seriesId);
    const int index = seriesIndex(seriesId);
    if (!line || index < 0)
        return {};
    return tr("%1 predicted peak %2 GiB").arg(m_series[index].label).arg(line->point1->value(), 0, 'f', 1);
}

QString VramGraph::markerLabel(int index) const { return m_markers.at(index).text->text(); }

void VramGraph::setPrediction(const QString& seriesId, qint64 bytes)
{
    if (auto* old = m_predictionLines.take(seriesId))
        m_plot->removeItem(old);
    if (auto* old = m_predictionTexts.take(seriesId))
        m_plot->removeItem(old);
    const int index = seriesIndex(seriesId);
    if (index >= 0 && bytes > 0) {
        const double gib = bytes / kBytesPerGiB;
        const QColor colour = kColours[index % kColourCount];
        m_predictionLines.insert(seriesId, horizontalLine(gib, colour, Qt::DashDotLine));
        auto* text = new QCPItemText(m_plot);
        text->position->setTypeX(QCPItemPosition::ptAxisRectRatio);
        text->position->setTypeY(QCPItemPosition::ptPlotCoords);
        text->position->setCoords(0.99, gib);
        text->setPositionAlignment(Qt::AlignBottom | Qt::AlignRight);
        text->setColor(colour);
        text->setClipToAxisRect(true);
        m_predictionTexts.insert(seriesId, text);
        text->setText(predictionText(seriesId));
    }
    rescale();
    requestReplot();
}

void VramGraph::setTimeWindowSeconds(double seconds)
{
    m_windowSeconds = std::max(1.0, seconds);
    rescale();
    requestReplot();
}

void VramGraph::setMessage(const QString& text)
{
    m_message->setText(text);
    m_message->setVisible(!text.isEmpty());
    requestReplot();
}

int VramGraph::seriesIndex(const QString& seriesId) const
{
    for (int i = 0; i < m_series.size(); ++i)
        if (m_series[i].id == seriesId)
            return i;
    return -1;
}

QCPGraph* VramGraph::graphFor(const QString& seriesId) const
{
    const int index = seriesIndex(seriesId);
    return index < 0 ? nullptr : m_graphs[index];
}

void VramGraph::rescale()
{
    const double end = std::max(m_windowSeconds, m_latestSeconds);
    m_plot->xAxis->setRange(end - m_windowSeconds, end);
    double top = 0;
    for (int i = 0; i < m_graphs.size(); ++i) {
        if (!m_graphs[i]->visible())
            continue;
        bool found = false;
        const QCPRange values = m_graphs[i]->getValueRange(found);
        if (found)
            top = std::max(top, values.upper);
        if (auto* total = m_totalLines.value(m_series[i].id))
            top = std::max(top, total->point1->value());
        if (auto* prediction = m_predictionLines.value(m_series[i].id))
            top = std::max(top, prediction->point1->value());
    }
    m_plot->yAxis->setRange(0, top > 0 ? top * 1.08 : 1.0);
}

void VramGraph::requestReplot() { m_plot->replot(QCustomPlot::rpQueuedReplot); }

QString VramGraph::readoutAt(double seconds) const
{
    QStringList lines{tr("t = %1 s").arg(seconds, 0, 'f', 1)};
    for (int i = 0; i < m_graphs.size(); ++i) {
        const QCPGraph* graph = m_graphs[i];
        if (!graph->visible() || graph->data()->isEmpty())
            continue;
        auto it = graph->data()->findBegin(seconds, true); // the point at or just before `seconds`
        if (it == graph->data()->constEnd() || it->key > seconds || std::isnan(it->value))
            continue;
        QString line = tr("%1: %2 GiB").arg(m_series[i].label).arg(it->value, 0, 'f', 2);
        if (m_series[i].totalBytes > 0)
            line = tr("%1: %2 of %3 GiB").arg(m_series[i].label).arg(it->value, 0, 'f', 2).arg(
                m_series[i].totalBytes / kBytesPerGiB, 0, 'f', 1);
        lines << line;
    }
    return lines.join(QLatin1Char('\n'));
}

void VramGraph::onMouseMove(QMouseEvent* event)
{
    if (!m_plot->axisRect()->rect().contains(event->pos())) {
        QToolTip::hideText();
        return;
    }
    const double seconds = m_plot->xAxis->pixelToCoord(event->pos().x());
    QToolTip::showText(event->globalPosition().toPoint(), readoutAt(seconds), m_plot);
}
