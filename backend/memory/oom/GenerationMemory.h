#pragma once
// The memory side of one generation, for the GenerationRunner: the resolved preset, the
// allocator settings, OOM recovery and fault injection around each stage, cache release between
// stages (and steps), the memory-growth remedy, measured per-stage peaks, and the optional JSON
// report ($FRAMESMITH_MEMORY_REPORT) the GPU benchmark reads. The worker thread only.
#include "framesmith/DeviceInfo.h"
#include "framesmith/GenerationEvents.h"
#include "framesmith/GenerationRequest.h"
#include "framesmith/MemoryPreset.h"
#include "memory/monitor/MemoryGrowthDetector.h"
#include "memory/oom/LeakInjector.h"
#include "memory/oom/OomInjector.h"
#include "memory/oom/OomRecoveryLadder.h"

#include <chrono>
#include <functional>
#include <map>
#include <memory>
#include <string>
#include <vector>

namespace framesmith {

class ModelPlanning;

class GenerationMemory {
public:
    // `device`: where the heavy stages run ("cuda:0" or "cpu"); peaks are measured there.
    GenerationMemory(MemoryPreset preset, ProgressSink& sink, std::string device);

    // The model's planning, asked only when the preset is "auto" (a named preset reads no config).
    // The caller hands it (the engine: ModelRegistry::planning): memory/ sits below models/ and
    // plans whatever model it is given.
    using PlanningSource = std::function<std::unique_ptr<ModelPlanning>()>;
    // The request's preset (a built-in name, a user preset or a .json path); "auto" is resolved
    // against the model's configs and the devices. Also applies the allocator settings, so call it
    // before CUDA allocates anything. Throws InvalidRequestError for an unknown preset.
    static MemoryPreset resolvePreset(const GenerationRequest& request, const std::vector<DeviceInfo>& devices,
                                      const PlanningSource& planning, std::string* log = nullptr);

    const MemoryPreset& preset() const { return m_preset; }
    // Called with the changed preset before a retry, to re-apply it (decode tiles, placement).
    void setPresetChangedHandler(OomRecoveryLadder::PresetChanged handler) { m_onPresetChanged = std::move(handler); }
    // The levers (MemoryLevers names) the caller can apply between attempts; others are skipped.
    void setRuntimeLevers(std::vector<std::string> levers);

    // Runs one piece of a stage with fault injection and OOM recovery. `step` is the 1-based step
    // (denoise) or 0 for the whole stage.
    template <class Body>
    auto run(Stage stage, int step, Body&& body)
    {
        m_ladder.setStep(step);
        return m_ladder.run(stage, [&] {
            m_injector.check(stage, step);
            return body();
        });
    }

    void beginStage(Stage stage);
    void endStage(Stage stage);     // records the stage peak, releases caches when the preset says so
    // What the growth detector asks of the run after a step. Memory that rises steadily across
    // steps is first met with the remedy that fixes the common cause (the caching allocator's
    // reserve growing with fragmentation: release the cache after every step, as empty_cache()
    // does); if it still rises, the run pauses to disk so the work survives and a fresh process
    // can continue it.
    enum class GrowthAction { None, ReleasingCache, Pause };
    // Growth detection and its remedy; cache release every step when the preset says so.
    GrowthAction afterStep(int step);
    // Why the last GrowthAction::Pause was asked for (the detector's finding).
    const std::string& growthFinding() const { return m_growthFinding; }
    std::int64_t stagePeakBytes(Stage stage) const; // 0 when not measured
    // The process's peak resident set during the stage, and its resident set when this object was
    // made (before the run loaded anything): what the planner's host figures are checked against.
    std::int64_t stagePeakRssBytes(Stage stage) const; // 0 when not measured
    std::int64_t startRssBytes() const { return m_startRss; }
    const std::vector<std::string>& recoveries() const { return m_ladder.recoveries(); }
    // One rung down the OOM ladder without an OOM (OomRecoveryLadder::stepDown).
    std::string stepDown(Stage stage, const std::string& cause) { return m_ladder.stepDown(stage, cause); }
    // The run's report as JSON: preset, device, per-stage peaks (measured on the device, and the
    // process's peak RSS) and seconds, the RSS at the start, recoveries.
    std::string reportJson(double secondsPerStep) const;
    // Writes the report to $FRAMESMITH_MEMORY_REPORT when set (any failure is reported as a warning).
    void writeReport(double secondsPerStep) const;

private:
    std::int64_t allocatedNow() const;
    std::int64_t heldNow() const; // what the growth detector watches
    void releaseCache();

    MemoryPreset m_preset;
    ProgressSink& m_sink;
    std::string m_device;
    OomRecoveryLadder::PresetChanged m_onPresetChanged;
    OomRecoveryLadder m_ladder;
    OomInjector m_injector;
    LeakInjector m_leak;
    MemoryGrowthDetector m_growth;
    bool m_isGrowthRemedyOn = false;
    std::string m_growthFinding;
    std::map<std::string, std::int64_t> m_stagePeaks;
    std::map<std::string, double> m_stageSeconds;
    std::map<std::string, std::int64_t> m_stageRssPeaks;
    std::int64_t m_startRss = 0;
    std::chrono::steady_clock::time_point m_stageStart;
};

} // namespace framesmith
