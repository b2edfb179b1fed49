#pragma once
// Live memory plot: one line per series (GPU, allocator, RSS, RAM) over a scrolling time axis in
// GiB, each series' total as a dashed line, a planner prediction per series, stage markers as
// labelled vertical lines and a hover read-out. Takes plain values; knows nothing of the app.
// GUI thread only. Replots are queued (rpQueuedReplot), so many appends cost one repaint.
#include <QHash>
#include <QString>
#include <QVector>
#include <QWidget>

class QCustomPlot;
class QCPGraph;
class QCPItemStraightLine;
class QCPItemText;
class QMouseEvent;

class VramGraph : public QWidget {
    Q_OBJECT

public:
    struct Series {
        QString id;             // "cuda:0", "rss"
        QString label;          // shown in the legend
        qint64 totalBytes = 0;  // 0: no total line
    };
    struct Sample {
        double seconds = 0;
        QVector<qint64> usedBytes; // one per series, negative: not read this time (a gap)
    };
    static constexpr double kBytesPerGiB = 1024.0 * 1024.0 * 1024.0;

    explicit VramGraph(QWidget* parent = nullptr);

    void setSeries(const QVector<Series>& series); // drops data, markers and predictions
    QVector<Series> series() const { return m_series; }
    void setSeriesLabel(const QString& seriesId, const QString& label); // keeps data (retranslation)
    void appendSamples(const QVector<Sample>& samples);
    void addMarker(double seconds, const QString& label);
    void setPrediction(const QString& seriesId, qint64 bytes); // bytes <= 0 removes it
    void clearData();                                          // keeps series
    void setTimeWindowSeconds(double seconds);
    double timeWindowSeconds() const { return m_windowSeconds; }
    void setMessage(const QString& text); // e.g. what cannot be measured here; empty hides it

    // Read-out shown on hover: time plus every visible series' value at or before `seconds`.
    QString readoutAt(double seconds) const;

    // For tests and the app's adapters.
    QCustomPlot* plot() const { return m_plot; }
    QCPGraph* graphFor(const QString& seriesId) const;
    QCPItemStraightLine* totalLine(const QString& seriesId) const { return m_totalLines.value(seriesId); }
    QCPItemStraightLine* predictionLine(const QString& seriesId) const { return m_predictionLines.value(seriesId); }
    QString predictionText(const QString& seriesId) const;
    int markerCount() const { return m_markers.size(); }
    QCPItemStraightLine* markerLine(int index) const { return m_markers.at(index).line; }
    QString markerLabel(int index) const;

protected:
    void changeEvent(QEvent* event) override;

private:
    struct Marker {
        QCPItemStraightLine* line = nullptr;
        QCPItemText* text = nullptr;
    };
    void retranslate();
    void rescale();
    void requestReplot();
    void onMouseMove(QMouseEvent* event);
    QCPItemStraightLine* horizontalLine(double gib, const QColor& color, Qt::PenStyle style);
    int seriesIndex(const QString& seriesId) const;

    QCustomPlot* m_plot = nullptr;
    QCPItemText* m_message = nullptr;
    QVector<Series> m_series;
    QVector<QCPGraph*> m_graphs;
    QHash<QString, QCPItemStraightLine*> m_totalLines;
    QHash<QString, QCPItemStraightLine*> m_predictionLines;
    QHash<QString, QCPItemText*> m_predictionTexts;
    QVector<Marker> m_markers;
    double m_windowSeconds = 60.0;
    double m_latestSeconds = 0.0;
    double m_retentionSeconds = 3600.0;
};
