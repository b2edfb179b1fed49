#include "engine/warm/WarmResidency.h"

#include "memory/planner/MemoryPlanner.h"

#include <algorithm>

namespace framesmith {

namespace {

std::vector<std::string> largestFirst(const ModelPlanning& model, const MemoryPreset& preset)
{
    const ModelFootprint f = model.footprint(preset);
    std::vector<std::pair<std::int64_t, std::string>> sized;
    for (const ComponentFootprint& c : f.components)
        sized.emplace_back(c.bytes(), c.name);
    // Ties: denoisers first, as they are the costliest to load again.
    std::stable_partition(sized.begin(), sized.end(),
                          [&](const auto& s) { return f.find(s.second)->role == ComponentRole::Denoiser; });
    std::stable_sort(sized.begin(), sized.end(), [](const auto& a, const auto& b) { return a.first > b.first; });
    std::vector<std::string> order;
    for (const auto& [bytes, component] : sized)
        order.push_back(component);
    return order;
}

} // namespace

Residency WarmResidency::choose(const ModelPlanning& model, const GenerationRequest& request,
                                const MemoryPreset& preset, const std::vector<DeviceInfo>& devices)
{
    Residency kept;
    const DetailedPlan cold = MemoryPlanner::planDetailed(model, request, preset, devices);
    if (!cold.fits())
        return kept;
    for (const std::string& component : largestFirst(model, preset)) {
        // In RAM differs from in place only for a component that computes on a GPU.
        const bool onGpu = cold.placement.computeDeviceOf(component) != "cpu";
        for (KeepMode mode : {KeepMode::InPlace, KeepMode::OnHost}) {
            if (mode == KeepMode::OnHost && !onGpu)
                continue;
            Residency trial = kept;
            trial[component] = mode;
            if (MemoryPlanner::planDetailed(model, request, preset, devices, trial).fits()) {
                kept = trial;
                break;
            }
        }
    }
    return kept;
}

std::string WarmResidency::describe(const Residency& residency)
{
    std::string text;
    for (const auto& [component, mode] : residency)
        if (mode != KeepMode::Free)
            text += (text.empty() ? "" : ", ") + component + " " + keepModeName(mode);
    return text.empty() ? "nothing kept" : text;
}

} // namespace framesmith
