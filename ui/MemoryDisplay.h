#pragma once
// The memory side of the main window: the live graph (fed from the VramMonitor by a
// MemoryGraphFeeder), the status-bar label saying whether GPU memory is measurable here, and the
// forecast line for the current request with its predicted peaks drawn on the graph.
// GUI thread only.
#include <QObject>
#include <QString>

class MemoryGraphFeeder;
class QLabel;
class QStatusBar;
class VramGraph;
namespace framesmith {
struct GenerationRequest;
class VramMonitor;
}

class MemoryDisplay : public QObject {
    Q_OBJECT

public:
    // None is owned; all must outlive the display. The status label goes into statusBar.
    MemoryDisplay(framesmith::VramMonitor* monitor, VramGraph* graph, QLabel* forecastLabel, QStatusBar* statusBar,
                  QObject* parent = nullptr);

    void start(int sampleIntervalMs); // starts sampling and feeding the graph
    void stop();                      // joins the sampler: call before the monitor goes
    // The forecast for `request` (an empty modelPath: no model to forecast for).
    void showForecast(const framesmith::GenerationRequest& request);
    void retranslate(); // the graph's series names and the limitation lines, once started

private:
    void showLimitations();

    framesmith::VramMonitor* m_monitor;
    VramGraph* m_graph;
    QLabel* m_forecastLabel;
    QLabel* m_status;
    MemoryGraphFeeder* m_feeder = nullptr;
};
