#pragma once
// The planner's verdict for the request on the form: "fits" or "does not fit: advice", and the
// predicted peak per memory-graph series. Engine::plan is a pure function (configs, request,
// preset, devices), so this runs on the GUI thread as the user edits. Devices come from the
// memory monitor's series ("cuda:N" totals and latest use; "ram" for the host). With no GPU here
// the verdict is for a GPU of a size the user chooses, and says so; the graph still gets this
// machine's own (CPU) prediction.
#include "framesmith/DeviceInfo.h"
#include "framesmith/GenerationRequest.h"
#include "framesmith/MemoryPreset.h"

#include <QHash>
#include <QString>

#include <vector>

namespace framesmith {
class VramMonitor;
}

struct MemoryForecast {
    bool isKnown = false;          // false: no model or no preset to plan with
    bool fits = false;
    bool isForChosenGpu = false;   // no GPU here: the verdict is for plannedGpuBytes
    QString summary;               // one translated line for the label next to the preset picker
    QString details;               // per-stage peaks and all advice, for the tooltip
    QHash<QString, qint64> peakBytesBySeries; // graph series id -> predicted peak on this machine
    double secondsPerStep = 0;     // the planner's estimate for the run on this machine (0: none)

    // plannedGpuBytes: the GPU to plan for when `devices` has none.
    static MemoryForecast forRequest(const framesmith::GenerationRequest& request,
                                     const std::vector<framesmith::DeviceInfo>& devices, qint64 plannedGpuBytes);
    // The same for a preset being edited (request.preset is ignored).
    static MemoryForecast forPreset(const framesmith::GenerationRequest& request, const framesmith::MemoryPreset& preset,
                                    const std::vector<framesmith::DeviceInfo>& devices, qint64 plannedGpuBytes);
    static std::vector<framesmith::DeviceInfo> devicesFrom(const framesmith::VramMonitor& monitor);
    static bool hasGpu(const std::vector<framesmith::DeviceInfo>& devices);
};
