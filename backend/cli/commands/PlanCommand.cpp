// framesmith-cli plan: the memory planner's verdict for a model, request and preset, before any
// weight is loaded. --vram plans for GPUs this machine does not have.
#include "cli/CliCommand.h"

#include "cli/CliDevices.h"
#include "cli/KnobFlags.h"
#include "framesmith/Engine.h"
#include "framesmith/Error.h"
#include "memory/monitor/DeviceMemory.h"
#include "memory/monitor/HostMemoryLimits.h"
#include "memory/planner/MemoryPlanner.h"
#include "memory/presets/PresetStore.h"
#include "engine/planning/PlannedJob.h"
#include "engine/warm/WarmResidency.h"

#include <nlohmann/json.hpp>

#include <cstdio>
#include <optional>
#include <set>
#include <variant>
#include <iostream>

namespace framesmith::cli {
namespace {

// What the user did not give comes from the model's defaults, as in `generate`.
GenerationRequest requestFrom(const CliArgs& args)
{
    GenerationRequest r = Engine::defaultRequest(args.require("--model"));
    r.frameCount = args.intValue("--frames", r.frameCount, 1, 100000);
    r.width = args.intValue("--width", r.width, 1, 100000);
    r.height = args.intValue("--height", r.height, 1, 100000);
    r.steps = args.intValue("--steps", r.steps, 1, 100000);
    r.guidanceScale = args.doubleValue("--guidance", r.guidanceScale);
    r.startImagePath = args.value("--image").value_or("");
    r.preset = args.value("--preset").value_or("auto");
    // A plan needs the clip's size, not the picture: an image-to-video model is planned without one.
    if (r.startImagePath.empty() && Engine::parameterSpec(r.modelPath).requiresStartImage)
        r.startImagePath = "(start image)";
    r.stepCache = args.value("--cache").value_or("off"); // the cache's residuals count in the denoise stage
    for (const std::string& lora : args.values("--lora")) // their bytes count (LoraPlanning)
        r.loras.push_back(parseLoraArgument(lora));
    if (!isStepCacheSetting(r.stepCache))
        throw InvalidRequestError("--cache", "is '" + r.stepCache + "'; choose one of off, quality, balanced, fast");
    return r;
}

std::string column(const std::string& text, std::size_t width)
{
    return text.size() >= width ? text + " " : text + std::string(width - text.size(), ' ');
}

// The step's time as the forecast shows it: calibrated on this machine, or a range until it is.
void printStepEstimate(const StepEstimate& step, const StepTimeRange& range)
{
    if (step.seconds <= 0)
        return;
    char line[240];
    if (range.isCalibrated)
        std::snprintf(line, sizeof line, "\nstep: about %.2f s (calibrated on this machine: %.2f s of arithmetic x %.2f)\n",
                      range.highSeconds, range.arithmeticSeconds, range.highSeconds / range.arithmeticSeconds);
    else
        std::snprintf(line, sizeof line, "\nstep: %.2f-%.2f s, not measured on this machine yet (a run or "
                                         "bench_step_time calibrates it)\n", range.lowSeconds, range.highSeconds);
    std::cout << line;
    std::snprintf(line, sizeof line, "  arithmetic: %.2f s (compute %.2f s, streamed weights' copies %.2f s%s)\n",
                  step.seconds, step.computeSeconds, step.transferSeconds,
                  step.transferSeconds > 0 && step.seconds < step.computeSeconds + step.transferSeconds
                      ? ", partly hidden by prefetching"
                      : "");
    std::cout << line;
    std::string basis = step.basis + "\n";
    for (std::size_t start = 0, end; (end = basis.find('\n', start)) != std::string::npos; start = end + 1)
        std::cout << "  " << basis.substr(start, end - start) << "\n";
}

// The figures every front end shows for this job: each device's peak against what it may use.
void printDevices(const JobForecast& forecast)
{
    std::cout << "\npeak per device (the app's forecast, graph and queue show these):\n";
    for (const DeviceForecast& d : forecast.devices)
        std::cout << "  " << (d.isHost() ? std::string("host RAM") : d.device + " (" + d.name + ")") << ": "
                  << formatBytes(d.peakBytes) << (d.peakStage.empty() ? "" : " in " + d.peakStage) << " of "
                  << (d.capacityBytes > 0 ? formatBytes(d.capacityBytes) : std::string("unknown"))
                  << (d.isHost() ? " usable" : " free")
                  << (d.isHost() && !d.limitedBy.empty() ? " (limited by " + d.limitedBy + ")" : "")
                  << (d.fits() ? "" : "  DOES NOT FIT") << "\n";
}

void printTable(const DetailedPlan& plan, const std::vector<std::string>& advice, const JobForecast& forecast)
{
    std::cout << "preset: " << plan.preset.name << "\nplacement:\n";
    std::string placement = plan.placement.describe();
    for (std::size_t start = 0, end; (end = placement.find('\n', start)) != std::string::npos; start = end + 1)
        std::cout << "  " << placement.substr(start, end - start) << "\n";
    for (const std::string& note : plan.placement.notes)
        std::cout << "  note: " << note << "\n";
    std::cout << "between generations: " << WarmResidency::describe(plan.residency) << "\n";
    std::cout << "\n" << column("stage", 13) << column("device", 8) << column("weights", 11) << column("working", 11)
              << column("margin", 10) << column("peak", 11) << column("capacity", 11) << "\n";
    for (const StageBreakdown& stage : plan.stages)
        for (const DeviceBreakdown& d : stage.devices)
            std::cout << column(stage.name, 13) << column(d.device, 8) << column(formatBytes(d.weightBytes), 11)
                      << column(formatBytes(d.activationBytes), 11) << column(formatBytes(d.marginBytes), 10)
                      << column(formatBytes(d.peakBytes()), 11)
                      << column(d.capacityBytes > 0 ? formatBytes(d.capacityBytes) : "-", 11)
                      << (d.fits() ? "" : "DOES NOT FIT") << "\n";
    std::cout << "\nhost RAM: " << HostMemoryLimits::read().describe() << "\n";
    for (const StageBreakdown& stage : plan.stages)
        for (const DeviceBreakdown& d : stage.devices)
            if (d.pinnedBytes > 0) // counted in the host's row above; the memlock limit does not bind it
                std::cout << "staging ring: " << formatBytes(d.pinnedBytes) << " of pinned RAM while " << stage.name
                          << " (prefetch + 1 blocks; CUDA pins through its driver, outside RLIMIT_MEMLOCK)\n";
    printDevices(forecast);
    printStepEstimate(plan.step, forecast.step);
    std::cout << "\nverdict: " << (forecast.fits ? "fits" : "does not fit: " + forecast.binding) << "\n";
    for (const std::string& line : advice)
        std::cout << "  - " << line << "\n";
}

nlohmann::json toJsonValue(const DetailedPlan& plan, const std::vector<std::string>& advice, const JobForecast& forecast)
{
    nlohmann::json stages = nlohmann::json::array();
    for (const StageBreakdown& stage : plan.stages) {
        nlohmann::json devices = nlohmann::json::array();
        for (const DeviceBreakdown& d : stage.devices)
            devices.push_back({{"device", d.device}, {"peakBytes", d.peakBytes()}, {"capacityBytes", d.capacityBytes},
                               {"weightBytes", d.weightBytes}, {"activationBytes", d.activationBytes},
                               {"marginBytes", d.marginBytes}, {"pinnedBytes", d.pinnedBytes}});
        stages.push_back({{"name", stage.name}, {"devices", devices}});
    }
    const HostMemoryLimits host = HostMemoryLimits::read();
    const nlohmann::json hostJson = {{"usableBytes", host.usableBytes()},
                                     {"memAvailableBytes", host.memAvailableBytes},
                                     {"cgroupVersion", host.cgroupVersion},
                                     {"cgroupLimitBytes", host.cgroupLimitBytes},
                                     {"cgroupUsedBytes", host.cgroupUsedBytes},
                                     {"addressSpaceLimitBytes", host.addressSpaceLimitBytes},
                                     {"addressSpaceUsedBytes", host.addressSpaceUsedBytes},
                                     {"memlockLimitBytes", host.memlockLimitBytes},
                                     {"limitedBy", host.limitingFactor()}};
    nlohmann::json devices = nlohmann::json::array();
    for (const DeviceForecast& d : forecast.devices)
        devices.push_back({{"device", d.device}, {"name", d.name}, {"peakBytes", d.peakBytes},
                           {"capacityBytes", d.capacityBytes}, {"peakStage", d.peakStage},
                           {"limitedBy", d.limitedBy}, {"fits", d.fits()}});
    return {{"fits", forecast.fits}, {"binding", forecast.binding}, {"devices", devices},
            {"preset", plan.preset.name}, {"stages", stages}, {"advice", advice},
            {"placement", plan.placement.describe()}, {"keptLoaded", plan.summary().residentComponents},
            {"host", hostJson},
            {"step", {{"seconds", plan.step.seconds}, {"computeSeconds", plan.step.computeSeconds},
                      {"transferSeconds", plan.step.transferSeconds}, {"basis", plan.step.basis},
                      {"lowSeconds", forecast.step.lowSeconds}, {"highSeconds", forecast.step.highSeconds},
                      {"isCalibrated", forecast.step.isCalibrated}, {"device", forecast.step.deviceKey}}}};
}

int runPlan(const std::vector<std::string>& argv)
{
    // The model's family knobs are flags here as in `generate` (checked the same way, so a job's
    // flags can be planned before they are run): --model is read first, straight from argv.
    const std::optional<std::string> model = KnobFlags::peek(argv, "--model");
    const KnobFlags knobs(model ? Engine::parameterSpec(*model).knobs : std::vector<FamilyKnob>{});
    std::set<std::string> switches = {"--json"};
    knobs.rejectUnknown(argv,
                        {"--model", "--preset", "--frames", "--width", "--height", "--steps", "--guidance", "--image",
                         "--cache", "--lora", CliDevices::kFlag, "--json"},
                        switches);
    switches.merge(knobs.switches());
    CliArgs args(argv, switches, {CliDevices::kFlag});
    GenerationRequest request = requestFrom(args);
    knobs.apply(args, request.knobs);
    std::vector<DeviceInfo> devices = CliDevices::fromFlags(args);
    if (devices.empty())
        devices = DeviceMemory::detect();
    // The engine's own planning (generate's checks first, what a warm engine keeps loaded), and
    // the host's RAM always counted, also beside GPUs given with --vram.
    const PlannedJob job = PlannedJob::of(request, PresetStore().load(request.preset), devices);
    if (args.has("--json")) {
        nlohmann::json out = toJsonValue(job.plan.detailed, job.plan.advice, job.forecast);
        nlohmann::json planned = nlohmann::json::object(); // the knobs this plan was made for
        for (const auto& [name, value] : request.knobs)
            std::visit([&planned, &name = name](const auto& v) { planned[name] = v; }, value);
        out["knobs"] = planned;
        std::cout << out.dump(2) << "\n";
    } else {
        printTable(job.plan.detailed, job.plan.advice, job.forecast);
    }
    return kExitOk;
}

} // namespace

FRAMESMITH_CLI_COMMAND("plan",
                       "plan --model DIR [--preset NAME|FILE] [--frames N --width W --height H --steps N --guidance G] "
                       "[--image PNG] [--cache off|quality|balanced|fast] [--lora FILE[:STRENGTH] ...] [--KNOB VALUE ...] "
                       "[--vram GiB ...] [--json]",
                       "predict per-stage, per-device peak memory without loading weights (exit 0 even when it does "
                       "not fit; see \"fits\"); --KNOB VALUE: the model family's settings, checked as `generate` checks them "
                       "(`framesmith-cli inspect DIR` lists them)",
                       runPlan);

} // namespace framesmith::cli
