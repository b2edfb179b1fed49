#pragma once
// The planner's forecast for the request on the form, from framesmith::JobForecast (the one call
// the queue, the graph and `framesmith-cli plan` also use): per device peaks of the job that runs
// on this machine, the host's RAM always among them, a verdict that names what does not fit, and
// the step time (calibrated here, or a range until a run measured it). With no GPU here the verdict
// is also given for GPUs of a size the user chooses (so presets differ), and a multi-GPU preset is
// planned for at least two GPUs, never silently for one. Devices come from the memory monitor's
// GPU series; the host is JobForecast::hostDevice (MemAvailable, cgroup, RLIMIT_AS). GUI thread.
#include "framesmith/DeviceInfo.h"
#include "framesmith/GenerationRequest.h"
#include "framesmith/MemoryPreset.h"
#include "ui/memory/MemoryFigures.h"

#include <QHash>
#include <QString>

#include <vector>

namespace framesmith {
class VramMonitor;
}

struct MemoryForecast {
    bool isKnown = false;          // false: no model or no preset to plan with
    bool fits = false;             // the run here and, when planned for, the chosen GPUs
    bool isForChosenGpu = false;   // the verdict is (also) for plannedGpuCount GPUs the user chooses
    int plannedGpuCount = 0;
    QString summary;               // one translated line for the label next to the preset picker
    QString details;               // per-stage peaks and all advice, for the tooltip
    // The job that runs on this machine: device ("cuda:0", "cpu") -> the planner's peak. The queue's
    // column and the graph's prediction show exactly these.
    MemoryFigures::Peaks devicePeaks;
    QHash<QString, qint64> peakBytesBySeries; // the same, by graph series ("rss" for the host)
    double secondsPerStep = 0;     // calibrated, or the range's low end (0: none)
    double secondsPerStepHigh = 0; // == secondsPerStep once calibrated
    bool isStepCalibrated = false;

    // plannedGpuBytes: the size of each GPU planned for when `devices` has too few.
    static MemoryForecast forRequest(const framesmith::GenerationRequest& request,
                                     const std::vector<framesmith::DeviceInfo>& devices, qint64 plannedGpuBytes);
    // The same for a preset being edited (request.preset is ignored). plannedGpuCount: how many
    // GPUs a multi-GPU preset is planned for when this machine has fewer than two (at least two).
    static MemoryForecast forPreset(const framesmith::GenerationRequest& request, const framesmith::MemoryPreset& preset,
                                    const std::vector<framesmith::DeviceInfo>& devices, qint64 plannedGpuBytes,
                                    int plannedGpuCount = 1);
    static std::vector<framesmith::DeviceInfo> devicesFrom(const framesmith::VramMonitor& monitor);
    static bool hasGpu(const std::vector<framesmith::DeviceInfo>& devices);
    // GPUs a preset needs to be planned as it is meant: two for one that spreads over GPUs or
    // splits guidance, else one.
    static int gpusWanted(const framesmith::MemoryPreset& preset);
};
