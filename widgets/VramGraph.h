#pragma once
// Live memory plot over a whole run: one line per series (GPU, process), the planner's predicted
// peak per series, and the run's stages as labelled bands. The left y-axis follows the data and
// the predictions; context series (other programs' use) have their own right-hand axis, so they
// never flatten the lines that matter. A device's total is a labelled line when it is in view and
// is named in the legend ("↑") when it is far above. The time axis follows the newest sample from the run's
// start until the user zooms (wheel) or pans (drag); a double-click follows again. Hovering reads
// out time, stage and every series. The trace can be saved as CSV and PNG. Takes plain values and
// knows nothing of the app. GUI thread only; replots are queued (rpQueuedReplot).
#include <QString>
#include <QVector>
#include <QWidget>

class QCustomPlot;
class QCPGraph;
class QCPItemStraightLine;
class QCPItemText;
class QMouseEvent;
class VramGraphLevels;
class VramGraphStages;

class VramGraph : public QWidget {
    Q_OBJECT

public:
    struct Series {
        QString id;             // "cuda:0", "rss", "other"
        QString label;          // shown in the legend
        qint64 totalBytes = 0;  // 0: no total line
        QString totalLabel;     // names the total ("System RAM"); empty: the series' label
        bool isContext = false; // drawn thin against the right-hand axis (e.g. other programs)
    };
    struct Sample {
        double seconds = 0;
        QVector<qint64> usedBytes; // one per series, negative: not read this time (a gap)
    };
    static constexpr double kBytesPerGiB = 1024.0 * 1024.0 * 1024.0;

    explicit VramGraph(QWidget* parent = nullptr);
    ~VramGraph() override;

    void setSeries(const QVector<Series>& series); // drops data, markers and predictions
    QVector<Series> series() const { return m_series; }
    // Keeps data (retranslation); totalLabel names the series' total line (empty: the label).
    void setSeriesLabel(const QString& seriesId, const QString& label, const QString& totalLabel = QString());
    void appendSamples(const QVector<Sample>& samples);
    // A stage starting at `seconds`; it lasts until the next marker (or the newest sample).
    void addMarker(double seconds, const QString& label);
    void setMarkerLabel(int index, const QString& label); // markers in time order; retranslation
    void endStages(double seconds); // the run ended: its last band closes at `seconds`
    // bytes <= 0 removes it. `note` (the app's words, e.g. what the plan adds to what is in use)
    // follows the figure in the line's label.
    void setPrediction(const QString& seriesId, qint64 bytes, const QString& note = QString());
    void clearData();                                          // keeps series
    void setMessage(const QString& text); // e.g. what cannot be measured here; empty hides it

    // Where the followed view begins (the start of the current run); data before it stays.
    void setViewStart(double seconds);
    void followLive(); // back to following the newest sample from the view start
    bool isFollowing() const { return m_isFollowing; }
    double latestSeconds() const { return m_latestSeconds; }
    qint64 latestBytes(const QString& seriesId) const; // the newest reading; -1: none

    // Read-out shown on hover: time, stage, and every visible series at or before `seconds`.
    QString readoutAt(double seconds) const;
    QString stageAt(double seconds) const; // the stage whose band holds `seconds`; empty: none
    // Every sample: seconds, stage, then one column of bytes per series (empty cell: unread).
    QString toCsv() const;
    bool savePng(const QString& path, int width = 1200, int height = 500);

    // For tests and the app's adapters.
    QCustomPlot* plot() const { return m_plot; }
    QCPGraph* graphFor(const QString& seriesId) const;
    QCPItemStraightLine* totalLine(const QString& seriesId) const;
    QString totalText(const QString& seriesId) const;
    bool isTotalInView(const QString& seriesId) const;
    QCPItemStraightLine* predictionLine(const QString& seriesId) const;
    QString predictionText(const QString& seriesId) const;
    VramGraphStages* stages() const { return m_stages; }
    int markerCount() const;
    QString markerLabel(int index) const;

Q_SIGNALS:
    void saveTraceRequested(); // "Save trace…" in the graph's context menu

protected:
    void changeEvent(QEvent* event) override;

private:
    void retranslate();
    void rescale();
    void rescaleValues();
    void requestReplot();
    void onMouseMove(QMouseEvent* event);
    void onUserMovedView();
    void showContextMenu(const QPoint& pos);
    int seriesIndex(const QString& seriesId) const;

    QCustomPlot* m_plot = nullptr;
    QCPItemText* m_message = nullptr;
    VramGraphStages* m_stages = nullptr;
    QVector<Series> m_series;
    QVector<QCPGraph*> m_graphs;
    VramGraphLevels* m_levels = nullptr; // totals and predicted peaks
    double m_firstSeconds = -1;
    double m_latestSeconds = 0.0;
    double m_viewStartSeconds = -1; // < 0: the first sample
    bool m_isFollowing = true;
    bool m_isRescaling = false;
};
