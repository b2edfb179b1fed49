#include "ui/MemoryDisplay.h"

#include "framesmith/GenerationRequest.h"
#include "framesmith/VramMonitor.h"
#include "ui/MemoryForecast.h"
#include "ui/MemoryGraphFeeder.h"
#include "widgets/VramGraph.h"

#include <QLabel>
#include <QStatusBar>

MemoryDisplay::MemoryDisplay(framesmith::VramMonitor* monitor, VramGraph* graph, QLabel* forecastLabel,
                             QStatusBar* statusBar, QObject* parent)
    : QObject(parent), m_monitor(monitor), m_graph(graph), m_forecastLabel(forecastLabel),
      m_status(new QLabel(statusBar))
{
    statusBar->addPermanentWidget(m_status);
}

void MemoryDisplay::start(int sampleIntervalMs)
{
    m_feeder = new MemoryGraphFeeder(m_monitor, m_graph, this);
    m_feeder->start(sampleIntervalMs);
    showLimitations();
}

void MemoryDisplay::stop()
{
    if (m_feeder)
        m_feeder->stop();
}

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
    bool hasGpuLine = false;
    for (const auto& series : m_monitor->series())
        hasGpuLine = hasGpuLine || series.id.rfind("cuda:", 0) == 0;
    m_status->setText(hasGpuLine ? tr("GPU memory: live") : tr("GPU memory: not measurable here"));
    m_status->setToolTip(limitations.join(QLatin1Char('\n')));
    m_graph->setMessage(hasGpuLine ? QString() : tr("No GPU memory readings on this machine: "
                                                    "showing process and system RAM"));
    m_graph->setToolTip(limitations.join(QLatin1Char('\n')));
}

void MemoryDisplay::showForecast(const framesmith::GenerationRequest& request)
{
    const MemoryForecast forecast = MemoryForecast::forRequest(request, MemoryForecast::devicesFrom(*m_monitor));
    m_forecastLabel->setText(forecast.summary);
    m_forecastLabel->setToolTip(forecast.details);
    m_forecastLabel->setVisible(!forecast.summary.isEmpty());
    m_forecastLabel->setStyleSheet(forecast.isKnown && !forecast.fits ? QStringLiteral("color: #b3261e;")
                                                                      : QStringLiteral("color: #1b6e20;"));
    for (const auto& series : m_graph->series())
        m_graph->setPrediction(series.id, forecast.peakBytesBySeries.value(series.id, 0));
}
