#include "memory/oom/GenerationMemory.h"

#include "memory/host/HostBlockCache.h"
#include "memory/presets/AllocatorSettings.h"
#include "memory/monitor/CpuAllocationTracker.h"
#include "memory/monitor/DeviceMemory.h"
#include "memory/monitor/DeviceNames.h"
#include "memory/monitor/ProcessResidentMemory.h"
#include "memory/planner/MemoryPlanner.h"
#include "memory/presets/PresetStore.h"

#include <nlohmann/json.hpp>

#include <algorithm>
#include <cstdlib>
#include <fstream>
#include <optional>

namespace framesmith {

GenerationMemory::GenerationMemory(MemoryPreset preset, ProgressSink& sink, std::string device)
    : m_preset(std::move(preset)), m_sink(sink), m_device(std::move(device)),
      m_ladder(m_preset, &sink,
               [this](const MemoryPreset& changed, Stage stage) {
                   if (m_onPresetChanged)
                       m_onPresetChanged(changed, stage);
               },
               [this] { releaseCache(); }, [this] { return allocatedNow(); }),
      m_injector(OomInjector::fromEnvironment()), m_leak(LeakInjector::fromEnvironment()),
      m_startRss(ProcessResidentMemory::currentBytes())
{
    HostBlockCache::install();
    if (!isCudaDeviceName(m_device))
        CpuAllocationTracker::install(); // host peaks are measured by counting tensor bytes
}

MemoryPreset GenerationMemory::resolvePreset(const GenerationRequest& request, const std::vector<DeviceInfo>& devices,
                                             const PlanningSource& planning, std::string* log)
{
    const PresetStore store;
    MemoryPreset preset = request.resolvedPreset ? *request.resolvedPreset
                                                 : store.load(request.preset.empty() ? std::string("auto") : request.preset);
    if (preset.isAutomatic())
        preset = MemoryPlanner::choosePreset(*planning(), request, preset, devices, store);
    const std::string allocator = AllocatorSettings::apply(preset);
    if (log)
        *log = "memory preset \"" + preset.name + "\"; " + allocator;
    return preset;
}

void GenerationMemory::setRuntimeLevers(std::vector<std::string> levers)
{
    m_ladder.setLeverFilter([levers = std::move(levers)](const std::string& lever) {
        return std::find(levers.begin(), levers.end(), lever) != levers.end();
    });
}

std::int64_t GenerationMemory::allocatedNow() const
{
    if (isCudaDeviceName(m_device))
        return DeviceMemory::allocatedBytes(m_device);
    return CpuAllocationTracker::isInstalled() ? CpuAllocationTracker::currentBytes() : 0;
}

// On a GPU the caching allocator's reserve: a growing cache is what the remedy releases, and a
// real leak shows there too. On the CPU the tracked tensor bytes.
std::int64_t GenerationMemory::heldNow() const
{
    if (isCudaDeviceName(m_device))
        return DeviceMemory::reservedBytes(m_device);
    return CpuAllocationTracker::isInstalled() ? CpuAllocationTracker::currentBytes() : 0;
}

void GenerationMemory::releaseCache()
{
    DeviceMemory::releaseCache();
    m_leak.releaseCache();
}

void GenerationMemory::beginStage(Stage stage)
{
    if (isCudaDeviceName(m_device))
        DeviceMemory::resetPeak(m_device);
    else
        CpuAllocationTracker::resetPeak();
    HostBlockCache::release(); // a stage's resident set starts without the last stage's freed blocks
    ProcessResidentMemory::resetPeak();
    m_growth.reset();
    m_stageStart = std::chrono::steady_clock::now();
}

void GenerationMemory::endStage(Stage stage)
{
    const std::int64_t peak = isCudaDeviceName(m_device) ? DeviceMemory::peakAllocatedBytes(m_device)
                                                         : CpuAllocationTracker::peakBytes();
    m_stagePeaks[stageName(stage)] = std::max(m_stagePeaks[stageName(stage)], peak);
    m_stageRssPeaks[stageName(stage)] = std::max(m_stageRssPeaks[stageName(stage)], ProcessResidentMemory::peakBytes());
    m_stageSeconds[stageName(stage)] +=
        std::chrono::duration<double>(std::chrono::steady_clock::now() - m_stageStart).count();
    HostBlockCache::release();
    if (m_preset.releaseCacheBetweenStages)
        releaseCache();
}

GenerationMemory::GrowthAction GenerationMemory::afterStep(int step)
{
    m_leak.afterStep(m_device);
    if (m_preset.releaseCacheEveryStep || m_isGrowthRemedyOn)
        releaseCache();
    std::optional<Warning> growth = m_growth.addSample(step, heldNow());
    if (!growth)
        return GrowthAction::None;
    if (m_isGrowthRemedyOn) {
        m_growthFinding = growth->message;
        return GrowthAction::Pause;
    }
    // A fresh window judges the remedy: only growth that goes on with it asks for the pause.
    m_isGrowthRemedyOn = true;
    m_growth.reset();
    releaseCache();
    growth->message += "; from step " + std::to_string(step) + " on, the allocator's cache is released after every "
                       "step (and the run is paused to disk if memory still rises)";
    growth->marker = kCacheReleaseMarker;
    m_sink.onWarning(*growth);
    return GrowthAction::ReleasingCache;
}

std::int64_t GenerationMemory::stagePeakBytes(Stage stage) const
{
    auto it = m_stagePeaks.find(stageName(stage));
    return it == m_stagePeaks.end() ? 0 : it->second;
}

std::int64_t GenerationMemory::stagePeakRssBytes(Stage stage) const
{
    auto it = m_stageRssPeaks.find(stageName(stage));
    return it == m_stageRssPeaks.end() ? 0 : it->second;
}

std::string GenerationMemory::reportJson(double secondsPerStep) const
{
    nlohmann::json stages = nlohmann::json::array();
    for (const auto& [name, peak] : m_stagePeaks)
        stages.push_back({{"name", name}, {"device", m_device}, {"peakBytes", peak},
                          {"peakRssBytes", m_stageRssPeaks.count(name) ? m_stageRssPeaks.at(name) : 0},
                          {"seconds", m_stageSeconds.count(name) ? m_stageSeconds.at(name) : 0.0}});
    const nlohmann::json report = {{"preset", m_preset.name}, {"device", m_device}, {"stages", stages},
                                   {"startRssBytes", m_startRss},
                                   {"secondsPerStep", secondsPerStep}, {"recoveries", recoveries()}};
    return report.dump(2);
}

void GenerationMemory::writeReport(double secondsPerStep) const
{
    const char* path = std::getenv("FRAMESMITH_MEMORY_REPORT");
    if (!path || !*path)
        return;
    std::ofstream out(path);
    out << reportJson(secondsPerStep) << "\n";
    if (!out)
        m_sink.onWarning({WarningKind::General, std::string("could not write the memory report to ") + path});
}

} // namespace framesmith
