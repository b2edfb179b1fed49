#include "widgets/VramGraph.h"

#include "widgets/QCustomPlotInclude.h"
#include "widgets/VramGraphLevels.h"
#include "widgets/VramGraphStages.h"
#include "widgets/VramGraphTrace.h"

#include <QEvent>
#include <QLocale>
#include <QMenu>
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
constexpr double kHeadroom = 1.15;       // above the highest line or prediction
constexpr double kMinimumTopGiB = 1.0 / 64; // 16 MiB: an idle process still gets a readable axis
constexpr double kMinimumSpanSeconds = 10;

using VramGraphTrace::bytesText;
} // namespace

VramGraph::VramGraph(QWidget* parent) : QWidget(parent), m_plot(new QCustomPlot(this))
{
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(m_plot);
    setMinimumHeight(160);
    m_stages = new VramGraphStages(m_plot);
    m_levels = new VramGraphLevels(m_plot);

    // The legend sits under the plot, never over the lines or the stage labels.
    m_plot->legend->setVisible(true);
    m_plot->legend->setFillOrder(QCPLayoutGrid::foColumnsFirst);
    m_plot->legend->setWrap(3);
    m_plot->legend->setBorderPen(Qt::NoPen);
    m_plot->plotLayout()->addElement(1, 0, m_plot->legend);
    m_plot->plotLayout()->setRowStretchFactor(1, 0.001);
    m_plot->xAxis->setRange(0, kMinimumSpanSeconds);
    m_plot->yAxis->setRange(0, 1);
    m_plot->setNoAntialiasingOnDrag(true);
    m_plot->setInteractions(QCP::iRangeDrag | QCP::iRangeZoom);
    m_plot->axisRect()->setRangeDrag(Qt::Horizontal);
    m_plot->axisRect()->setRangeZoom(Qt::Horizontal);
    m_plot->setContextMenuPolicy(Qt::CustomContextMenu);

    m_message = new QCPItemText(m_plot);
    m_message->position->setType(QCPItemPosition::ptAxisRectRatio);
    m_message->position->setCoords(0.5, 0.5);
    m_message->setPositionAlignment(Qt::AlignCenter);
    m_message->setColor(QColor(0x80, 0x80, 0x80));
    m_message->setClipToAxisRect(true);

    // Label rows depend on pixels: laid out again once every replot has sized the axes (zoom, resize).
    connect(m_plot, &QCustomPlot::afterLayout, this, [this] { m_stages->layout(m_latestSeconds); });
    connect(m_plot, &QCustomPlot::mouseMove, this, &VramGraph::onMouseMove);
    connect(m_plot, &QCustomPlot::mouseWheel, this, &VramGraph::onUserMovedView);
    connect(m_plot, &QCustomPlot::mousePress, this, &VramGraph::onUserMovedView);
    connect(m_plot, &QCustomPlot::mouseDoubleClick, this, &VramGraph::followLive);
    connect(m_plot, &QWidget::customContextMenuRequested, this, &VramGraph::showContextMenu);
    connect(m_plot->xAxis, qOverload<const QCPRange&>(&QCPAxis::rangeChanged), this, [this] {
        if (!m_isRescaling) // the user's zoom or pan: the values in view decide the y-axis
            rescaleValues();
    });
    connect(m_plot, &QCustomPlot::legendClick, this, [this](QCPLegend*, QCPAbstractLegendItem* item, QMouseEvent*) {
        // Clicking a legend entry hides or shows its line: RAM in GiB can dwarf a small GPU.
        if (auto* entry = qobject_cast<QCPPlottableLegendItem*>(item)) {
            entry->plottable()->setVisible(!entry->plottable()->visible());
            entry->setTextColor(entry->plottable()->visible() ? Qt::black : Qt::gray);
            rescale();
        }
    });
    retranslate();
}

VramGraph::~VramGraph()
{
    delete m_levels;
    delete m_stages;
}

