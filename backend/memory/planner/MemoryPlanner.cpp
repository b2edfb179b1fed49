#include "memory/planner/MemoryPlanner.h"

#include "core/ChunkedAttention.h"
#include "memory/monitor/DeviceNames.h"
#include "memory/presets/MemoryLevers.h"
#include "memory/presets/MemoryStrategyRegistry.h"
#include "memory/placement/PlacementExecutor.h"
#include "memory/placement/PlacementPlanner.h"
#include "memory/placement/PinnedStagingRing.h"
#include "memory/presets/PresetStore.h"

#include <algorithm>
#include <cstdio>
#include <map>

namespace framesmith {
namespace {

const std::vector<Stage> kPlannedStages = {Stage::TextEncoding, Stage::Denoising, Stage::VaeDecoding};

AttentionPath attentionFor(const std::string& device)
{
    return ChunkedAttention::hasFusedKernel(isCudaDeviceName(device)) ? AttentionPath::Fused : AttentionPath::ChunkedMath;
}

// Components that may read a start image into the condition at the start of denoising.
bool isConditionRole(ComponentRole role) { return role == ComponentRole::ImageEncoder || role == ComponentRole::Vae; }

struct WeightPeaks {
    std::map<std::string, std::map<std::string, std::int64_t>> stages; // stage -> device -> bytes
    // component -> the weights on its compute device while it encodes the condition: what the
    // earlier stages left resident there, and the component itself.
    std::map<std::string, std::int64_t> conditions;
};

// Weight residency per stage and device: a dry run of the executor the generation uses. With
// components kept loaded (a warm engine), a second generation runs from what the first left
// resident; each stage's peak is the larger of the two.
WeightPeaks weightPeaks(const PlacementPlan& placement)
{
    WeightLedger ledger;
    PlacementExecutor executor(placement, ledger);
    WeightPeaks peaks;
    for (int pass = 0; pass < (placement.keepsAnyLoaded() ? 2 : 1); ++pass)
        for (Stage stage : kPlannedStages) {
            if (stage == Stage::Denoising)
                for (const std::string& component : placement.components()) {
                    if (!isConditionRole(placement.ofComponent(component).front()->role))
                        continue;
                    const std::string device = placement.computeDeviceOf(component);
                    std::int64_t bytes = ledger.residentBytes(device);
                    for (const ModulePlacement* m : placement.ofComponent(component))
                        if (!ledger.isOn(m->module, device))
                            bytes += m->bytes;
                    peaks.conditions[component] = std::max(peaks.conditions[component], bytes);
                }
            executor.beginStage(stage);
            for (const std::string& component : placement.componentsOf(stage)) {
                if (placement.blockCount(component) == 0)
                    continue;
                executor.switchTo(component); // a second expert is read in at its switch
                for (int block = 0; block < placement.blockCount(component); ++block) {
                    executor.onBlock(block, true);
                    executor.onBlock(block, false);
                }
            }
            executor.endStage(stage);
            for (const auto& [device, bytes] : executor.stagePeaks().at(stageName(stage)))
                peaks.stages[stageName(stage)][device] = std::max(peaks.stages[stageName(stage)][device], bytes);
        }
    return peaks;
}

// The start image's condition, encoded at the start of denoising one component at a time before the
// denoiser is read in: where such a phase needs more than denoising itself on its device, it is the
// stage's peak there (and the plan says so).
void addConditionPhases(const ModelPlanning& model, const GenerationRequest& request, const MemoryPreset& computed,
                        PlacementPlan& placement, const std::map<std::string, std::int64_t>& conditionWeights,
                        std::map<std::string, DeviceBreakdown>& byDevice)
{
    for (const auto& [component, weightBytes] : conditionWeights) {
        const ComponentRole role = placement.ofComponent(component).front()->role;
        const std::string device = placement.computeDeviceOf(component);
        const std::int64_t working = model.conditionEncodeBytes(request, role, computed, !isCudaDeviceName(device));
        if (working <= 0)
            continue;
        DeviceBreakdown& d = byDevice[device];
        if (weightBytes + working <= d.weightBytes + d.activationBytes)
            continue;
        d.device = device;
        d.weightBytes = weightBytes;
        d.activationBytes = working;
        placement.notes.push_back("denoise: the start image's encode by " + component + " peaks on " + device + " (" +
                                  formatBytes(weightBytes + working) + " before margins), before the denoiser is read in");
    }
}

// Denoisers taken in turn (a model's experts): each later one is read from disk when it takes over,
// unless a warm engine keeps it; its bytes are what the switch re-reads, once per generation.
void noteDenoiserSwitches(PlacementPlan& placement)
{
    const std::vector<std::string> denoisers = placement.componentsOf(Stage::Denoising);
    std::string first;
    for (const std::string& component : denoisers) {
        if (!PlacementExecutor::isTakenInTurn(placement, component))
            continue;
        if (first.empty()) {
            first = component;
            continue;
        }
        if (placement.keepsLoaded(component))
            continue;
        std::int64_t bytes = 0;
        for (const ModulePlacement* m : placement.ofComponent(component))
            bytes += m->bytes;
        // fp8/int8 blocks are narrowed after the read: the disk gives the checkpoint's own bytes.
        const std::string size = placement.narrowedBlocks() ? "its checkpoint, narrowed to " + formatBytes(bytes)
                                                            : formatBytes(bytes);
        placement.notes.push_back("denoiser switch: " + component + " waits on disk and is read in (" + size +
                                  ") when it takes over from " + first + ", which is freed");
    }
}

// Working memory of one stage, per device that computes in it.
std::map<std::string, std::int64_t> activations(const ModelPlanning& model, const GenerationRequest& request,
                                                const MemoryPreset& preset, const PlacementPlan& placement, Stage stage)
{
    std::map<std::string, std::int64_t> out;
    if (stage == Stage::TextEncoding) {
        const std::string device = placement.computeDeviceOf(ComponentRole::TextEncoder);
        out[device] += model.textEncodeBytes(request, preset.dtype);
    } else if (stage == Stage::Denoising) {
        const bool guided = request.guidanceScale > 1.0;
        const bool split = guided && !placement.cfgUnconditionalDevice().empty();
        const int batch = guided && !split ? 2 : 1;
        for (const std::string& device : placement.transformerComputeDevices())
            out[device] = model.denoiseBytes(request, batch, preset.dtype, attentionFor(device));
        if (split) {
            const std::string& other = placement.cfgUnconditionalDevice();
            out[other] += model.denoiseBytes(request, 1, preset.dtype, attentionFor(other));
        }
        // fp8/int8 storage: one block at a time is widened to the compute dtype (0 otherwise).
        for (auto& [device, bytes] : out)
            bytes += model.footprint(preset).denoiser().blocks.widenBytes;
    } else if (stage == Stage::VaeDecoding) {
        const std::string device = placement.computeDeviceOf(ComponentRole::Vae);
        out[device] += model.vaeDecodeBytes(request, preset, !isCudaDeviceName(device));
    }
    return out;
}

// Pinned RAM of block streaming's staging ring while denoising: prefetch + 1 slots of the largest
// block that streams to a GPU (0 when none does).
std::int64_t stagingRingBytes(const PlacementPlan& placement)
{
    std::int64_t largest = 0;
    for (const ModulePlacement* m : placement.ofLever(ComponentRole::Denoiser))
        if (m->streamed && isCudaDeviceName(m->computeDevice))
            largest = std::max(largest, m->bytes);
    return PinnedStagingRing::pinnedBytesFor(placement.prefetchBlocks() + 1, largest);
}

// The host's limit as DeviceMemory::host() found it ("" when it is the free RAM itself).
std::string hostLimitOf(const std::vector<DeviceInfo>& devices)
{
    for (const DeviceInfo& d : devices)
        if (!d.isCuda())
            return d.limitedBy;
    return "";
}

// A stage that does not fit a device; the host's RAM is named as such, with the limit that binds.
std::string overflowLine(const std::string& stage, const DeviceBreakdown& d, const std::vector<DeviceInfo>& devices)
{
    if (d.device != "cpu")
        return stage + " needs " + formatBytes(d.peakBytes()) + " on " + d.device + " (" + formatBytes(d.capacityBytes) +
               " available)";
    const std::string limit = hostLimitOf(devices);
    return stage + " needs " + formatBytes(d.peakBytes()) + " of host RAM (" + formatBytes(d.capacityBytes) +
           " usable by this process" + (limit.empty() ? "" : ", limited by " + limit) + ")";
}

// When no lever is enough: a host RAM limit is raised, free RAM is made; a GPU is larger.
std::string noLeverLine(const DetailedPlan& plan, const std::vector<DeviceInfo>& devices)
{
    const bool isHost = std::any_of(plan.stages.begin(), plan.stages.end(), [](const StageBreakdown& stage) {
        return std::any_of(stage.devices.begin(), stage.devices.end(),
                           [](const DeviceBreakdown& d) { return d.device == "cpu" && !d.fits(); });
    });
    if (!isHost)
        return "no memory lever is enough: lower the frame count or the resolution, or use a larger GPU";
    return std::string("no memory lever is enough for the host's RAM: ") +
           (hostLimitOf(devices).empty() ? "free RAM (close other programs)" : "raise that limit") +
           ", or lower the frame count or the resolution";
}

// What the plan may use of a device: on a GPU, less the headroom the preset keeps for others.
std::int64_t capacityOf(const std::string& device, const std::vector<DeviceInfo>& devices, const MemoryPreset& preset)
{
    for (const DeviceInfo& d : devices)
        if (deviceName(d) == device)
            return usableBytes(d.isCuda() ? PlacementPlanner::withHeadroom(d, preset) : d);
    return 0;
}

} // namespace

std::string formatBytes(std::int64_t bytes)
{
    char text[32];
    if (bytes > 0 && bytes < (1ll << 30))
        std::snprintf(text, sizeof text, "%.1f MiB", static_cast<double>(bytes) / (1 << 20));
    else
        std::snprintf(text, sizeof text, "%.1f GiB", static_cast<double>(bytes) / (1ll << 30));
    return text;
}

bool DetailedPlan::fits() const
{
    for (const StageBreakdown& stage : stages)
        for (const DeviceBreakdown& d : stage.devices)
            if (!d.fits())
                return false;
    return true;
}

bool DetailedPlan::fitsWithHeadroom(double fraction) const
{
    for (const StageBreakdown& stage : stages)
        for (const DeviceBreakdown& d : stage.devices)
            if (d.capacityBytes > 0 && double(d.peakBytes()) > (1.0 - fraction) * double(d.capacityBytes))
                return false;
    return true;
}

MemoryPlan DetailedPlan::summary() const
{
    MemoryPlan plan;
    plan.fits = fits();
    for (const StageBreakdown& stage : stages) {
        StagePlan s{stage.name, {}};
        for (const DeviceBreakdown& d : stage.devices)
            s.devices.push_back({d.device, d.peakBytes(), d.capacityBytes});
        plan.stages.push_back(std::move(s));
    }
    for (const auto& [component, mode] : residency)
        if (mode != KeepMode::Free)
            plan.residentComponents.push_back(component);
    return plan;
}

DetailedPlan MemoryPlanner::planDetailed(const ModelPlanning& model, const GenerationRequest& request,
                                         const MemoryPreset& preset, const std::vector<DeviceInfo>& devices,
                                         const Residency& residency)
{
    DetailedPlan result;
    result.preset = preset;
    const bool hasGpu = std::any_of(devices.begin(), devices.end(), [](const DeviceInfo& d) { return d.isCuda(); });
    MemoryPreset computed = preset;
    if (!hasGpu) // the pipeline computes in float32 on the CPU (bf16 matmuls there are slow or missing)
        computed.dtype = ComputeDtype::Float32;
    result.placement = PlacementPlanner::build(computed, devices, model.footprint(computed));
    result.placement.keepLoaded(residency);
    result.residency = residency;
    noteDenoiserSwitches(result.placement);
    const auto weights = weightPeaks(result.placement);
    const double fragmentation = preset.expandableSegments ? 0.03 : 0.10;
    for (Stage stage : kPlannedStages) {
        StageBreakdown breakdown{stageName(stage), {}};
        std::map<std::string, DeviceBreakdown> byDevice;
        for (const DeviceInfo& d : devices) // every GPU (and the CPU when given) appears in the table
            byDevice[deviceName(d)].device = deviceName(d);
        if (auto it = weights.stages.find(stageName(stage)); it != weights.stages.end())
            for (const auto& [device, bytes] : it->second)
                byDevice[device].weightBytes = bytes;
        for (const auto& [device, bytes] : activations(model, request, computed, result.placement, stage))
            byDevice[device].activationBytes += bytes;
        if (stage == Stage::Denoising && request.hasStartImage())
            addConditionPhases(model, request, computed, result.placement, weights.conditions, byDevice);
        if (stage == Stage::Denoising) // the ring lives while blocks stream (RuntimePlacement::detach frees it)
            if (const std::int64_t ring = stagingRingBytes(result.placement); ring > 0)
                byDevice["cpu"].pinnedBytes = ring;
        std::vector<std::string> order; // GPUs first, then the CPU
        for (const auto& [device, d] : byDevice)
            if (device != "cpu")
                order.push_back(device);
        if (byDevice.count("cpu"))
            order.push_back("cpu");
        for (const std::string& device : order) {
            DeviceBreakdown& d = byDevice[device];
            d.device = device;
            d.capacityBytes = capacityOf(device, devices, preset);
            const std::int64_t used = d.weightBytes + d.activationBytes + d.pinnedBytes;
            if (isCudaDeviceName(device) && used > 0)
                d.marginBytes = kCudaContextBytes + static_cast<std::int64_t>(fragmentation * static_cast<double>(used));
            if (device != "cpu" || used > 0)
                breakdown.devices.push_back(d);
        }
        result.stages.push_back(std::move(breakdown));
    }
    result.attention = attentionFor(result.placement.computeDeviceOf(ComponentRole::Denoiser));
    result.step = StepTimeEstimator::estimate(model, request, result.placement, computed.dtype, devices);
    return result;
}

std::vector<std::string> MemoryPlanner::advise(const ModelPlanning& model, const GenerationRequest& request,
                                               const DetailedPlan& plan, const std::vector<DeviceInfo>& devices,
                                               std::vector<std::string>* fixStrategies)
{
    std::vector<std::string> advice;
    if (plan.fits())
        return advice;
    for (const StageBreakdown& stage : plan.stages)
        for (const DeviceBreakdown& d : stage.devices)
            if (!d.fits())
                advice.push_back(overflowLine(stage.name, d, devices));
    // Levers one at a time, then accumulated, cheapest first.
    MemoryPreset accumulated = plan.preset;
    std::vector<std::string> applied;
    for (const MemoryLever& lever : memoryLevers()) {
        if (!lever.isApplicable(plan.preset))
            continue;
        MemoryPreset alone = plan.preset;
        lever.apply(alone);
        if (planDetailed(model, request, alone, devices).fits()) {
            advice.push_back("would fit if you " + lever.describe(alone) + " (strategy \"" + lever.name + "\")");
            if (fixStrategies)
                *fixStrategies = {lever.name};
            return advice;
        }
        if (lever.isApplicable(accumulated)) {
            lever.apply(accumulated);
            applied.push_back(lever.describe(accumulated));
            if (fixStrategies)
                fixStrategies->push_back(lever.name);
            if (planDetailed(model, request, accumulated, devices).fits()) {
                if (fixStrategies) // a later lever may have replaced an earlier one (on-cpu replaces release)
                    fixStrategies->erase(std::remove_if(fixStrategies->begin(), fixStrategies->end(),
                                                        [&](const std::string& name) {
                                                            return findMemoryStrategy(name) &&
                                                                   std::find(accumulated.strategies.begin(),
                                                                             accumulated.strategies.end(),
                                                                             name) == accumulated.strategies.end();
                                                        }),
                                         fixStrategies->end());
                std::string all;
                for (const std::string& a : applied)
                    all += (all.empty() ? "" : "; ") + a;
                advice.push_back("would fit with all of: " + all);
                return advice;
            }
        }
    }
    advice.push_back(noLeverLine(plan, devices));
    if (fixStrategies)
        fixStrategies->clear();
    return advice;
}

MemoryPreset MemoryPlanner::choosePreset(const ModelPlanning& model, const GenerationRequest& request,
                                         const MemoryPreset& preset, const std::vector<DeviceInfo>& devices,
                                         const PresetStore& store)
{
    if (!preset.isAutomatic())
        return preset;
    const auto gpuCount = std::count_if(devices.begin(), devices.end(), [](const DeviceInfo& d) { return d.isCuda(); });
    // Two or more GPUs: the preset that uses them all comes first (guidance split halves a step).
    std::vector<std::string> candidates = preset.autoCandidates;
    auto multi = std::find(candidates.begin(), candidates.end(), "multi-gpu");
    if (multi != candidates.end()) {
        candidates.erase(multi);
        if (gpuCount >= 2)
            candidates.insert(candidates.begin(), "multi-gpu");
    }
    MemoryPreset chosen;
    for (const std::string& name : candidates) {
        chosen = store.load(name);
        if (chosen.isAutomatic())
            continue;
        chosen.vramHeadroomMb = std::max(chosen.vramHeadroomMb, preset.vramHeadroomMb); // auto's own headroom holds
        const DetailedPlan plan = planDetailed(model, request, chosen, devices);
        const bool isStreaming = chosen.transformer == Placement::Streamed;
        if (isStreaming ? plan.fits() : plan.fitsWithHeadroom(kResidentHeadroom))
            break;
    }
    return chosen;
}

MemoryPlan planMemory(const ModelPlanning& model, const GenerationRequest& request, const MemoryPreset& preset,
                      const std::vector<DeviceInfo>& devices)
{
    const MemoryPreset chosen = MemoryPlanner::choosePreset(model, request, preset, devices, PresetStore());
    DetailedPlan detailed = MemoryPlanner::planDetailed(model, request, chosen, devices);
    MemoryPlan plan = detailed.summary();
    if (preset.isAutomatic()) {
        plan.advice.push_back("auto chose preset \"" + chosen.name + "\"");
        plan.chosenPreset = chosen.name;
    }
    for (std::string& line : MemoryPlanner::advise(model, request, detailed, devices, &plan.fixStrategies))
        plan.advice.push_back(std::move(line));
    return plan;
}

} // namespace framesmith
