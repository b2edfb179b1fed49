#include "ui/memory/MemoryDisplay.h"

#include "framesmith/VramMonitor.h"
#include "ui/form/ParametersPanel.h"
#include "ui/memory/MemoryGraphFeeder.h"
#include "widgets/VramGraph.h"

#include "ui/main/ErrorBox.h"
#include "ui/settings/AppSettings.h"

#include <QDir>
#include <QFileDialog>
#include <QFileInfo>
#include <QLabel>
#include <QMainWindow>
#include <QSaveFile>
#include <QStatusBar>

MemoryDisplay::MemoryDisplay(framesmith::VramMonitor* monitor, VramGraph* graph, QStatusBar* statusBar, QObject* parent)
    : QObject(parent), m_monitor(monitor), m_graph(graph), m_status(new QLabel(statusBar))
{
    m_status->setObjectName(QStringLiteral("memorySourceLabel"));
    statusBar->addPermanentWidget(m_status);
}

void MemoryDisplay::start(int sampleIntervalMs)
{
    m_feeder = new MemoryGraphFeeder(m_monitor, m_graph, this);
    m_feeder->start(sampleIntervalMs);
    showLimitations();
    // The idle level moves (other work, a model unloaded): predictions follow it between runs.
    connect(&m_predictionTimer, &QTimer::timeout, this, &MemoryDisplay::drawPredictions);
    m_predictionTimer.start(1000);
}

void MemoryDisplay::stop()
{
    m_predictionTimer.stop();
    if (m_feeder)
        m_feeder->stop();
}

bool MemoryDisplay::hasGpu() const { return MemoryForecast::hasGpu(MemoryForecast::devicesFrom(*m_monitor)); }

void MemoryDisplay::retranslate()
{
    if (!m_feeder)
        return;
    m_feeder->retranslate();
    showLimitations();
}

void MemoryDisplay::showLimitations()
{
    const QStringList limitations = m_feeder->limitations();
    const bool isGpuMeasured = hasGpu();
    m_status->setText(isGpuMeasured ? tr("GPU memory: live") : tr("No GPU: showing RAM"));
    m_status->setToolTip(limitations.join(QLatin1Char('\n')));
    m_graph->setMessage(isGpuMeasured ? QString() : tr("No GPU on this machine: the lines show RAM"));
}

MemoryForecast MemoryDisplay::showForecast(const framesmith::GenerationRequest& request, qint64 plannedGpuBytes)
{
    const MemoryForecast forecast =
        MemoryForecast::forRequest(request, MemoryForecast::devicesFrom(*m_monitor), plannedGpuBytes);
    m_peakBytes = forecast.peakBytesBySeries;
    drawPredictions();
    return forecast;
}

void MemoryDisplay::drawPredictions()
{
    for (const auto& series : m_graph->series()) {
        const qint64 before = m_baselineBytes.value(series.id, -1);
        const qint64 latest = m_graph->latestBytes(series.id);
        // While idle the level follows the line; during a run it stays where the run began, unless
        // it was never read (a run started before the first sample must not stand on zero).
        if (!m_isRunning || (before <= 0 && latest > 0))
            m_baselineBytes[series.id] = std::max<qint64>(0, latest);
        const qint64 baseline = m_baselineBytes.value(series.id);
        const qint64 peak = m_peakBytes.value(series.id, 0);
        const bool isUnchanged = before == baseline && m_graph->predictionLine(series.id);
        if (!isUnchanged || peak <= 0)
            m_graph->setPrediction(series.id, peak > 0 ? baseline + peak : 0,
                                   tr("the plan's %1 on top of %2 in use").arg(MemoryFigures::bytes(peak),
                                                                               MemoryFigures::bytes(baseline)));
    }
}

void MemoryDisplay::showForecastOn(ParametersPanel& parameters, const framesmith::GenerationRequest& request,
                                   bool isChecking)
{
    const MemoryForecast forecast = showForecast(request, parameters.plannedGpuBytes());
    if (request.modelPath.empty()) {
        parameters.showForecast(isChecking ? tr("Checking the model's files…") : QString(), QString(), false);
        return;
    }
    parameters.showForecast(forecast.summary, forecast.details, forecast.isKnown && !forecast.fits);
    parameters.setPlannedGpuVisible(forecast.isForChosenGpu);
}

bool MemoryDisplay::saveTrace(const QString& basePath, QString* error) const
{
    const QString csvPath = basePath + QStringLiteral(".memory.csv");
    QSaveFile csv(csvPath);
    const QByteArray text = m_graph->toCsv().toUtf8();
    if (!csv.open(QIODevice::WriteOnly) || csv.write(text) != text.size() || !csv.commit()) {
        *error = tr("%1: %2").arg(QDir::toNativeSeparators(csvPath), csv.errorString());
        return false;
    }
    const QString pngPath = basePath + QStringLiteral(".memory.png");
    if (!m_graph->savePng(pngPath)) {
        *error = tr("%1: the picture could not be written").arg(QDir::toNativeSeparators(pngPath));
        return false;
    }
    return true;
}

void MemoryDisplay::saveTraceInteractively(QWidget* parent, AppSettings& settings)
{
    const QString folder = settings.lastTraceFolder().isEmpty() ? QDir::homePath() : settings.lastTraceFolder();
    const QString path = QFileDialog::getSaveFileName(parent, tr("Save memory trace"),
                                                      QDir(folder).filePath(QStringLiteral("framesmith")),
                                                      tr("Memory trace (*.memory.csv)"));
    if (path.isEmpty())
        return;
    QString base = path;
    for (const QString& suffix : {QStringLiteral(".csv"), QStringLiteral(".memory")})
        if (base.endsWith(suffix))
            base.chop(suffix.size());
    settings.setLastTraceFolder(QFileInfo(base).absolutePath());
    QString error;
    const bool isSaved = saveTrace(base, &error);
    showOutcome(parent, base, isSaved, error);
}

void MemoryDisplay::showOutcome(QWidget* parent, const QString& base, bool isSaved, const QString& error)
{
    if (isSaved) {
        if (auto* window = qobject_cast<QMainWindow*>(parent))
            window->statusBar()->showMessage(tr("Saved %1.memory.csv and .png").arg(QDir::toNativeSeparators(base)), 8000);
        return;
    }
    ErrorBox::show(parent, tr("Save memory trace"), tr("The memory trace could not be saved."), error);
}
