#include "framesmith/VramMonitor.h"

#include "memory/monitor/NvmlMemorySource.h"
#include "memory/monitor/VramMonitorHostSource.h"
#include "memory/monitor/VramMonitorTorchSource.h"

#include <algorithm>
#include <condition_variable>
#include <cstdlib>
#include <deque>
#include <mutex>
#include <thread>

namespace framesmith {

namespace {
constexpr std::size_t kMaxMarkers = 1024;
using Clock = std::chrono::steady_clock;

std::string nvmlLibraryName(const std::string& requested)
{
    if (!requested.empty())
        return requested;
    const char* fromEnvironment = std::getenv("FRAMESMITH_NVML_LIBRARY");
    return fromEnvironment && *fromEnvironment ? fromEnvironment : NvmlLibrary::kDefaultLibraryName;
}
} // namespace

struct VramMonitor::Impl {
    int intervalMs;
    std::size_t capacity;
    Clock::time_point origin = Clock::now();
    std::vector<std::unique_ptr<VramMonitorSource>> sources; // sampler thread only, once started
    std::vector<MemorySeries> series;                        // immutable after construction
    std::vector<std::string> limitations;                    // immutable after construction

    mutable std::mutex mutex; // guards samples, markers, stopping
    std::condition_variable wake;
    std::deque<MemorySample> samples;
    std::deque<StageMarker> markers;
    bool stopping = false;
    std::thread thread;

    double now() const { return std::chrono::duration<double>(Clock::now() - origin).count(); }
    void addSource(std::unique_ptr<VramMonitorSource> source);
    void sampleOnce();
    void run();
};

void VramMonitor::Impl::addSource(std::unique_ptr<VramMonitorSource> source)
{
    for (auto& s : source->series())
        series.push_back(std::move(s));
    for (auto& l : source->limitations())
        limitations.push_back(std::move(l));
    sources.push_back(std::move(source));
}

void VramMonitor::Impl::sampleOnce()
{
    MemorySample sample;
    sample.usedBytes.reserve(series.size());
    sample.seconds = now();
    for (auto& source : sources)
        source->read(sample.usedBytes);
    std::lock_guard<std::mutex> lock(mutex);
    samples.push_back(std::move(sample));
    while (samples.size() > capacity)
        samples.pop_front();
}

void VramMonitor::Impl::run()
{
    // A fixed schedule (start + k * interval) so slow reads do not make the rate drift.
    auto next = Clock::now();
    for (;;) {
        sampleOnce();
        next += std::chrono::milliseconds(intervalMs);
        std::unique_lock<std::mutex> lock(mutex);
        if (wake.wait_until(lock, next, [this] { return stopping; }))
            return;
        if (Clock::now() > next + std::chrono::milliseconds(intervalMs))
            next = Clock::now(); // we were suspended: resume instead of bursting to catch up
    }
}

VramMonitor::VramMonitor(int sampleIntervalMs, std::size_t capacity, const std::string& nvmlLibrary)
    : m_impl(std::make_unique<Impl>())
{
    m_impl->intervalMs = std::max(1, sampleIntervalMs);
    m_impl->capacity = std::max<std::size_t>(1, capacity);
    m_impl->addSource(std::make_unique<NvmlMemorySource>(nvmlLibraryName(nvmlLibrary)));
    std::string torchProblem;
    if (auto torch = VramMonitorTorchSource::create(torchProblem))
        m_impl->addSource(std::move(torch));
    else
        m_impl->limitations.push_back(torchProblem);
    m_impl->addSource(std::make_unique<VramMonitorHostSource>());
}

VramMonitor::~VramMonitor() { stop(); }

void VramMonitor::start()
{
    if (m_impl->thread.joinable())
        return;
    {
        std::lock_guard<std::mutex> lock(m_impl->mutex);
        m_impl->stopping = false;
    }
    m_impl->thread = std::thread([impl = m_impl.get()] { impl->run(); });
}

void VramMonitor::stop()
{
    if (!m_impl->thread.joinable())
        return;
    {
        std::lock_guard<std::mutex> lock(m_impl->mutex);
        m_impl->stopping = true;
    }
    m_impl->wake.notify_all();
    m_impl->thread.join();
}

bool VramMonitor::isRunning() const { return m_impl->thread.joinable(); }
int VramMonitor::sampleIntervalMs() const { return m_impl->intervalMs; }
std::size_t VramMonitor::capacity() const { return m_impl->capacity; }
std::vector<MemorySeries> VramMonitor::series() const { return m_impl->series; }
std::vector<std::string> VramMonitor::limitations() const { return m_impl->limitations; }
double VramMonitor::elapsedSeconds() const { return m_impl->now(); }

std::vector<MemorySample> VramMonitor::samplesSince(double seconds) const
{
    std::lock_guard<std::mutex> lock(m_impl->mutex);
    auto first = std::upper_bound(m_impl->samples.begin(), m_impl->samples.end(), seconds,
                                  [](double s, const MemorySample& sample) { return s < sample.seconds; });
    return {first, m_impl->samples.end()};
}

void VramMonitor::addMarker(const std::string& label)
{
    const double seconds = m_impl->now();
    std::lock_guard<std::mutex> lock(m_impl->mutex);
    m_impl->markers.push_back({seconds, label});
    while (m_impl->markers.size() > kMaxMarkers)
        m_impl->markers.pop_front();
}

std::vector<StageMarker> VramMonitor::markersSince(double seconds) const
{
    std::lock_guard<std::mutex> lock(m_impl->mutex);
    std::vector<StageMarker> result;
    for (const auto& marker : m_impl->markers)
        if (marker.seconds > seconds)
            result.push_back(marker);
    return result;
}

} // namespace framesmith
