#include "engine/planning/StepTimeCalibration.h"

#include "core/ComputeThreads.h"
#include "framesmith/DataFolders.h"
#include "framesmith/Error.h"
#include "io/JsonGuard.h"
#include "memory/monitor/DeviceNames.h"

#include <unistd.h>

#include <algorithm>
#include <cmath>
#include <cstdlib>
#include <filesystem>
#include <fstream>

namespace framesmith {
namespace {

namespace fs = std::filesystem;

// The CPU's model as the kernel names it ("" when /proc/cpuinfo has none, e.g. some ARM boards).
std::string cpuModelName()
{
    std::ifstream in("/proc/cpuinfo");
    for (std::string line; std::getline(in, line);)
        if (line.rfind("model name", 0) == 0)
            if (const auto colon = line.find(':'); colon != std::string::npos)
                return line.substr(line.find_first_not_of(' ', colon + 1));
    return "";
}

// Every entry of the file; a missing, damaged or foreign file reads as none (it is only a cache
// of measurements: the next run writes it anew).
nlohmann::json entriesOf(const std::string& path)
{
    std::error_code ec;
    if (path.empty() || !fs::is_regular_file(path, ec))
        return nlohmann::json::array();
    try {
        const nlohmann::json doc = JsonGuard::readFile(path, 8);
        if (doc.value("schemaVersion", 0) == StepTimeCalibration::kSchemaVersion && doc.contains("entries") &&
            doc["entries"].is_array())
            return doc["entries"];
    } catch (const std::exception&) {
    }
    return nlohmann::json::array();
}

bool isValid(const StepCalibration& c)
{
    return !c.deviceKey.empty() && !c.modelKey.empty() && c.measuredSeconds > 0 && c.flops > 0 &&
           std::isfinite(c.measuredSeconds) && std::isfinite(c.flops);
}

} // namespace

StepTimeCalibration::StepTimeCalibration(std::string path) : m_path(std::move(path)) {}

std::string StepTimeCalibration::defaultPath()
{
    if (const char* off = std::getenv("FRAMESMITH_NO_STEP_CALIBRATION"); off && std::string(off) == "1")
        return "";
    return (fs::path(dataFolder("calibration")) / "step-times.json").string();
}

std::optional<StepCalibration> StepTimeCalibration::find(const std::string& deviceKey, const std::string& modelKey) const
{
    for (const nlohmann::json& e : entriesOf(m_path)) {
        if (!e.is_object() || e.value("device", "") != deviceKey || e.value("model", "") != modelKey)
            continue;
        StepCalibration c{deviceKey, modelKey, e.value("measuredSeconds", 0.0), e.value("flops", 0.0),
                          e.value("arithmeticSeconds", 0.0), e.value("steps", 0)};
        if (isValid(c))
            return c;
    }
    return std::nullopt;
}

bool StepTimeCalibration::record(const StepCalibration& measured) const
{
    if (m_path.empty() || !isValid(measured))
        return false;
    nlohmann::json entries = nlohmann::json::array();
    for (const nlohmann::json& e : entriesOf(m_path))
        if (e.is_object() && !(e.value("device", "") == measured.deviceKey && e.value("model", "") == measured.modelKey))
            entries.push_back(e);
    entries.push_back({{"device", measured.deviceKey}, {"model", measured.modelKey},
                       {"measuredSeconds", measured.measuredSeconds}, {"flops", measured.flops},
                       {"arithmeticSeconds", measured.arithmeticSeconds}, {"steps", measured.steps}});
    const nlohmann::json doc = {{"schemaVersion", kSchemaVersion}, {"entries", entries}};
    std::error_code ec;
    fs::create_directories(fs::path(m_path).parent_path(), ec);
    // A name of this process's own: the app's worker and a CLI run may record at the same time.
    const std::string temporary = m_path + ".tmp-" + std::to_string(::getpid());
    {
        std::ofstream out(temporary, std::ios::binary | std::ios::trunc);
        out << doc.dump(2) << "\n";
        out.flush();
        if (!out) {
            fs::remove(temporary, ec);
            return false;
        }
    }
    fs::rename(temporary, m_path, ec);
    if (ec)
        fs::remove(temporary, ec);
    return !ec;
}

std::string StepTimeCalibration::deviceKey(const DeviceInfo& device)
{
    if (device.isCuda())
        return device.name.empty() ? "GPU" : device.name;
    const std::string model = cpuModelName();
    return "CPU" + (model.empty() ? std::string() : ": " + model) + ", " + std::to_string(ComputeThreads::wanted()) +
           " threads";
}

std::string StepTimeCalibration::modelKey(const std::string& modelFolder)
{
    std::error_code ec;
    const fs::path canonical = fs::weakly_canonical(fs::absolute(modelFolder, ec), ec);
    return ec ? modelFolder : canonical.string();
}

DeviceInfo StepTimeCalibration::transformerDevice(const PlacementPlan& placement, const std::vector<DeviceInfo>& devices)
{
    const std::string name = placement.computeDeviceOf(ComponentRole::Denoiser);
    for (const DeviceInfo& d : devices)
        if (deviceName(d) == name)
            return d;
    return DeviceInfo{-1, "CPU", 0, 0, ""};
}

StepArithmetic StepTimeCalibration::arithmeticOf(const DetailedPlan& plan, const std::vector<DeviceInfo>& devices)
{
    StepArithmetic arithmetic;
    arithmetic.seconds = plan.step.seconds;
    arithmetic.transferSeconds = plan.step.transferSeconds;
    arithmetic.device = transformerDevice(plan.placement, devices);
    // The estimator divided the FLOPs by this rate (the CPU's is measured once per process).
    const bool hasGpu = std::any_of(devices.begin(), devices.end(), [](const DeviceInfo& d) { return d.isCuda(); });
    const ComputeDtype dtype = hasGpu ? plan.preset.dtype : ComputeDtype::Float32;
    arithmetic.flops = plan.step.computeSeconds * ComputeThroughput::of(arithmetic.device, dtype).flopsPerSecond;
    return arithmetic;
}

StepTimeRange StepTimeCalibration::range(const StepArithmetic& arithmetic,
                                         const std::optional<StepCalibration>& calibration)
{
    StepTimeRange range;
    range.arithmeticSeconds = arithmetic.seconds;
    range.transferSeconds = arithmetic.transferSeconds;
    if (arithmetic.seconds <= 0)
        return range;
    if (calibration && arithmetic.flops > 0) {
        range.isCalibrated = true;
        range.lowSeconds = range.highSeconds = calibration->secondsFor(arithmetic.flops);
    } else {
        range.lowSeconds = arithmetic.seconds * kUncalibratedLow;
        range.highSeconds = arithmetic.seconds * kUncalibratedSpread;
    }
    return range;
}

} // namespace framesmith
