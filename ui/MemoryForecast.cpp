#include "ui/MemoryForecast.h"

#include "framesmith/Engine.h"
#include "framesmith/VramMonitor.h"
#include "ui/PresetLibrary.h"

#include <QCoreApplication>
#include <QLocale>

namespace {
QString tr(const char* text) { return QCoreApplication::translate("MemoryForecast", text); }

QString gib(qint64 bytes) { return QLocale().toString(double(bytes) / (1024.0 * 1024.0 * 1024.0), 'f', 1); }

// The planner names devices "cuda:N" like the graph; the host's share shows against process RSS.
QString seriesFor(const std::string& device)
{
    return device == "cpu" ? QStringLiteral("rss") : QString::fromStdString(device);
}
} // namespace

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
                                          const std::vector<framesmith::DeviceInfo>& devices)
{
    const auto preset = PresetLibrary::load(QString::fromStdString(request.preset));
    if (!preset)
        return {};
    return forPreset(request, *preset, devices);
}

MemoryForecast MemoryForecast::forPreset(const framesmith::GenerationRequest& request,
                                         const framesmith::MemoryPreset& preset,
                                         const std::vector<framesmith::DeviceInfo>& devices)
{
    MemoryForecast forecast;
    if (request.modelPath.empty())
        return forecast;
    framesmith::MemoryPlan plan;
    try {
        plan = framesmith::Engine::plan(request, preset, devices);
    } catch (const std::exception& e) {
        forecast.summary = tr("No memory forecast: %1").arg(QString::fromUtf8(e.what()));
        return forecast;
    }
    forecast.isKnown = true;
    forecast.fits = plan.fits;
    QStringList lines;
    for (const auto& stage : plan.stages) {
        for (const auto& device : stage.devices) {
            qint64& peak = forecast.peakBytesBySeries[seriesFor(device.device)];
            peak = std::max<qint64>(peak, device.peakBytes);
            lines << tr("%1 on %2: %3 GiB of %4 GiB")
                         .arg(QString::fromStdString(stage.name), QString::fromStdString(device.device),
                              gib(device.peakBytes), gib(device.capacityBytes));
        }
    }
    for (const auto& advice : plan.advice)
        lines << QString::fromStdString(advice);
    forecast.details = lines.join(QLatin1Char('\n'));
    forecast.summary = plan.fits ? tr("Fits") : plan.advice.empty()
                                                    ? tr("Does not fit")
                                                    : tr("Does not fit: %1").arg(QString::fromStdString(plan.advice.front()));
    return forecast;
}
