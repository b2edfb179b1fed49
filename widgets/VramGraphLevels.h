#pragma once
// The horizontal levels of a VramGraph: each series' total (a device's size) as a labelled dashed
// line while it is in view, named in the legend ("↑") when it is far above, and the planner's
// predicted peak per series with the app's note. Strings are VramGraph's (one translation context
// for the graph). GUI thread only.
#include "widgets/VramGraph.h"

#include <QColor>
#include <QHash>
#include <QString>
#include <QVector>

class QCPAxis;
class QCPGraph;
class QCustomPlot;
class QCPItemStraightLine;
class QCPItemText;

class VramGraphLevels {
public:
    explicit VramGraphLevels(QCustomPlot* plot) : m_plot(plot) {}

    void clear(); // every total and prediction (the series change)
    void addTotal(const QString& seriesId, double gib, const QColor& colour);
    // gib <= 0 removes it; the label is drawn against `valueAxis` (the series' own axis).
    void setPrediction(const QString& seriesId, double gib, const QColor& colour, QCPAxis* valueAxis,
                       const QString& note);
    double predictionGib(const QString& seriesId) const; // 0: none
    // Shows the totals at or below `top` (GiB), names the others in the legend, and words the labels.
    void place(double top, const QVector<VramGraph::Series>& series, const QVector<QCPGraph*>& graphs);

    QCPItemStraightLine* totalLine(const QString& seriesId) const { return m_totalLines.value(seriesId); }
    QString totalText(const QString& seriesId) const;
    bool isTotalInView(const QString& seriesId) const;
    QCPItemStraightLine* predictionLine(const QString& seriesId) const { return m_predictionLines.value(seriesId); }
    QString predictionText(const QString& seriesId, const QString& seriesLabel) const;

private:
    QCPItemStraightLine* horizontalLine(double gib, const QColor& colour, Qt::PenStyle style);
    QCPItemText* lineText(const QColor& colour);
    void placeTotal(double top, const VramGraph::Series& series, QCPGraph* graph);

    QCustomPlot* m_plot;
    QHash<QString, QCPItemStraightLine*> m_totalLines;
    QHash<QString, QCPItemText*> m_totalTexts;
    QHash<QString, QCPItemStraightLine*> m_predictionLines;
    QHash<QString, QCPItemText*> m_predictionTexts;
    QHash<QString, QString> m_predictionNotes;
};
