#pragma once
// The memory side of the main window: the live graph (fed from the VramMonitor by a
// MemoryGraphFeeder), the status-bar label saying whether GPU memory is measurable here, the
// forecast for the current request with its predicted peaks drawn on the graph, and the saved
// trace (CSV samples + PNG picture) of a run. GUI thread only.
#include "ui/memory/MemoryForecast.h"

#include <QHash>
#include <QObject>
#include <QTimer>
#include <QString>

class AppSettings;
class MemoryGraphFeeder;
class ParametersPanel;
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
    // While a run is in flight the predictions keep the level they stood on before it.
    void setRunning(bool isRunning) { m_isRunning = isRunning; }
    // The forecast for `request` (an empty modelPath: none). Its peaks go onto the graph on top of
    // each line's level before the run (a process's RSS, the GPU's memory already in use).
    MemoryForecast showForecast(const framesmith::GenerationRequest& request, qint64 plannedGpuBytes);
    // The same, shown on the form too (with the GPU size to plan for when there is none here).
    void showForecastOn(ParametersPanel& parameters, const framesmith::GenerationRequest& request, bool isChecking);
    // Writes <basePath>.memory.csv and <basePath>.memory.png; false with *error set on failure.
    bool saveTrace(const QString& basePath, QString* error) const;
    // File > Save memory trace…: asks where (starting in the last folder), saves, reports.
    void saveTraceInteractively(QWidget* parent, AppSettings& settings);
    void retranslate(); // the graph's series names and the limitation lines, once started

private:
    void showLimitations();
    void drawPredictions(); // each peak on top of its line's idle level, which moves while idle
    void showOutcome(QWidget* parent, const QString& base, bool isSaved, const QString& error);

    framesmith::VramMonitor* m_monitor;
    VramGraph* m_graph;
    QLabel* m_status;
    MemoryGraphFeeder* m_feeder = nullptr;
    QHash<QString, qint64> m_baselineBytes; // per series, the idle level predictions stand on
    QHash<QString, qint64> m_peakBytes;     // per series, the last forecast's planned peak
    QTimer m_predictionTimer;
    bool m_isRunning = false;
};
