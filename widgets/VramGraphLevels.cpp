#include "widgets/VramGraphLevels.h"

#include "widgets/QCustomPlotInclude.h"
#include "widgets/VramGraphTrace.h"

using VramGraphTrace::bytesText;

void VramGraphLevels::clear()
{
    const auto removeAll = [this](auto& items) {
        for (auto* item : items)
            m_plot->removeItem(item);
        items.clear();
    };
    removeAll(m_totalLines);
    removeAll(m_totalTexts);
    removeAll(m_predictionLines);
    removeAll(m_predictionTexts);
}

void VramGraphLevels::addTotal(const QString& seriesId, double gib, const QColor& colour)
{
    m_totalLines.insert(seriesId, horizontalLine(gib, colour, Qt::DashLine));
    m_totalTexts.insert(seriesId, lineText(colour));
}

void VramGraphLevels::setPrediction(const QString& seriesId, double gib, const QColor& colour, QCPAxis* valueAxis,
                                    const QString& note)
{
    m_predictionNotes.insert(seriesId, note);
    if (auto* old = m_predictionLines.take(seriesId))
        m_plot->removeItem(old);
    if (auto* old = m_predictionTexts.take(seriesId))
        m_plot->removeItem(old);
    if (gib <= 0)
        return;
    m_predictionLines.insert(seriesId, horizontalLine(gib, colour, Qt::DashDotLine));
    QCPItemText* text = lineText(colour);
    text->position->setAxes(m_plot->xAxis, valueAxis);
    text->position->setCoords(0.01, gib);
    text->setPositionAlignment(Qt::AlignBottom | Qt::AlignLeft);
    m_predictionTexts.insert(seriesId, text);
}

double VramGraphLevels::predictionGib(const QString& seriesId) const
{
    const auto* line = m_predictionLines.value(seriesId);
    return line ? line->point1->value() : 0.0;
}

void VramGraphLevels::place(double top, const QVector<VramGraph::Series>& series, const QVector<QCPGraph*>& graphs)
{
    for (int i = 0; i < series.size() && i < graphs.size(); ++i) {
        placeTotal(top, series[i], graphs[i]);
        if (auto* text = m_predictionTexts.value(series[i].id))
            text->setText(predictionText(series[i].id, series[i].label));
    }
}

void VramGraphLevels::placeTotal(double top, const VramGraph::Series& series, QCPGraph* graph)
{
    auto* line = m_totalLines.value(series.id);
    auto* text = m_totalTexts.value(series.id);
    if (!line || !text)
        return;
    const double total = line->point1->value();
    const bool inView = total <= top && !series.isContext;
    const QString name = series.totalLabel.isEmpty() ? series.label : series.totalLabel;
    line->setVisible(inView && graph->visible());
    text->setVisible(inView && graph->visible());
    // A total far above is named in the legend: no label over the stage bands or the lines.
    text->setText(inView ? VramGraph::tr("%1: %2").arg(name, bytesText(total))
                         : VramGraph::tr("↑ %1: %2").arg(name, bytesText(total)));
    const QString above = series.totalLabel.isEmpty() ? VramGraph::tr("↑ %1").arg(bytesText(total)) : text->text();
    graph->setName(inView ? series.label : VramGraph::tr("%1 (%2)").arg(series.label, above));
    text->position->setCoords(0.99, total);
    text->setPositionAlignment(Qt::AlignBottom | Qt::AlignRight);
}

QString VramGraphLevels::totalText(const QString& seriesId) const
{
    const auto* text = m_totalTexts.value(seriesId);
    return text ? text->text() : QString();
}

bool VramGraphLevels::isTotalInView(const QString& seriesId) const
{
    const auto* line = m_totalLines.value(seriesId);
    return line && line->visible();
}

QString VramGraphLevels::predictionText(const QString& seriesId, const QString& seriesLabel) const
{
    const auto* line = m_predictionLines.value(seriesId);
    if (!line)
        return {};
    const QString text = VramGraph::tr("%1: predicted peak %2").arg(seriesLabel, bytesText(line->point1->value()));
    const QString note = m_predictionNotes.value(seriesId);
    return note.isEmpty() ? text : VramGraph::tr("%1 (%2)").arg(text, note);
}

QCPItemStraightLine* VramGraphLevels::horizontalLine(double gib, const QColor& colour, Qt::PenStyle style)
{
    auto* line = new QCPItemStraightLine(m_plot);
    QColor faded = colour;
    faded.setAlpha(170);
    line->setPen(QPen(faded, 1.5, style));
    line->point1->setCoords(0, gib);
    line->point2->setCoords(1, gib);
    return line;
}

QCPItemText* VramGraphLevels::lineText(const QColor& colour)
{
    auto* text = new QCPItemText(m_plot);
    text->position->setTypeX(QCPItemPosition::ptAxisRectRatio);
    text->position->setTypeY(QCPItemPosition::ptPlotCoords);
    text->setColor(colour.darker(120));
    text->setBrush(QColor(255, 255, 255, 190));
    text->setPadding(QMargins(2, 0, 2, 0));
    text->setClipToAxisRect(true);
    return text;
}
