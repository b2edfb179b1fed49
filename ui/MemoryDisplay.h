#pragma once
// The memory side of the main window: the live graph (fed from the VramMonitor by a
// MemoryGraphFeeder), the status-bar label saying whether GPU memory is measurable here, the
// forecast for the current request with its predicted peaks drawn on the graph, and the saved
// trace (CSV samples + PNG picture) of a run. GUI thread only.
#include "ui/MemoryForecast.h"

#include <QObject>
#include <QString>

class AppSettings;
class MemoryGraphFeeder;
class QLabel;
class QStatusBar;
class QWidget;
class VramGraph;
namespace framesmith {
struct GenerationRequest;
class VramMonitor;
}

class MemoryDisplay : public QObject {
    Q_OBJECT

public:
    // None is owned; all must outlive the display. The status label goes into statusBar.
    MemoryDisplay(framesmith::VramMonitor* monitor, VramGraph* graph, QStatusBar* statusBar, QObject* parent = nullptr);

    void start(int sampleIntervalMs); // starts sampling and feeding the graph
    void stop();                      // joins the sampler: call before the monitor goes
    bool hasGpu() const;
    // The forecast for `request` (an empty modelPath: none); its peaks go onto the graph.
    MemoryForecast showForecast(const framesmith::GenerationRequest& request, qint64 plannedGpuBytes);
    // Writes <basePath>.memory.csv and <basePath>.memory.png; false with *error set on failure.
    bool saveTrace(const QString& basePath, QString* error) const;
    // File > Save memory trace…: asks where (starting in the last folder), saves, reports.
    void saveTraceInteractively(QWidget* parent, AppSettings& settings);
    void retranslate(); // the graph's series names and the limitation lines, once started

private:
    void showLimitations();
    void showOutcome(QWidget* parent, const QString& base, bool isSaved, const QString& error);

    framesmith::VramMonitor* m_monitor;
    VramGraph* m_graph;
    QLabel* m_status;
    MemoryGraphFeeder* m_feeder = nullptr;
};
