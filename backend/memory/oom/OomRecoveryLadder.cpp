#include "memory/oom/OomRecoveryLadder.h"

#include "framesmith/Error.h"
#include "memory/monitor/DeviceMemory.h"
#include "memory/presets/MemoryLevers.h"
#include "memory/planner/MemoryPlanner.h"
#include "memory/oom/OutOfMemoryClassifier.h"

namespace framesmith {

OomRecoveryLadder::OomRecoveryLadder(MemoryPreset& preset, ProgressSink* sink, PresetChanged onPresetChanged,
                                     ReleaseCache releaseCache, AllocatedBytes allocatedBytes)
    : m_preset(preset), m_sink(sink), m_onPresetChanged(std::move(onPresetChanged)),
      m_releaseCache(releaseCache ? std::move(releaseCache) : ReleaseCache(&DeviceMemory::releaseCache)),
      m_allocatedBytes(std::move(allocatedBytes))
{
}

bool OomRecoveryLadder::isUsable(const MemoryLever& lever, Stage stage, const MemoryPreset& preset) const
{
    return !lever.changesOutput && leverHelps(lever, stage) && lever.isApplicable(preset) &&
           (!m_leverFilter || m_leverFilter(lever.name));
}

std::vector<std::string> OomRecoveryLadder::rungsFor(Stage stage) const
{
    std::vector<std::string> rungs = {"release-cache"};
    MemoryPreset preview = m_preset;
    for (const MemoryLever& lever : memoryLevers()) {
        while (isUsable(lever, stage, preview)) {
            lever.apply(preview);
            rungs.push_back(lever.name);
            if (lever.name != "smaller-vae-tiles")
                break; // tiles may shrink several times; other levers apply once
        }
    }
    return rungs;
}

std::string OomRecoveryLadder::whereFrom(const std::exception& error) const
{
    if (m_allocatedBytes)
        if (std::int64_t bytes = m_allocatedBytes(); bytes > 0)
            return " at " + formatBytes(bytes);
    const std::string fromMessage = OutOfMemoryClassifier::allocatedFromMessage(error.what());
    return fromMessage.empty() ? std::string() : " at " + fromMessage;
}

std::string OomRecoveryLadder::applyNextLever(Stage stage)
{
    for (const MemoryLever& lever : memoryLevers()) {
        if (!isUsable(lever, stage, m_preset))
            continue;
        lever.apply(m_preset);
        if (m_onPresetChanged)
            m_onPresetChanged(m_preset, stage);
        return lever.describe(m_preset);
    }
    return "";
}

std::string OomRecoveryLadder::stepDown(Stage stage, const std::string& cause)
{
    const std::string lever = applyNextLever(stage);
    if (!lever.empty())
        m_recoveries.push_back(cause + "; switched to: " + lever);
    return lever;
}

bool OomRecoveryLadder::climb(Stage stage, bool& cacheReleased, const std::string& where,
                              std::vector<std::string>& done)
{
    std::string action;
    if (!cacheReleased) {
        cacheReleased = true;
        action = "released cached memory and retried";
    } else {
        const std::string lever = applyNextLever(stage);
        if (lever.empty())
            return false;
        action = "retried after switching to: " + lever;
    }
    m_releaseCache();
    const std::string at = m_step > 0 ? " at step " + std::to_string(m_step) : std::string();
    const std::string message = std::string(stageName(stage)) + " ran out of memory" + at + where + "; " + action;
    done.push_back(action);
    m_recoveries.push_back(message);
    if (m_sink)
        m_sink->onWarning({WarningKind::OutOfMemoryRecovered, message});
    return true;
}

void OomRecoveryLadder::runErased(Stage stage, const std::function<void()>& body)
{
    bool cacheReleased = false;
    std::vector<std::string> done;
    for (;;) {
        std::string where;
        try {
            body();
            return;
        } catch (const std::exception& error) {
            if (!OutOfMemoryClassifier::isOutOfMemory(error))
                throw;
            where = whereFrom(error);
        }
        // Outside the catch block: the failed attempt's tensors are released before the retry.
        if (!climb(stage, cacheReleased, where, done)) {
            std::string tried;
            for (const std::string& d : done)
                tried += (tried.empty() ? "" : "; ") + d;
            throw OutOfMemoryError(stageName(stage), "ran out of memory" + where +
                                                         (tried.empty() ? "" : " after: " + tried) +
                                                         "; no memory lever is left for this stage");
        }
    }
}

} // namespace framesmith
