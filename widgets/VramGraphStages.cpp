#include "widgets/VramGraphStages.h"

#include "widgets/QCustomPlotInclude.h"

#include <QFontMetrics>

#include <algorithm>

namespace {
// Soft fills that stay readable under the lines, on light and dark themes alike.
const QColor kBandColours[] = {QColor(0x4e, 0x79, 0xa7), QColor(0xf2, 0x8e, 0x2b), QColor(0x59, 0xa1, 0x4f),
                               QColor(0xb0, 0x7a, 0xa1), QColor(0x76, 0xb7, 0xb2), QColor(0xed, 0xc9, 0x48)};
constexpr int kBandColourCount = int(sizeof kBandColours / sizeof kBandColours[0]);
constexpr int kBandAlpha = 30;
constexpr int kLabelGapPixels = 6;

// The same stage gets the same colour in every run.
QColor colourFor(const QString& label)
{
    return kBandColours[qHash(label) % kBandColourCount];
}
} // namespace

void VramGraphStages::add(double seconds, const QString& label)
{
    Stage stage;
    stage.seconds = seconds;
    stage.label = label;
    QColor fill = colourFor(label);
    fill.setAlpha(kBandAlpha);
    stage.band = new QCPItemRect(m_plot);
    stage.band->setLayer(QStringLiteral("background"));
    stage.band->setPen(Qt::NoPen);
    stage.band->setBrush(fill);
    for (QCPItemPosition* corner : {stage.band->topLeft, stage.band->bottomRight}) {
        corner->setTypeX(QCPItemPosition::ptPlotCoords);
        corner->setTypeY(QCPItemPosition::ptAxisRectRatio);
    }
    stage.line = new QCPItemStraightLine(m_plot);
    stage.line->setPen(QPen(colourFor(label).darker(130), 1, Qt::DotLine));
    stage.line->point1->setCoords(seconds, 0);
    stage.line->point2->setCoords(seconds, 1);
    stage.text = new QCPItemText(m_plot);
    stage.text->position->setTypeX(QCPItemPosition::ptPlotCoords);
    stage.text->position->setTypeY(QCPItemPosition::ptAxisRectRatio);
    stage.text->setPositionAlignment(Qt::AlignTop | Qt::AlignLeft);
    stage.text->setPadding(QMargins(3, 1, 3, 1));
    stage.text->setColor(colourFor(label).darker(170));
    stage.text->setBrush(QColor(255, 255, 255, 200));
    stage.text->setText(label);
    stage.text->setClipToAxisRect(true);
    m_stages.push_back(stage);
    if (seconds >= m_closedAt)
        m_closedAt = -1; // a new run
    std::stable_sort(m_stages.begin(), m_stages.end(), [](const Stage& a, const Stage& b) { return a.seconds < b.seconds; });
}

void VramGraphStages::closeAt(double seconds)
{
    if (!m_stages.isEmpty() && seconds >= m_stages.constLast().seconds)
        m_closedAt = seconds;
}

void VramGraphStages::setLabel(int index, const QString& label)
{
    m_stages[index].label = label;
    m_stages[index].text->setText(label);
}

void VramGraphStages::clear()
{
    for (const Stage& stage : std::as_const(m_stages)) {
        m_plot->removeItem(stage.band);
        m_plot->removeItem(stage.line);
        m_plot->removeItem(stage.text);
    }
    m_stages.clear();
    m_closedAt = -1;
}

double VramGraphStages::endSeconds(int index) const
{
    if (index + 1 < m_stages.size())
        return m_stages.at(index + 1).seconds;
    return m_closedAt >= 0 ? m_closedAt : std::max(m_latestSeconds, m_stages.at(index).seconds);
}

int VramGraphStages::labelsHeight() const
{
    int rows = 0;
    for (const Stage& stage : m_stages)
        rows = std::max(rows, stage.row + 1);
    return rows == 0 ? 0 : 4 + rows * (QFontMetrics(m_plot->font()).height() + 4);
}

QString VramGraphStages::labelAt(double seconds) const
{
    QString label;
    for (const Stage& stage : m_stages)
        if (stage.seconds <= seconds)
            label = stage.label; // stages are sorted: the last one started wins
    return m_closedAt >= 0 && seconds > m_closedAt ? QString() : label; // after the run: no stage
}

void VramGraphStages::layout(double latestSeconds)
{
    m_latestSeconds = latestSeconds;
    const QCPAxis* x = m_plot->xAxis;
    const QFontMetrics metrics(m_plot->font());
    const int rowHeight = metrics.height() + 4;
    const double axisHeight = std::max(1, m_plot->axisRect()->height());
    QVector<double> rowEnds(kMaxRows, -1e9); // the right edge in pixels of the last label per row
    for (int i = 0; i < m_stages.size(); ++i) {
        Stage& stage = m_stages[i];
        stage.band->topLeft->setCoords(stage.seconds, 0);
        stage.band->bottomRight->setCoords(endSeconds(i), 1);
        const double left = x->coordToPixel(stage.seconds);
        const double width = metrics.horizontalAdvance(stage.label) + 6;
        int row = 0;
        while (row < kMaxRows && left < rowEnds[row] + kLabelGapPixels)
            ++row;
        // Every row taken here (a fast run's stages all start within a few pixels): the label
        // hides rather than piling up far from its line; the band and the read-out remain.
        const bool hasRoom = row < kMaxRows;
        stage.text->setVisible(hasRoom);
        stage.row = hasRoom ? row : 0;
        if (!hasRoom)
            continue;
        rowEnds[row] = left + width;
        stage.text->position->setCoords(x->pixelToCoord(left), (2.0 + row * rowHeight) / axisHeight);
    }
}
