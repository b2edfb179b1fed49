#pragma once
// Adapts the backend's VramMonitor to the Qt-only VramGraph: a GUI-thread QTimer pulls the
// samples and markers taken since the last tick (the monitor's ring buffer is mutex-guarded), so
// the sampler thread never touches a widget and many samples cost one queued replot. Framesmith's
// own use is shown apart from other programs': the host's "ram" (all processes) becomes "other" =
// ram - rss beside the process's own "rss", and a GPU's driver reading becomes "cuda:N:other" =
// cuda:N - torch:N:reserved where torch's allocator is read; those are context series on the
// graph's right-hand axis. A "loading" marker starts a run: the graph's view begins there.
#include "framesmith/VramMonitor.h"

#include <QObject>
#include <QStringList>
#include <QTimer>
#include <QVector>

#include <string>
#include <vector>

class VramGraph;

class MemoryGraphFeeder : public QObject {
    Q_OBJECT

public:
    // The marker RunPresenter adds when a run ends (finished, failed, stopped, paused): the last
    // stage band closes there.
    static constexpr const char* kRunEndMarker = "run-end";
    // The marker of a component swapped in while its stage is under way (an expert taking over
    // mid-denoise): "<stage name>><component>", shown as "Denoising: transformer_2 takes over".
    static std::string swapMarker(int stage, const QString& component);

    // Neither is owned; both must outlive the feeder.
    MemoryGraphFeeder(framesmith::VramMonitor* monitor, VramGraph* graph, QObject* parent = nullptr);

    void start(int pullIntervalMs = 250); // sets the graph's series and starts the monitor
    void stop();
    void pullNow(); // one tick; also what the timer calls
    QStringList limitations() const; // the monitor's own English lines
    void retranslate();              // re-labels the series in the current language

private:
    // A graph series: one monitor series, or the difference of two (minuend - subtrahend).
    struct Source {
        std::string id;
        int minuend = -1;
        int subtrahend = -1; // -1: the minuend alone
    };
    void buildSources(const std::vector<framesmith::MemorySeries>& series);
    QString labelFor(const Source& source) const;
    static QString markerText(const std::string& label);

    framesmith::VramMonitor* m_monitor;
    VramGraph* m_graph;
    QTimer m_timer;
    std::vector<Source> m_sources;
    std::vector<framesmith::MemorySeries> m_monitorSeries;
    std::vector<std::string> m_markers; // the stage names, in the graph's marker order
    double m_lastSampleSeconds = -1;
    double m_lastMarkerSeconds = -1;
};
