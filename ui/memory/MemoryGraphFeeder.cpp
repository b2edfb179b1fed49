#include "ui/memory/MemoryGraphFeeder.h"

#include "framesmith/GenerationEvents.h"
#include "framesmith/Stage.h"
#include "framesmith/VramMonitor.h"
#include "ui/generation/RunPresenter.h"
#include "widgets/VramGraph.h"

namespace {
constexpr double kViewLeadSeconds = 2.0; // a little of the idle level before the run

int indexOf(const std::vector<framesmith::MemorySeries>& series, const std::string& id)
{
    for (size_t i = 0; i < series.size(); ++i)
        if (series[i].id == id)
            return int(i);
    return -1;
}

bool isGpu(const std::string& id) { return id.rfind("cuda:", 0) == 0 && id.find(':', 5) == std::string::npos; }
} // namespace

MemoryGraphFeeder::MemoryGraphFeeder(framesmith::VramMonitor* monitor, VramGraph* graph, QObject* parent)
    : QObject(parent), m_monitor(monitor), m_graph(graph)
{
    connect(&m_timer, &QTimer::timeout, this, &MemoryGraphFeeder::pullNow);
}

void MemoryGraphFeeder::buildSources(const std::vector<framesmith::MemorySeries>& series)
{
    m_sources.clear();
    const int rss = indexOf(series, "rss");
    for (size_t i = 0; i < series.size(); ++i) {
        const std::string& id = series[i].id;
        if (id == "ram" && rss >= 0) {
            m_sources.push_back({"other", int(i), rss});
            continue;
        }
        m_sources.push_back({id, int(i), -1});
        if (isGpu(id))
            if (const int reserved = indexOf(series, "torch:" + id.substr(5) + ":reserved"); reserved >= 0)
                m_sources.push_back({id + ":other", int(i), reserved});
    }
}

void MemoryGraphFeeder::start(int pullIntervalMs)
{
    m_monitorSeries = m_monitor->series();
    buildSources(m_monitorSeries);
    const int ram = indexOf(m_monitorSeries, "ram");
    QVector<VramGraph::Series> graphSeries;
    for (const Source& source : m_sources) {
        VramGraph::Series s{QString::fromStdString(source.id), labelFor(source), 0, {}, source.subtrahend >= 0};
        if (isGpu(source.id))
            s.totalBytes = m_monitorSeries[source.minuend].totalBytes;
        if (source.id == "rss" && ram >= 0) // what the process could grow to: the machine's RAM
            s.totalBytes = m_monitorSeries[ram].totalBytes;
        graphSeries.push_back(s);
    }
    m_graph->setSeries(graphSeries);
    retranslate();
    m_lastSampleSeconds = m_lastMarkerSeconds = -1;
    m_markers.clear();
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
        for (const auto& s : samples) {
            VramGraph::Sample sample{s.seconds, {}};
            for (const Source& source : m_sources) {
                const auto read = [&s](int i) { return i >= 0 && i < int(s.usedBytes.size()) ? s.usedBytes[i] : -1; };
                const qint64 a = read(source.minuend);
                const qint64 b = source.subtrahend < 0 ? 0 : read(source.subtrahend);
                sample.usedBytes.push_back(a < 0 || b < 0 ? -1 : std::max<qint64>(0, a - b));
            }
            converted.push_back(sample);
        }
        m_lastSampleSeconds = samples.back().seconds;
        m_graph->appendSamples(converted);
    }
    for (const auto& marker : m_monitor->markersSince(m_lastMarkerSeconds)) {
        m_lastMarkerSeconds = marker.seconds;
        if (marker.label == kRunEndMarker) {
            m_graph->endStages(marker.seconds); // no band: the last one ends here
            continue;
        }
        const auto stage = framesmith::stageFromName(marker.label);
        if (stage == framesmith::Stage::Loading)
            m_graph->setViewStart(std::max(0.0, marker.seconds - kViewLeadSeconds));
        m_markers.push_back(marker.label);
        m_graph->addMarker(marker.seconds, markerText(marker.label));
    }
}

QString MemoryGraphFeeder::markerText(const std::string& label)
{
    // Markers are the backend's stable names (stages, a component swapped mid-stage, the
    // memory-growth remedy, a re-plan when another program took GPU memory); the graph shows
    // them in the user's language (a component keeps its model-folder name).
    if (label == framesmith::kCacheReleaseMarker)
        return tr("Memory kept rising: cache released every step");
    if (label == framesmith::kGrowthPauseMarker)
        return tr("Memory still rising: paused to disk");
    if (label == framesmith::kOtherProcessReplanMarker)
        return tr("Another program took GPU memory: re-planned");
    const std::size_t swap = label.find('>');
    if (swap != std::string::npos) {
        const auto stage = framesmith::stageFromName(label.substr(0, swap));
        return tr("%1: %2 takes over")
            .arg(RunPresenter::stageText(int(stage)), QString::fromStdString(label.substr(swap + 1)));
    }
    const auto stage = framesmith::stageFromName(label);
    return stage == framesmith::Stage::Invalid ? QString::fromStdString(label) : RunPresenter::stageText(int(stage));
}

std::string MemoryGraphFeeder::swapMarker(int stage, const QString& component)
{
    return std::string(framesmith::stageName(static_cast<framesmith::Stage>(stage))) + ">" + component.toStdString();
}

QStringList MemoryGraphFeeder::limitations() const
{
    QStringList result;
    for (const auto& l : m_monitor->limitations())
        result << QString::fromStdString(l);
    return result;
}

QString MemoryGraphFeeder::labelFor(const Source& source) const
{
    // The backend speaks English; these are the lines every user sees.
    const std::string& id = source.id;
    if (id == "rss")
        return tr("Framesmith (RAM)");
    if (id == "other")
        return tr("Other programs (RAM)");
    if (id == "ram")
        return tr("System RAM used");
    const std::string base = id.substr(0, id.find(':', 5));
    const QString gpu = QString::fromStdString(m_monitorSeries[source.minuend].label);
    if (id.size() > 6 && id.compare(id.size() - 6, 6, ":other") == 0)
        return tr("%1: other processes").arg(gpu);
    if (id.find(":reserved") != std::string::npos)
        return tr("Framesmith on GPU %1 (reserved)").arg(QString::fromStdString(base.substr(6)));
    if (id.find(":allocated") != std::string::npos)
        return tr("Framesmith on GPU %1 (in use)").arg(QString::fromStdString(base.substr(6)));
    return gpu;
}

void MemoryGraphFeeder::retranslate()
{
    // A total is named by what it measures, not by the line it sits on (rss: the machine's RAM).
    const bool hasRam = indexOf(m_monitorSeries, "ram") >= 0;
    for (const Source& source : m_sources)
        m_graph->setSeriesLabel(QString::fromStdString(source.id), labelFor(source),
                                source.id == "rss" && hasRam ? tr("System RAM") : QString());
    for (int i = 0; i < int(m_markers.size()) && i < m_graph->markerCount(); ++i)
        m_graph->setMarkerLabel(i, markerText(m_markers[i]));
}
