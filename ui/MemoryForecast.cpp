#include "ui/MemoryForecast.h"

#include "framesmith/Engine.h"
#include "framesmith/VramMonitor.h"
#include "ui/PresetLibrary.h"

#include <QCoreApplication>
#include <QLocale>

#include <algorithm>

namespace {
QString tr(const char* text) { return QCoreApplication::translate("MemoryForecast", text); }

QString gib(qint64 bytes) { return QLocale().toString(double(bytes) / (1024.0 * 1024.0 * 1024.0), 'f', 1); }

// The planner names devices "cuda:N" like the graph; the host's share shows against process RSS.
QString seriesFor(const std::string& device)
{
    return device == "cpu" ? QStringLiteral("rss") : QString::fromStdString(device);
}

QStringList stageLines(const framesmith::MemoryPlan& plan, QHash<QString, qint64>* peaks)
{
    QStringList lines;
    for (const auto& stage : plan.stages) {
        for (const auto& device : stage.devices) {
            if (peaks) {
                qint64& peak = (*peaks)[seriesFor(device.device)];
                peak = std::max<qint64>(peak, device.peakBytes);
            }
            lines << tr("%1 on %2: %3 GiB of %4 GiB")
                         .arg(QString::fromStdString(stage.name), QString::fromStdString(device.device),
                              gib(device.peakBytes), gib(device.capacityBytes));
        }
    }
    return lines;
}

QString verdict(const framesmith::MemoryPlan& plan)
{
    if (plan.fits)
        return tr("Fits");
    return plan.advice.empty() ? tr("Does not fit") : tr("Does not fit: %1").arg(QString::fromStdString(plan.advice.front()));
}
} // namespace

bool MemoryForecast::hasGpu(const std::vector<framesmith::DeviceInfo>& devices)
{
    return std::any_of(devices.begin(), devices.end(), [](const framesmith::DeviceInfo& d) { return d.isCuda(); });
}

std::vector<framesmith::DeviceInfo> MemoryForecast::devicesFrom(const framesmith::VramMonitor& monitor)
{
    std::vector<framesmith::DeviceInfo> devices;
    const auto series = monitor.series();
    const auto samples = monitor.samplesSince(monitor.elapsedSeconds() - 5.0);
    for (size_t i = 0; i < series.size(); ++i) {
        const std::string& id = series[i].id;
        const bool isGpu = id.rfind("cuda:", 0) == 0 && id.find(':', 5) == std::string::npos;
        if (!isGpu && id != "ram")
            continue;
        framesmith::DeviceInfo device;
        device.index = isGpu ? std::stoi(id.substr(5)) : -1;
        device.name = isGpu ? series[i].label : "CPU";
        device.totalBytes = series[i].totalBytes;
        std::int64_t used = 0;
        if (!samples.empty() && i < samples.back().usedBytes.size())
            used = std::max<std::int64_t>(0, samples.back().usedBytes[i]);
        device.freeBytes = std::max<std::int64_t>(0, device.totalBytes - used);
        devices.push_back(device);
    }
    return devices;
}

MemoryForecast MemoryForecast::forRequest(const framesmith::GenerationRequest& request,
                                          const std::vector<framesmith::DeviceInfo>& devices, qint64 plannedGpuBytes)
{
    const auto preset = PresetLibrary::load(QString::fromStdString(request.preset));
    if (!preset)
        return {};
    return forPreset(request, *preset, devices, plannedGpuBytes);
}

MemoryForecast MemoryForecast::forPreset(const framesmith::GenerationRequest& request,
                                         const framesmith::MemoryPreset& preset,
                                         const std::vector<framesmith::DeviceInfo>& devices, qint64 plannedGpuBytes)
{
    MemoryForecast forecast;
    if (request.modelPath.empty())
        return forecast;
    forecast.isForChosenGpu = !hasGpu(devices);
    std::vector<framesmith::DeviceInfo> planned = devices;
    if (forecast.isForChosenGpu) // a GPU that is not here: as large as the user says, and empty
        planned.insert(planned.begin(), framesmith::DeviceInfo{0, "GPU", plannedGpuBytes, plannedGpuBytes});
    framesmith::MemoryPlan plan;
    framesmith::MemoryPlan here;
    try {
        plan = framesmith::Engine::plan(request, preset, planned);
        here = forecast.isForChosenGpu ? framesmith::Engine::plan(request, preset, devices) : plan;
    } catch (const std::exception& e) {
        forecast.summary = tr("No memory forecast: %1").arg(QString::fromUtf8(e.what()));
        return forecast;
    }
    forecast.isKnown = true;
    forecast.fits = plan.fits;
    QStringList lines = stageLines(plan, forecast.isForChosenGpu ? nullptr : &forecast.peakBytesBySeries);
    for (const auto& advice : plan.advice)
        lines << QString::fromStdString(advice);
    if (forecast.isForChosenGpu) {
        lines << QString() << tr("This computer has no GPU; here the clip is made on the CPU:");
        lines << stageLines(here, &forecast.peakBytesBySeries);
        forecast.summary = tr("No GPU here. On a %1 GiB GPU: %2").arg(gib(plannedGpuBytes), verdict(plan));
    } else {
        forecast.summary = verdict(plan);
    }
    forecast.details = lines.join(QLatin1Char('\n'));
    return forecast;
}
