#pragma once
// The stage bands of a VramGraph: each marker starts a translucent band that lasts until the next
// marker (or the newest sample), with its label at the top. Labels that would overlap (stages that
// started at the same instant, or bands narrower than their label at this zoom) are stacked in
// rows instead of printed over each other; when all rows are taken at that spot, a label goes
// after the row that ends first. When a run ends its last band closes there; a label with no free
// row is hidden (the hover read-out still names the stage) rather than piled up beside the
// others. GUI thread only.
#include <QString>
#include <QVector>

class QCustomPlot;
class QCPItemRect;
class QCPItemStraightLine;
class QCPItemText;

class VramGraphStages {
public:
    static constexpr int kMaxRows = 4;

    explicit VramGraphStages(QCustomPlot* plot) : m_plot(plot) {}

    void add(double seconds, const QString& label); // opens a band (and reopens a closed run)
    void closeAt(double seconds);                   // the run ended: the last band stops here
    void setLabel(int index, const QString& label); // same stage, other words (retranslation)
    void clear();
    // Band ends follow `latestSeconds`; label rows follow the current zoom. Call before a replot.
    void layout(double latestSeconds);

    int count() const { return m_stages.size(); }
    // The height the label rows take at the top of the plot, in pixels (after layout()).
    int labelsHeight() const;
    double seconds(int index) const { return m_stages.at(index).seconds; }
    QString label(int index) const { return m_stages.at(index).label; }
    double endSeconds(int index) const;
    int row(int index) const { return m_stages.at(index).row; }
    QCPItemRect* band(int index) const { return m_stages.at(index).band; }
    QCPItemText* text(int index) const { return m_stages.at(index).text; }
    QCPItemStraightLine* line(int index) const { return m_stages.at(index).line; }
    // The stage holding `seconds` (the last one started at or before it); empty: none.
    QString labelAt(double seconds) const;

private:
    struct Stage {
        double seconds = 0;
        QString label;
        int row = 0;
        QCPItemRect* band = nullptr;
        QCPItemText* text = nullptr;
        QCPItemStraightLine* line = nullptr;
    };

    QCustomPlot* m_plot;
    QVector<Stage> m_stages;
    double m_latestSeconds = 0;
    double m_closedAt = -1; // where the last band ends; < 0: open (it follows the newest sample)
};