void VramGraph::retranslate()
{
    m_plot->xAxis->setLabel(tr("Time (s) · wheel: zoom · drag: pan · double-click: follow the run"));
    m_plot->yAxis->setLabel(tr("Memory (GiB)"));
    m_plot->yAxis2->setLabel(tr("Other programs (GiB)"));
    rescale();
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
    m_levels->clear();
    m_graphs.clear();
    m_series = series;
    bool hasContext = false;
    for (int i = 0; i < series.size(); ++i) {
        const QColor colour = kColours[i % kColourCount];
        const bool isContext = series[i].isContext;
        hasContext = hasContext || isContext;
        QCPGraph* graph = m_plot->addGraph(m_plot->xAxis, isContext ? m_plot->yAxis2 : m_plot->yAxis);
        graph->setName(series[i].label);
        graph->setPen(isContext ? QPen(colour.lighter(115), 1.2, Qt::DashLine) : QPen(colour, 2));
        m_graphs.push_back(graph);
        if (series[i].totalBytes > 0)
            m_levels->addTotal(series[i].id, series[i].totalBytes / kBytesPerGiB, colour);
    }
    m_plot->yAxis2->setVisible(hasContext);
    m_plot->yAxis2->setTickLabelColor(QColor(0x70, 0x70, 0x70));
    m_plot->yAxis2->setLabelColor(QColor(0x70, 0x70, 0x70));
    clearData();
}

void VramGraph::setSeriesLabel(const QString& seriesId, const QString& label, const QString& totalLabel)
{
    const int index = seriesIndex(seriesId);
    if (index < 0)
        return;
    m_series[index].label = label;
    m_series[index].totalLabel = totalLabel;
    m_graphs[index]->setName(label);
    rescale();
}

void VramGraph::clearData()
{
    for (auto* graph : m_graphs)
        graph->data()->clear();
    m_stages->clear();
    m_firstSeconds = -1;
    m_latestSeconds = 0;
    m_viewStartSeconds = -1;
    m_isFollowing = true;
    rescale();
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
        if (m_firstSeconds < 0)
            m_firstSeconds = sample.seconds;
        m_latestSeconds = std::max(m_latestSeconds, sample.seconds);
    }
    if (!samples.isEmpty())
        rescale();
}

void VramGraph::addMarker(double seconds, const QString& label)
{
    m_stages->add(seconds, label);
    m_latestSeconds = std::max(m_latestSeconds, seconds);
    rescale();
}

void VramGraph::setMarkerLabel(int index, const QString& label)
{
    if (index < 0 || index >= m_stages->count())
        return;
    m_stages->setLabel(index, label);
    rescale();
}

void VramGraph::endStages(double seconds)
{
    m_stages->closeAt(seconds);
    rescale();
}

int VramGraph::markerCount() const { return m_stages->count(); }

QString VramGraph::markerLabel(int index) const { return m_stages->label(index); }

QString VramGraph::predictionText(const QString& seriesId) const
{
    const int index = seriesIndex(seriesId);
    return index < 0 ? QString() : m_levels->predictionText(seriesId, m_series[index].label);
}

QCPItemStraightLine* VramGraph::totalLine(const QString& seriesId) const { return m_levels->totalLine(seriesId); }

QString VramGraph::totalText(const QString& seriesId) const { return m_levels->totalText(seriesId); }

bool VramGraph::isTotalInView(const QString& seriesId) const { return m_levels->isTotalInView(seriesId); }

QCPItemStraightLine* VramGraph::predictionLine(const QString& seriesId) const
{
    return m_levels->predictionLine(seriesId);
}

void VramGraph::setPrediction(const QString& seriesId, qint64 bytes, const QString& note)
{
    const int index = seriesIndex(seriesId);
    if (index < 0 || bytes <= 0) {
        m_levels->setPrediction(seriesId, 0, QColor(), nullptr, note);
    } else {
        QCPAxis* axis = m_series[index].isContext ? m_plot->yAxis2 : m_plot->yAxis;
        m_levels->setPrediction(seriesId, bytes / kBytesPerGiB, kColours[index % kColourCount], axis, note);
    }
    rescale();
}

void VramGraph::setMessage(const QString& text)
{
    m_message->setText(text);
    m_message->setVisible(!text.isEmpty());
    requestReplot();
}

