#pragma once
// Adapts the backend's VramMonitor to the Qt-only VramGraph: a GUI-thread QTimer pulls the
// samples and markers taken since the last tick (the monitor's ring buffer is mutex-guarded), so
// the sampler thread never touches a widget and many samples cost one queued replot.
#include <QObject>
#include <QStringList>
#include <QTimer>

#include <string>

class VramGraph;
namespace framesmith {
class VramMonitor;
}

class MemoryGraphFeeder : public QObject {
    Q_OBJECT

public:
    // Neither is owned; both must outlive the feeder.
    MemoryGraphFeeder(framesmith::VramMonitor* monitor, VramGraph* graph, QObject* parent = nullptr);

    void start(int pullIntervalMs = 250); // sets the graph's series and starts the monitor
    void stop();
    void pullNow(); // one tick; also what the timer calls
    QStringList limitations() const; // the monitor's own English lines
    void retranslate();              // re-labels the host series in the current language

private:
    static QString labelFor(const std::string& id, const std::string& backendLabel);

    framesmith::VramMonitor* m_monitor;
    VramGraph* m_graph;
    QTimer m_timer;
    double m_lastSampleSeconds = -1;
    double m_lastMarkerSeconds = -1;
};
