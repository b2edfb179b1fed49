#include "ui/MemoryForecast.h"

#include "framesmith/Engine.h"
#include "framesmith/StepForecast.h"
#include "framesmith/Error.h"
#include "framesmith/Stage.h"
#include "framesmith/VramMonitor.h"
#include "ui/PresetChoices.h"
#include "ui/PresetLibrary.h"
#include "ui/RunPresenter.h"
#include "ui/StrategyLabels.h"

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

QString stageText(const std::string& name)
{
    return RunPresenter::stageText(int(framesmith::stageFromName(name)));
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
            lines << QCoreApplication::translate("MemoryForecast", "%1 on %2: %3 GiB of %4 GiB")
                         .arg(stageText(stage.name), QString::fromStdString(device.device), gib(device.peakBytes),
                              gib(device.capacityBytes));
        }
    }
    return lines;
}

// The planner's verdict in the user's words, from its data (the English advice is the CLI's).
QString verdict(const framesmith::MemoryPlan& plan)
{
    if (plan.fits)
        return QCoreApplication::translate("MemoryForecast", "Fits");
    QString over;
    for (const auto& stage : plan.stages)
        for (const auto& device : stage.devices)
            if (over.isEmpty() && device.peakBytes > device.capacityBytes)
                over = QCoreApplication::translate("MemoryForecast", "%1 needs %2 GiB on %3, which has %4 GiB")
                           .arg(stageText(stage.name), gib(device.peakBytes), QString::fromStdString(device.device),
                                gib(device.capacityBytes));
    QStringList levers;
    for (const std::string& strategy : plan.fixStrategies)
        levers << QCoreApplication::translate("MemoryForecast", "“%1”").arg(strategyLabel(QString::fromStdString(strategy), QString::fromStdString(strategy)).title);
    if (levers.size() == 1)
        return QCoreApplication::translate("MemoryForecast", "Does not fit (%1); it would with %2").arg(over, levers.first());
    if (!levers.isEmpty())
        return QCoreApplication::translate("MemoryForecast", "Does not fit (%1); it would with all of %2").arg(over, levers.join(QCoreApplication::translate("MemoryForecast", ", ")));
    return QCoreApplication::translate("MemoryForecast", "Does not fit (%1): no memory setting is enough; use fewer frames, a smaller size or a larger GPU").arg(over);
}

// Each kind of memory the plan uses, at its tightest device across the stages: "VRAM 13.2 of 24.0 GiB
// · RAM 9.1 of 20.0 GiB (too much)", so a run that RAM stops is seen as such even when the GPU has room.
QString memoryKindsLine(const framesmith::MemoryPlan& plan)
{
    struct Tightest {
        qint64 peak = 0, capacity = 0;
        double share = -1;
    } gpu, ram;
    for (const auto& stage : plan.stages)
        for (const auto& device : stage.devices) {
            Tightest& kind = device.device.rfind("cuda", 0) == 0 ? gpu : ram;
            const double share = device.capacityBytes > 0 ? double(device.peakBytes) / double(device.capacityBytes) : 0;
            if (share > kind.share)
                kind = {device.peakBytes, device.capacityBytes, share};
        }
    QStringList parts;
    const auto part = [](const QString& text, const Tightest& kind) {
        return kind.peak > kind.capacity ? QCoreApplication::translate("MemoryForecast", "%1 (too much)").arg(text) : text;
    };
    if (gpu.share >= 0)
        parts << part(QCoreApplication::translate("MemoryForecast", "VRAM %1 of %2 GiB").arg(gib(gpu.peak), gib(gpu.capacity)), gpu);
    if (ram.share >= 0)
        parts << part(QCoreApplication::translate("MemoryForecast", "RAM %1 of %2 GiB").arg(gib(ram.peak), gib(ram.capacity)), ram);
    return parts.join(QStringLiteral(" · "));
}

// Two significant digits below 10 s, so a tiny model's step does not read "0.0 s".
QString seconds(double value) { return QLocale().toString(value, 'f', value < 1 ? 2 : value < 10 ? 1 : 0); }

// The planner's estimate of a step with this placement, so that a streaming mode's cost is seen
// before choosing it: "about 2.4 s/step (streams 0.8 s of weights per step)".
QString stepText(const framesmith::StepForecast& step)
{
    if (step.secondsPerStep <= 0)
        return {};
    if (step.secondsPerStep < 0.01)
        return QCoreApplication::translate("MemoryForecast", "under 0.01 s/step");
    if (step.transferSecondsPerStep <= 0)
        return QCoreApplication::translate("MemoryForecast", "about %1 s/step").arg(seconds(step.secondsPerStep));
    return QCoreApplication::translate("MemoryForecast", "about %1 s/step (streams %2 s of weights per step)")
        .arg(seconds(step.secondsPerStep), seconds(step.transferSecondsPerStep));
}

QString chosenPresetLine(const framesmith::MemoryPlan& plan)
{
    QString name = QString::fromStdString(plan.chosenPreset);
    for (const PresetChoice& choice : builtInPresetChoices())
        if (choice.id == name)
            name = choice.name;
    return QCoreApplication::translate("MemoryForecast", "Auto picks the preset “%1”").arg(name);
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
    // A preset the request carries whole (the app's VRAM headroom applied) is the one that runs.
    const auto preset = request.resolvedPreset ? request.resolvedPreset
                                               : PresetLibrary::load(QString::fromStdString(request.preset));
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
    framesmith::StepForecast step; // the speed of the run that will really happen: on this machine
    try {
        plan = framesmith::Engine::plan(request, preset, planned);
        here = forecast.isForChosenGpu ? framesmith::Engine::plan(request, preset, devices) : plan;
        step = framesmith::StepForecast::of(request, preset, devices);
    } catch (const framesmith::InvalidRequestError&) {
        // Engine::plan applies generate's rules first; the form's validation line words the
        // problem in the user's language, so the forecast only says why it waits.
        forecast.summary = tr("No memory forecast until the parameters are valid (see the message under the form)");
        return forecast;
    } catch (const std::exception& e) {
        forecast.summary = tr("No memory forecast: %1").arg(QString::fromUtf8(e.what()));
        return forecast;
    }
    forecast.isKnown = true;
    forecast.fits = plan.fits;
    QStringList lines = stageLines(plan, forecast.isForChosenGpu ? nullptr : &forecast.peakBytesBySeries);
    if (!plan.chosenPreset.empty())
        lines << chosenPresetLine(plan);
    if (forecast.isForChosenGpu) {
        lines << QString() << tr("This computer has no GPU; here the clip is made on the CPU:");
        lines << stageLines(here, &forecast.peakBytesBySeries);
        forecast.summary = tr("No GPU here: planned for a GPU of %1 GiB that you choose. %2").arg(gib(plannedGpuBytes), verdict(plan));
    } else {
        forecast.summary = verdict(plan);
    }
    if (const QString kinds = memoryKindsLine(plan); !kinds.isEmpty())
        forecast.summary += QStringLiteral(" — ") + kinds;
    if (const QString speed = stepText(step); !speed.isEmpty()) {
        forecast.secondsPerStep = step.secondsPerStep;
        forecast.summary += QStringLiteral(" · ") +
                            (forecast.isForChosenGpu ? tr("here on the CPU: %1").arg(speed) : speed);
        lines << QString() << tr("Speed: %1, estimated from the step's arithmetic and the device's rate").arg(speed);
    }
    forecast.details = lines.join(QLatin1Char('\n'));
    return forecast;
}
