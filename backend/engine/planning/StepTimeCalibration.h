#pragma once
// What a denoising step really took on this machine, against what the planner's arithmetic said:
// stored per device and model in <data root>/calibration/step-times.json (backend JSON with
// schemaVersion, written to a temporary and renamed), so the next forecast for that pair is the
// arithmetic times the measured ratio. Until a pair is measured the forecast is a range. Runs feed
// it (Engine::generate records the steps it timed); FRAMESMITH_NO_STEP_CALIBRATION=1 turns the
// default file off (the tests, so that they leave nothing in a user's folder). Any thread; the
// file is re-read on every lookup (a few hundred bytes) so the app sees what its worker wrote.
#include "framesmith/DeviceInfo.h"
#include "framesmith/JobForecast.h"
#include "memory/planner/MemoryPlanner.h"

#include <optional>
#include <string>
#include <vector>

namespace framesmith {

// What one run's steps took, and the work the planner counts in such a step: a model's step on a
// device scales with that work (its tokens, frames and guidance), so another size of the same
// model is forecast from it. FLOPs rather than the arithmetic's seconds: this CPU's matmul rate is
// measured once per process and moves with the machine's load, the work does not.
struct StepCalibration {
    std::string deviceKey;
    std::string modelKey;
    double measuredSeconds = 0;    // per step: the median of the run's warm steps
    double flops = 0;              // the step's FLOPs as the planner counts them, for that run
    double arithmeticSeconds = 0;  // what the arithmetic said for that run (for the record)
    int steps = 0;                 // steps that were timed
    double secondsFor(double stepFlops) const { return measuredSeconds * stepFlops / flops; }
};

// The planner's arithmetic for a plan's step, with the work behind it and the device it runs on.
struct StepArithmetic {
    double seconds = 0;            // FLOPs over the rates, plus copies not hidden (0: not estimated)
    double transferSeconds = 0;
    double flops = 0;
    DeviceInfo device;             // where the transformer computes
};

class StepTimeCalibration {
public:
    static constexpr int kSchemaVersion = 1;
    // Uncalibrated, a step takes between the arithmetic and this many times it: the arithmetic
    // counts FLOPs at a large matmul's rate, and small models spend far more of a step in launches,
    // elementwise work and attention's memory traffic (one family's demo model: 67x on a loaded 2-core
    // machine; docs/benchmarks.md, "Step time"). Wide by nature: the first run narrows it to one figure.
    static constexpr double kUncalibratedSpread = 100.0;
    // ... and from this share of it: the CPU's rate is measured once, on 768-wide products, in a
    // moment: wider products run faster and a busy moment slower (mid-5b's step took 0.48x the
    // arithmetic on a 2-core machine at load 16-20).
    static constexpr double kUncalibratedLow = 0.3;

    explicit StepTimeCalibration(std::string path); // the file need not exist; "" stores nothing
    // <data root>/calibration/step-times.json, or "" when FRAMESMITH_NO_STEP_CALIBRATION=1.
    static std::string defaultPath();
    const std::string& path() const { return m_path; }

    std::optional<StepCalibration> find(const std::string& deviceKey, const std::string& modelKey) const;
    // Replaces the pair's entry with this measurement (the latest run is the machine as it is now).
    // False when it could not be written (read-only folder): a run never fails for it.
    bool record(const StepCalibration& measured) const;

    // "CPU: <model name>, N threads" (the thread count changes a CPU's speed) or the GPU's name.
    static std::string deviceKey(const DeviceInfo& device);
    static std::string modelKey(const std::string& modelFolder); // the folder's canonical path
    // The device the plan's transformer computes on, as `devices` describe it (the step's device).
    static DeviceInfo transformerDevice(const PlacementPlan& placement, const std::vector<DeviceInfo>& devices);
    static StepArithmetic arithmeticOf(const DetailedPlan& plan, const std::vector<DeviceInfo>& devices);
    static StepTimeRange range(const StepArithmetic& arithmetic, const std::optional<StepCalibration>& calibration);

private:
    std::string m_path;
};

} // namespace framesmith