void VramGraph::setViewStart(double seconds)
{
    m_viewStartSeconds = seconds;
    followLive();
}

void VramGraph::followLive()
{
    m_isFollowing = true;
    rescale();
}

void VramGraph::onUserMovedView()
{
    m_isFollowing = false; // stays where the user put it until a double-click
}

int VramGraph::seriesIndex(const QString& seriesId) const
{
    for (int i = 0; i < m_series.size(); ++i)
        if (m_series[i].id == seriesId)
            return i;
    return -1;
}

qint64 VramGraph::latestBytes(const QString& seriesId) const
{
    const QCPGraph* graph = graphFor(seriesId);
    if (!graph)
        return -1;
    for (auto it = graph->data()->constEnd(); it != graph->data()->constBegin();)
        if (!std::isnan((--it)->value))
            return std::llround(it->value * kBytesPerGiB);
    return -1;
}

QCPGraph* VramGraph::graphFor(const QString& seriesId) const
{
    const int index = seriesIndex(seriesId);
    return index < 0 ? nullptr : m_graphs[index];
}

void VramGraph::rescale()
{
    if (m_isFollowing) {
        const double start = m_viewStartSeconds >= 0 ? m_viewStartSeconds : std::max(0.0, m_firstSeconds);
        const double end = std::max(m_latestSeconds, start + kMinimumSpanSeconds);
        m_isRescaling = true;
        m_plot->xAxis->setRange(start, end);
        m_isRescaling = false;
    }
    rescaleValues();
}

void VramGraph::rescaleValues()
{
    // The lines and predictions in view decide each axis, never a device's total: 0.4 GiB of use
    // on a 24 GiB card must not lie flat on the floor.
    double top = 0;
    double contextTop = 0;
    for (int i = 0; i < m_graphs.size(); ++i) {
        if (!m_graphs[i]->visible())
            continue;
        double& axisTop = m_series[i].isContext ? contextTop : top;
        bool found = false;
        const QCPRange values = m_graphs[i]->getValueRange(found, QCP::sdBoth, m_plot->xAxis->range());
        if (found)
            axisTop = std::max(axisTop, values.upper);
        axisTop = std::max(axisTop, m_levels->predictionGib(m_series[i].id));
    }
    // The stage labels get the top of the plot to themselves: the lines stay below them.
    const double axisHeight = std::max(1, m_plot->axisRect()->height());
    const double labels = std::min(0.45, m_stages->labelsHeight() / axisHeight);
    top = std::max(top * kHeadroom, kMinimumTopGiB) / (1.0 - labels);
    m_plot->yAxis->setRange(0, top);
    m_plot->yAxis2->setRange(0, std::max(contextTop * kHeadroom, kMinimumTopGiB) / (1.0 - labels));
    m_levels->place(top, m_series, m_graphs);
    m_stages->layout(m_latestSeconds);
    requestReplot();
}

void VramGraph::requestReplot() { m_plot->replot(QCustomPlot::rpQueuedReplot); }

QString VramGraph::stageAt(double seconds) const { return m_stages->labelAt(seconds); }

QString VramGraph::readoutAt(double seconds) const
{
    QVector<const QCPGraph*> graphs(m_graphs.begin(), m_graphs.end());
    return VramGraphTrace::readout(seconds, m_series, graphs, *m_stages);
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

void VramGraph::showContextMenu(const QPoint& pos)
{
    auto* menu = new QMenu(this);
    menu->setAttribute(Qt::WA_DeleteOnClose);
    menu->addAction(tr("Follow the run"), this, &VramGraph::followLive);
    menu->addAction(tr("Save trace (CSV and PNG)…"), this, &VramGraph::saveTraceRequested);
    menu->popup(m_plot->mapToGlobal(pos));
}

QString VramGraph::toCsv() const
{
    QVector<const QCPGraph*> graphs(m_graphs.begin(), m_graphs.end());
    return VramGraphTrace::csv(m_series, graphs, *m_stages);
}

bool VramGraph::savePng(const QString& path, int width, int height)
{
    m_stages->layout(m_latestSeconds);
    return m_plot->savePng(path, width, height);
}
