#include "framesmith/JobForecast.h"

#include "memory/monitor/DeviceMemory.h"
#include "memory/monitor/DeviceNames.h"
#include "memory/planner/MemoryPlanner.h"
#include "engine/planning/PlannedJob.h"
#include "engine/warm/HeldMemory.h"
#include "engine/planning/StepTimeCalibration.h"

#include <algorithm>

namespace framesmith {
namespace {

const DeviceInfo* deviceNamed(const std::string& name, const std::vector<DeviceInfo>& devices)
{
    for (const DeviceInfo& d : devices)
        if (deviceName(d) == name)
            return &d;
    return nullptr;
}

// Each device's highest peak over the stages; the host always, with 0 when nothing runs there.
std::vector<DeviceForecast> perDevice(const DetailedPlan& plan, const std::vector<DeviceInfo>& devices)
{
    std::vector<DeviceForecast> out;
    for (const StageBreakdown& stage : plan.stages)
        for (const DeviceBreakdown& d : stage.devices) {
            auto it = std::find_if(out.begin(), out.end(), [&](const DeviceForecast& f) { return f.device == d.device; });
            if (it == out.end()) {
                out.push_back({d.device, "", 0, d.capacityBytes, stage.name, ""});
                it = out.end() - 1;
            }
            if (d.peakBytes() > it->peakBytes) {
                it->peakBytes = d.peakBytes();
                it->peakStage = stage.name;
            }
            it->capacityBytes = std::max(it->capacityBytes, d.capacityBytes);
        }
    if (std::none_of(out.begin(), out.end(), [](const DeviceForecast& f) { return f.isHost(); }))
        if (const DeviceInfo* host = deviceNamed("cpu", devices))
            out.push_back({"cpu", "", 0, usableBytes(*host), "", ""});
    for (DeviceForecast& f : out)
        if (const DeviceInfo* d = deviceNamed(f.device, devices)) {
            f.name = d->name;
            f.limitedBy = d->isCuda() ? "" : d->limitedBy;
        }
    std::stable_partition(out.begin(), out.end(), [](const DeviceForecast& f) { return !f.isHost(); });
    return out;
}

// "host RAM needs 19.0 GiB in denoise, 2.1 GiB usable, limited by the address-space limit (...)".
std::string bindingLine(const DeviceForecast& d)
{
    const std::string needs = " needs " + formatBytes(d.peakBytes) + (d.peakStage.empty() ? "" : " in " + d.peakStage);
    if (!d.isHost())
        return d.device + needs + ", " + formatBytes(d.capacityBytes) + " free";
    return "host RAM" + needs + ", " + formatBytes(d.capacityBytes) + " usable, limited by " +
           (d.limitedBy.empty() ? std::string("the RAM available (MemAvailable; close other programs to free it)")
                                : d.limitedBy);
}

StepTimeRange stepRange(const EnginePlan& plan, const GenerationRequest& request, const std::vector<DeviceInfo>& devices)
{
    const StepArithmetic arithmetic = StepTimeCalibration::arithmeticOf(plan.detailed, devices);
    const StepTimeCalibration store(StepTimeCalibration::defaultPath());
    const std::string deviceKey = StepTimeCalibration::deviceKey(arithmetic.device);
    const std::string modelKey = StepTimeCalibration::modelKey(request.modelPath);
    StepTimeRange range = StepTimeCalibration::range(arithmetic, store.find(deviceKey, modelKey));
    range.deviceKey = deviceKey;
    range.modelKey = modelKey;
    range.basis = plan.detailed.step.basis + (range.isCalibrated ? "\ncalibrated: measured on " + deviceKey
                                                         : "\nnot measured on " + deviceKey + " yet");
    return range;
}

} // namespace

const DeviceForecast* JobForecast::find(const std::string& device) const
{
    for (const DeviceForecast& d : devices)
        if (d.device == device)
            return &d;
    return nullptr;
}

const DeviceForecast* JobForecast::host() const { return find("cpu"); }

DeviceInfo JobForecast::hostDevice() { return DeviceMemory::host(); }

JobForecast JobForecast::of(const GenerationRequest& request, const MemoryPreset& preset,
                            const std::vector<DeviceInfo>& devices)
{
    return PlannedJob::of(request, preset, devices).forecast;
}

PlannedJob PlannedJob::of(const GenerationRequest& request, const MemoryPreset& preset,
                          const std::vector<DeviceInfo>& given)
{
    PlannedJob job;
    job.devices = given;
    if (std::all_of(given.begin(), given.end(), [](const DeviceInfo& d) { return d.isCuda(); }))
        job.devices.push_back(JobForecast::hostDevice()); // GPUs planned for still run beside this machine's RAM
    job.plan = EnginePlanning::plan(request, preset, job.devices);
    JobForecast& forecast = job.forecast;
    forecast.plan = job.plan.summary();
    forecast.fits = forecast.plan.fits;
    // Capacities as the planner credited them (what warm engines hold counts as free).
    forecast.devices = perDevice(job.plan.detailed, HeldMemory::credited(job.devices));
    for (const DeviceForecast& d : forecast.devices)
        if (!d.fits())
            forecast.binding += (forecast.binding.empty() ? "" : "; ") + bindingLine(d);
    forecast.step = stepRange(job.plan, request, job.devices);
    return job;
}

} // namespace framesmith
