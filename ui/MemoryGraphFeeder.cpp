#include "ui/MemoryGraphFeeder.h"

#include "framesmith/VramMonitor.h"
#include "widgets/VramGraph.h"

MemoryGraphFeeder::MemoryGraphFeeder(framesmith::VramMonitor* monitor, VramGraph* graph, QObject* parent)
    : QObject(parent), m_monitor(monitor), m_graph(graph)
{
    connect(&m_timer, &QTimer::timeout, this, &MemoryGraphFeeder::pullNow);
}

void MemoryGraphFeeder::start(int pullIntervalMs)
{
    QVector<VramGraph::Series> series;
    for (const auto& s : m_monitor->series())
        series.push_back({QString::fromStdString(s.id), labelFor(s.id, s.label), s.totalBytes});
    m_graph->setSeries(series);
    m_lastSampleSeconds = m_lastMarkerSeconds = -1;
    m_monitor->start();
    m_timer.start(pullIntervalMs);
    pullNow();
}

void MemoryGraphFeeder::stop()
{
    m_timer.stop();
    m_monitor->stop();
}

void MemoryGraphFeeder::pullNow()
{
    const auto samples = m_monitor->samplesSince(m_lastSampleSeconds);
    if (!samples.empty()) {
        QVector<VramGraph::Sample> converted;
        converted.reserve(int(samples.size()));
        for (const auto& s : samples)
            converted.push_back({s.seconds, QVector<qint64>(s.usedBytes.begin(), s.usedBytes.end())});
        m_lastSampleSeconds = samples.back().seconds;
        m_graph->appendSamples(converted);
    }
    for (const auto& marker : m_monitor->markersSince(m_lastMarkerSeconds)) {
        m_graph->addMarker(marker.seconds, QString::fromStdString(marker.label));
        m_lastMarkerSeconds = marker.seconds;
    }
}

QStringList MemoryGraphFeeder::limitations() const
{
    QStringList result;
    for (const auto& l : m_monitor->limitations())
        result << QString::fromStdString(l);
    return result;
}

QString MemoryGraphFeeder::labelFor(const std::string& id, const std::string& backendLabel)
{
    // The backend speaks English; the host lines are the ones every user sees.
    if (id == "rss")
        return tr("Process RSS");
    if (id == "ram")
        return tr("System RAM used");
    return QString::fromStdString(backendLabel);
}

void MemoryGraphFeeder::retranslate()
{
    for (const auto& s : m_monitor->series())
        m_graph->setSeriesLabel(QString::fromStdString(s.id), labelFor(s.id, s.label));
}
