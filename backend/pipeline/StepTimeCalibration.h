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
#include "memory/placement/PlacementPlan.h"

#include <optional>
#include <string>
#include <vector>

namespace framesmith {

struct StepCalibration {
    std::string deviceKey;
    std::string modelKey;
    double ratio = 0;              // measured / arithmetic seconds per step
    double measuredSeconds = 0;    // the run it came from, per step
    double arithmeticSeconds = 0;
    int steps = 0;                 // steps that were timed
};

class StepTimeCalibration {
public:
    static constexpr int kSchemaVersion = 1;
    // Uncalibrated, a step takes between the arithmetic and this many times it: the arithmetic
    // counts FLOPs at a large matmul's rate, and small and mid models spend far more of a step in
    // launches, elementwise work and attention's memory traffic (docs/benchmarks.md, "Step time").
    static constexpr double kUncalibratedSpread = 60.0;

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
    static StepTimeRange range(double arithmeticSeconds, double transferSeconds,
                               const std::optional<StepCalibration>& calibration);

private:
    std::string m_path;
};

} // namespace framesmith
