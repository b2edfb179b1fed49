#include "memory/oom/GenerationMemory.h"

#include "memory/presets/AllocatorSettings.h"
#include "memory/monitor/CpuAllocationTracker.h"
#include "memory/monitor/DeviceMemory.h"
#include "memory/monitor/DeviceNames.h"
#include "memory/planner/MemoryPlanner.h"
#include "models/ModelRegistry.h"
#include "memory/presets/PresetStore.h"

#include <nlohmann/json.hpp>

#include <algorithm>
#include <cstdlib>
#include <fstream>

namespace framesmith {

GenerationMemory::GenerationMemory(MemoryPreset preset, ProgressSink& sink, std::string device)
    : m_preset(std::move(preset)), m_sink(sink), m_device(std::move(device)),
      m_ladder(m_preset, &sink,
               [this](const MemoryPreset& changed, Stage stage) {
                   if (m_onPresetChanged)
                       m_onPresetChanged(changed, stage);
               },
               &DeviceMemory::releaseCache, [this] { return allocatedNow(); }),
      m_injector(OomInjector::fromEnvironment())
{
    if (!isCudaDeviceName(m_device))
        CpuAllocationTracker::install(); // host peaks are measured by counting tensor bytes
}

MemoryPreset GenerationMemory::resolvePreset(const GenerationRequest& request, const std::vector<DeviceInfo>& devices,
                                             std::string* log)
{
    const PresetStore store;
    MemoryPreset preset = store.load(request.preset.empty() ? std::string("auto") : request.preset);
    if (preset.isAutomatic())
        preset = MemoryPlanner::choosePreset(*ModelRegistry::planning(request.modelPath), request, preset, devices, store);
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

void GenerationMemory::beginStage(Stage stage)
{
    if (isCudaDeviceName(m_device))
        DeviceMemory::resetPeak(m_device);
    else
        CpuAllocationTracker::resetPeak();
    m_growth.reset();
    m_stageStart = std::chrono::steady_clock::now();
}

void GenerationMemory::endStage(Stage stage)
{
    const std::int64_t peak = isCudaDeviceName(m_device) ? DeviceMemory::peakAllocatedBytes(m_device)
                                                         : CpuAllocationTracker::peakBytes();
    m_stagePeaks[stageName(stage)] = std::max(m_stagePeaks[stageName(stage)], peak);
    m_stageSeconds[stageName(stage)] +=
        std::chrono::duration<double>(std::chrono::steady_clock::now() - m_stageStart).count();
    if (m_preset.releaseCacheBetweenStages)
        DeviceMemory::releaseCache();
}

void GenerationMemory::afterStep(int step)
{
    if (m_preset.releaseCacheEveryStep)
        DeviceMemory::releaseCache();
    if (auto warning = m_growth.addSample(step, allocatedNow()))
        m_sink.onWarning(*warning);
}

std::int64_t GenerationMemory::stagePeakBytes(Stage stage) const
{
    auto it = m_stagePeaks.find(stageName(stage));
    return it == m_stagePeaks.end() ? 0 : it->second;
}

std::string GenerationMemory::reportJson(double secondsPerStep) const
{
    nlohmann::json stages = nlohmann::json::array();
    for (const auto& [name, peak] : m_stagePeaks)
        stages.push_back({{"name", name}, {"device", m_device}, {"peakBytes", peak},
                          {"seconds", m_stageSeconds.count(name) ? m_stageSeconds.at(name) : 0.0}});
    const nlohmann::json report = {{"preset", m_preset.name}, {"device", m_device}, {"stages", stages},
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
