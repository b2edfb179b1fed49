#include "memory/planner/StepTimeEstimator.h"

#include "memory/monitor/DeviceNames.h"

#include <algorithm>
#include <map>

namespace framesmith {

namespace {

DeviceInfo deviceNamed(const std::string& name, const std::vector<DeviceInfo>& devices)
{
    if (isCudaDeviceName(name))
        for (const DeviceInfo& d : devices)
            if (d.isCuda() && "cuda:" + std::to_string(d.index) == name)
                return d;
    for (const DeviceInfo& d : devices)
        if (!d.isCuda())
            return d;
    return DeviceInfo{};
}

struct Path {
    double seconds = 0, compute = 0, transfer = 0;
};

// The blocks run one after another, each on its compute device; a streamed block's copy overlaps
// the previous block's compute when the plan prefetches, and adds to it when not.
Path blocksPath(const PlacementPlan& placement, double flopsPerBlock, const std::map<std::string, DeviceSpeed>& speeds,
                const std::string& onlyDevice)
{
    Path path;
    for (const ModulePlacement* block : placement.ofComponent(placement.blockComponentOf(Stage::Denoising))) {
        if (block->blockIndex < 0)
            continue;
        const std::string& device = onlyDevice.empty() ? block->computeDevice : onlyDevice;
        const DeviceSpeed& speed = speeds.at(device);
        const double compute = flopsPerBlock / speed.flopsPerSecond;
        const double transfer = block->streamed && speed.hostLinkBytesPerSecond > 0
                                    ? static_cast<double>(block->bytes) / speed.hostLinkBytesPerSecond
                                    : 0.0;
        path.compute += compute;
        path.transfer += transfer;
        path.seconds += placement.prefetchBlocks() > 0 ? std::max(compute, transfer) : compute + transfer;
    }
    return path;
}

} // namespace

StepEstimate StepTimeEstimator::estimate(const ModelPlanning& model, const GenerationRequest& request,
                                         const PlacementPlan& placement, ComputeDtype dtype,
                                         const std::vector<DeviceInfo>& devices, const SpeedOf& speedOf)
{
    int blocks = 0;
    std::map<std::string, DeviceSpeed> speeds;
    for (const ModulePlacement* module : placement.ofComponent(placement.blockComponentOf(Stage::Denoising))) {
        blocks += module->blockIndex >= 0 ? 1 : 0;
        if (!speeds.count(module->computeDevice))
            speeds[module->computeDevice] = speedOf(deviceNamed(module->computeDevice, devices), dtype);
    }
    const std::string& other = placement.cfgUnconditionalDevice();
    if (!other.empty() && !speeds.count(other))
        speeds[other] = speedOf(deviceNamed(other, devices), dtype);
    StepEstimate estimate;
    for (const auto& [device, speed] : speeds)
        if (blocks == 0 || speed.flopsPerSecond <= 0)
            return estimate;

    const bool guided = request.guidanceScale > 1.0;
    const bool split = guided && !other.empty();
    const int batch = guided && !split ? 2 : 1;
    const Path main = blocksPath(placement, model.denoiseFlops(request, batch) / blocks, speeds, "");
    Path path = main;
    if (split) { // the unconditional half runs at the same time on its own device
        const Path second = blocksPath(placement, model.denoiseFlops(request, 1) / blocks, speeds, other);
        if (second.seconds > main.seconds)
            path = second;
    }
    estimate.seconds = path.seconds;
    estimate.computeSeconds = path.compute;
    estimate.transferSeconds = path.transfer;
    for (const auto& [device, speed] : speeds)
        estimate.basis += (estimate.basis.empty() ? "" : "\n") + device + ": " + speed.basis;
    return estimate;
}

} // namespace framesmith
