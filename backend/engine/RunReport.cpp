#include "engine/RunReport.h"

#include "memory/oom/GenerationMemory.h"
#include "memory/placement/RuntimePlacement.h"
#include "models/lora/LoraMode.h"

#include <nlohmann/json.hpp>

#include <cstdio>
#include <cstdlib>
#include <fstream>

namespace framesmith {

namespace {

nlohmann::json placementJson(const RuntimePlacement& placement)
{
    const PlacementPlan& plan = placement.plan();
    int streamed = 0;
    for (const ModulePlacement& m : plan.modules())
        streamed += m.streamed ? 1 : 0;
    nlohmann::json devices = nlohmann::json::object();
    for (const std::string& device : placement.ledger().devices()) {
        const DeviceTraffic t = placement.ledger().traffic(device);
        devices[device] = {{"movesIn", t.movesIn}, {"bytesIn", t.bytesIn}, {"movesOut", t.movesOut},
                           {"bytesOut", t.bytesOut}, {"residentBytes", placement.ledger().residentBytes(device)}};
    }
    nlohmann::json kept = nlohmann::json::array();
    for (const std::string& c : plan.components())
        if (plan.keepsLoaded(c))
            kept.push_back(c);
    return {{"plan", plan.describe()}, {"streamedBlocks", streamed}, {"prefetchBlocks", plan.prefetchBlocks()},
            {"cfgUnconditionalDevice", plan.cfgUnconditionalDevice()}, {"devices", devices},
            {"weightPeaks", placement.stagePeaks()}, {"keptLoaded", kept}};
}

// Which LoRAs ran, at what strength, and how the preset had them applied (merged or side path).
nlohmann::json lorasJson(const GenerationRequest& request)
{
    nlohmann::json loras = nlohmann::json::array();
    const LoraMode mode = request.resolvedPreset ? chooseLoraMode(*request.resolvedPreset) : LoraMode::Merge;
    for (const LoraSpec& lora : request.loras)
        if (lora.enabled)
            loras.push_back({{"file", lora.file}, {"sha256", lora.sha256}, {"strength", lora.strength},
                             {"applied", mode == LoraMode::Merge ? "merge" : "side-path"}});
    return loras;
}

} // namespace

std::string RunReport::pathFor(const std::string& asked)
{
    if (!asked.empty())
        return asked;
    const char* variable = std::getenv("FRAMESMITH_MEMORY_REPORT");
    return variable ? variable : "";
}

void RunReport::write(const std::string& path, const GenerationMemory& memory, const RuntimePlacement& placement,
                      const GenerationResult& result, ProgressSink& sink)
{
    double denoiseSeconds = 0;
    for (const StageTiming& timing : result.timings)
        if (timing.stage == stageName(Stage::Denoising))
            denoiseSeconds = timing.seconds;
    nlohmann::json report = nlohmann::json::parse(
        memory.reportJson(result.stepsCompleted > 0 ? denoiseSeconds / result.stepsCompleted : 0));
    report["placement"] = placementJson(placement);
    report["wasWarm"] = result.wasWarm;
    report["loras"] = lorasJson(result.request);
    const std::string temporary = path + ".tmp";
    {
        std::ofstream out(temporary);
        out << report.dump(2) << "\n";
        if (!out) {
            sink.onWarning({WarningKind::General, "could not write the memory report to " + path});
            return;
        }
    }
    if (std::rename(temporary.c_str(), path.c_str()) != 0)
        sink.onWarning({WarningKind::General, "could not write the memory report to " + path});
}

} // namespace framesmith
