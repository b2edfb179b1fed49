#pragma once
// The one memory truth for a job: the planner's figures for a request on a set of devices, per
// device, the host's RAM always among them, with one verdict that counts every limit (each GPU's
// free memory; on the host the binding one of MemAvailable, the cgroup limit and RLIMIT_AS) and
// names the one that does not hold its peak; and the step time, calibrated on this machine or a
// range until it is. The app's forecast, its memory graph's prediction, the queue's planned peak
// and `framesmith-cli plan` all show these figures, from this one call. Pure but for reading the
// host's limits and the calibration file; any thread (the GUI calls it as the user edits).
#include "framesmith/DeviceInfo.h"
#include "framesmith/GenerationRequest.h"
#include "framesmith/MemoryPlan.h"
#include "framesmith/MemoryPreset.h"

#include <cstdint>
#include <string>
#include <vector>

namespace framesmith {

// One device's share of the job: its highest peak over the stages, against what the plan may use.
struct DeviceForecast {
    std::string device;              // "cuda:0", "cpu" (the host's RAM)
    std::string name;                // "NVIDIA GeForce RTX 4090", "CPU"
    std::int64_t peakBytes = 0;
    std::int64_t capacityBytes = 0;  // what this process may use there (0: unknown)
    std::string peakStage;           // the stage of the peak ("denoise")
    // The host only: what bounds capacityBytes when it is not MemAvailable (the cgroup's or the
    // address-space limit, with the way to raise it); "" otherwise.
    std::string limitedBy;
    bool isHost() const { return device == "cpu"; }
    bool fits() const { return capacityBytes <= 0 || peakBytes <= capacityBytes; }
};

// Seconds per denoising step. Calibrated: what a run of this model on this device measured, scaled
// by the step's work (FLOPs) to this request (low == high). Not yet: a range around the planner's
// arithmetic (about a floor: no step beats the device's matmul rate, measured in a moment) up to
// what overheads cost small models.
struct StepTimeRange {
    double lowSeconds = 0;           // 0: not estimated
    double highSeconds = 0;
    bool isCalibrated = false;
    double arithmeticSeconds = 0;    // the planner's own estimate (FLOPs over rates, copies)
    double transferSeconds = 0;      // streamed weights' copies per step (0: none streamed)
    std::string deviceKey;           // what the calibration is stored under: device, then model
    std::string modelKey;
    std::string basis;               // English, for logs and the CLI
};

struct JobForecast {
    MemoryPlan plan;                        // per stage and device, advice, the preset auto chose
    std::vector<DeviceForecast> devices;    // GPUs first, then the host (always present)
    bool fits = false;                      // every device and the host hold their peaks
    // When it does not fit: the device or host limit that binds first, in English naming it
    // ("host RAM: needs 19.0 GiB, 2.1 GiB usable, limited by the address-space limit (RLIMIT_AS ...)").
    std::string binding;
    StepTimeRange step;

    const DeviceForecast* host() const;
    const DeviceForecast* find(const std::string& device) const;

    // The planner's verdict as Engine::plan gives it (generate's checks first: throws as it does).
    // `devices` without a CPU entry (GPUs of a size the user plans for) get this machine's host,
    // with its limits; a CPU entry given is used as it is (tests, a planned machine).
    static JobForecast of(const GenerationRequest& request, const MemoryPreset& preset,
                          const std::vector<DeviceInfo>& devices);
    // The host as the planner sees it: RAM this process may use, bound by MemAvailable, the
    // cgroup's limit and RLIMIT_AS, naming the binding one.
    static DeviceInfo hostDevice();
};

} // namespace framesmith
