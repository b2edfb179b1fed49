#include "engine/checks/MemoryPressureCheck.h"

#include "memory/monitor/DeviceNames.h"
#include "memory/oom/GenerationMemory.h"
#include "memory/placement/RuntimePlacement.h"
#include "memory/planner/MemoryPlanner.h"
#include "models/ModelRegistry.h"

#include <algorithm>

namespace framesmith {
namespace {

// The stage the levers between steps can help. The decode after it has its own OOM ladder (its
// tiles), and the latents are saved before it, so a shortfall there costs a retry, not the work.
bool isAhead(const StageBreakdown& stage)
{
    return stage.name == stageName(Stage::Denoising);
}

bool restFits(const DetailedPlan& plan)
{
    for (const StageBreakdown& stage : plan.stages)
        if (isAhead(stage))
            for (const DeviceBreakdown& d : stage.devices)
                if (!d.fits())
                    return false;
    return true;
}

} // namespace

MemoryPressureCheck::MemoryPressureCheck(const GenerationRequest& request, RuntimePlacement& placement,
                                         GenerationMemory& memory, ProgressSink& sink,
                                         std::unique_ptr<DeviceUseSource> source)
    : m_request(request), m_placement(placement), m_memory(memory), m_sink(sink), m_source(std::move(source))
{
    if (gpus().empty())
        return; // nothing to watch (and no driver library to load)
    if (!m_source)
        m_source = DeviceUseSource::fromEnvironment();
    m_source->setStep(0);
    for (const std::string& gpu : gpus())
        if (const auto use = m_source->read(gpu))
            m_baseline[gpu] = use->otherBytes();
}

MemoryPressureCheck::~MemoryPressureCheck() = default;

std::vector<std::string> MemoryPressureCheck::gpus() const
{
    std::vector<std::string> out;
    for (const DeviceInfo& d : m_placement.devices())
        if (d.isCuda())
            out.push_back(deviceName(d));
    return out;
}

std::int64_t MemoryPressureCheck::takenBytes(const std::string& device) const
{
    auto it = m_taken.find(device);
    return it == m_taken.end() ? 0 : it->second;
}

// The plan for the current preset on the devices as they are now: each GPU's free memory at the
// start less what other programs took since.
DetailedPlan MemoryPressureCheck::planFor(const std::map<std::string, std::int64_t>& taken) const
{
    std::vector<DeviceInfo> devices = m_placement.devices();
    for (DeviceInfo& d : devices)
        if (auto it = taken.find(deviceName(d)); it != taken.end() && d.isCuda())
            d.freeBytes = std::max<std::int64_t>(0, d.freeBytes - it->second);
    return MemoryPlanner::planDetailed(*m_model, m_request, m_memory.preset(), devices, m_placement.residency());
}

std::string MemoryPressureCheck::describeShortfall(const DetailedPlan& plan, int step) const
{
    std::string text;
    for (const auto& [device, bytes] : m_taken) {
        if (bytes < kNoticeBytes)
            continue;
        std::int64_t need = 0;
        std::int64_t left = 0;
        for (const StageBreakdown& stage : plan.stages)
            for (const DeviceBreakdown& d : stage.devices)
                if (isAhead(stage) && d.device == device && d.peakBytes() > need) {
                    need = d.peakBytes();
                    left = d.capacityBytes;
                }
        text += std::string(text.empty() ? "" : "; ") + "another program took " + formatBytes(bytes) + " of " +
                device + " before step " + std::to_string(step) + " (denoising needs " + formatBytes(need) +
                " there, " + formatBytes(left) + " is left for this run, the preset's headroom kept)";
    }
    return text;
}

void MemoryPressureCheck::beforeStep(int step)
{
    if (!m_source)
        return;
    m_source->setStep(step);
    bool isNew = false;
    for (const auto& [gpu, baseline] : m_baseline)
        if (const auto use = m_source->read(gpu)) {
            const std::int64_t taken = use->otherBytes() - baseline;
            isNew = isNew || taken >= takenBytes(gpu) + kNoticeBytes;
            m_taken[gpu] = taken;
        }
    if (!isNew)
        return; // nothing more taken since the last look (what was taken then is already met)
    if (!m_model)
        m_model = ModelRegistry::planning(m_request.modelPath);
    DetailedPlan plan = planFor(m_taken);
    if (restFits(plan))
        return; // the plan's slack absorbs it
    const std::string cause = describeShortfall(plan, step);
    std::vector<std::string> levers;
    for (std::string lever; !restFits(plan) && !(lever = m_memory.stepDown(Stage::Denoising, cause)).empty();) {
        levers.push_back(lever);
        plan = planFor(m_taken);
    }
    std::string message = cause;
    for (std::size_t i = 0; i < levers.size(); ++i)
        message += (i == 0 ? "; the run continues after switching to: " : "; then: ") + levers[i];
    if (!restFits(plan)) {
        if (levers.empty() && m_isOutOfLevers)
            return; // said once already
        m_isOutOfLevers = true;
        message += std::string(levers.empty() ? "; " : "; still short: ") +
                   "no memory lever is left for denoising, the run goes on (an out-of-memory error would be "
                   "retried, and the latents are kept)";
    }
    m_sink.onWarning(Warning(WarningKind::OutOfMemoryRecovered, message,
                             levers.empty() ? std::string() : std::string(kOtherProcessReplanMarker)));
}

} // namespace framesmith
