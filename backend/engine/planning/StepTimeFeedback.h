#pragma once
// A run's own steps calibrate the next forecast: this sink passes every event on to the caller's
// sink and keeps the wall time of each denoising step; record() then stores what the steps took
// against the planner's arithmetic for the same request, preset and devices (StepTimeCalibration).
// The worker thread, like the sink it wraps.
#include "framesmith/DeviceInfo.h"
#include "framesmith/GenerationEvents.h"
#include "framesmith/GenerationRequest.h"
#include "framesmith/MemoryPreset.h"
#include "engine/planning/StepTimeCalibration.h"

#include <optional>
#include <vector>

namespace framesmith {

class StepTimeFeedback : public ProgressSink {
public:
    explicit StepTimeFeedback(ProgressSink& sink) : m_sink(sink) {}

    void onStageStarted(const StageStarted& e) override { m_sink.onStageStarted(e); }
    void onStageProgress(const StageProgress& e) override { m_sink.onStageProgress(e); }
    void onStepFinished(const StepFinished& e) override;
    void onPreview(const PreviewFrames& e) override { m_sink.onPreview(e); }
    void onWarning(const Warning& e) override { m_sink.onWarning(e); }

    // Seconds per step as measured: the median of the steps after the first (which pays for lazy
    // initialisation and cold caches), or the one step; nullopt when no step was timed.
    std::optional<double> measuredSecondsPerStep() const;
    // Stores the measurement for the device the transformer ran on and the model. Skipped for a
    // step-cached run (its skipped blocks are not the arithmetic's step). Throws nothing: a
    // calibration that cannot be written never fails a finished run.
    void record(const GenerationRequest& request, const MemoryPreset& preset, const std::vector<DeviceInfo>& devices,
                const StepTimeCalibration& store) const noexcept;

private:
    ProgressSink& m_sink;
    std::vector<double> m_stepSeconds;
};

} // namespace framesmith
