#include "ui/memory/MemoryForecast.h"

#include "framesmith/Error.h"
#include "framesmith/JobForecast.h"
#include "framesmith/Stage.h"
#include "framesmith/VramMonitor.h"
#include "ui/generation/RunPresenter.h"
#include "ui/memory/StepTimeText.h"
#include "ui/presets/PresetChoices.h"
#include "ui/presets/PresetLibrary.h"
#include "ui/presets/StrategyLabels.h"

#include <QCoreApplication>
#include <QLocale>

#include <algorithm>

namespace {
QString tr(const char* text) { return QCoreApplication::translate("MemoryForecast", text); }

QString stageText(const std::string& name)
{
    return RunPresenter::stageText(int(framesmith::stageFromName(name)));
}

QStringList stageLines(const framesmith::MemoryPlan& plan)
{
    QStringList lines;
    for (const auto& stage : plan.stages)
        for (const auto& device : stage.devices)
            lines << tr("%1 on %2: %3 of %4")
                         .arg(stageText(stage.name), QString::fromStdString(device.device),
                              MemoryFigures::bytes(device.peakBytes), MemoryFigures::bytes(device.capacityBytes));
    return lines;
}

// The planner's verdict in the user's words, from its data (the English advice is the CLI's).
QString verdict(const framesmith::JobForecast& job)
{
    if (job.fits)
        return tr("Fits");
    QString over;
    for (const framesmith::DeviceForecast& d : job.devices)
        if (over.isEmpty() && !d.fits())
            over = d.isHost() ? tr("%1 needs %2 of RAM, this process may use %3%4")
                                    .arg(stageText(d.peakStage), MemoryFigures::bytes(d.peakBytes),
                                         MemoryFigures::bytes(d.capacityBytes),
                                         d.limitedBy.empty() ? QString()
                                                             : tr(" (limited by %1)").arg(QString::fromStdString(d.limitedBy)))
                              : tr("%1 needs %2 on %3, which has %4")
                                    .arg(stageText(d.peakStage), MemoryFigures::bytes(d.peakBytes),
                                         QString::fromStdString(d.device), MemoryFigures::bytes(d.capacityBytes));
    QStringList levers;
    for (const std::string& strategy : job.plan.fixStrategies)
        levers << tr("“%1”").arg(strategyLabel(QString::fromStdString(strategy), QString::fromStdString(strategy)).title);
    if (levers.size() == 1)
        return tr("Does not fit (%1); it would with %2").arg(over, levers.first());
    if (!levers.isEmpty())
        return tr("Does not fit (%1); it would with all of %2").arg(over, levers.join(tr(", ")));
    return tr("Does not fit (%1): no memory setting is enough; use fewer frames, a smaller size or a larger GPU").arg(over);
}

// Every device's peak against what it may use, GPUs first, then the host: "VRAM 13.2 GiB of
// 24.0 GiB · RAM 9.1 GiB of 20.0 GiB (too much)", the same figures as the queue and the graph.
QString devicesLine(const framesmith::JobForecast& job)
{
    const auto gpus = std::count_if(job.devices.begin(), job.devices.end(), [](const auto& d) { return !d.isHost(); });
    QStringList parts;
    for (const framesmith::DeviceForecast& d : job.devices) {
        if (d.isHost() && d.peakBytes == 0 && gpus > 0)
            continue; // nothing on the host: the line stays about the GPU
        QString part = tr("%1 %2 of %3")
                           .arg(MemoryFigures::kind(QString::fromStdString(d.device), gpus == 1),
                                MemoryFigures::bytes(d.peakBytes), MemoryFigures::bytes(d.capacityBytes));
        parts << (d.fits() ? part : tr("%1 (too much)").arg(part));
    }
    return parts.join(QStringLiteral(" · "));
}

// A built-in preset by the name the picker shows ("Multi-GPU balanced"), a user's by its own.
QString presetName(const std::string& id)
{
    QString name = QString::fromStdString(id);
    for (const PresetChoice& choice : builtInPresetChoices())
        if (choice.id == name)
            name = choice.name;
    return name;
}

QString chosenPresetLine(const framesmith::MemoryPlan& plan)
{
    return tr("Auto picks the preset “%1”").arg(presetName(plan.chosenPreset));
}

// `count` empty GPUs of the chosen size in place of this machine's, beside its host.
std::vector<framesmith::DeviceInfo> plannedGpus(const std::vector<framesmith::DeviceInfo>& here, int count, qint64 bytes)
{
    std::vector<framesmith::DeviceInfo> planned;
    for (int i = 0; i < count; ++i)
        planned.push_back(framesmith::DeviceInfo{i, "GPU", bytes, bytes, ""});
    for (const framesmith::DeviceInfo& d : here)
        if (!d.isCuda())
            planned.push_back(d);
    return planned;
}

void fillFrom(MemoryForecast& forecast, const framesmith::JobForecast& here)
{
    for (const framesmith::DeviceForecast& d : here.devices) {
        if (d.peakBytes <= 0)
            continue; // a device the job does not use (the host beside a GPU that holds everything)
        const QString device = QString::fromStdString(d.device);
        forecast.devicePeaks.insert(device, d.peakBytes);
        forecast.peakBytesBySeries.insert(MemoryFigures::seriesOf(device), d.peakBytes);
    }
    forecast.secondsPerStep = here.step.lowSeconds;
    forecast.secondsPerStepHigh = here.step.highSeconds;
    forecast.isStepCalibrated = here.step.isCalibrated;
}
} // namespace

bool MemoryForecast::hasGpu(const std::vector<framesmith::DeviceInfo>& devices)
{
    return std::any_of(devices.begin(), devices.end(), [](const framesmith::DeviceInfo& d) { return d.isCuda(); });
}

int MemoryForecast::gpusWanted(const framesmith::MemoryPreset& preset)
{
    return preset.spreadAcrossGpus || preset.cfgParallel ? 2 : 1;
}

std::vector<framesmith::DeviceInfo> MemoryForecast::devicesFrom(const framesmith::VramMonitor& monitor)
{
    std::vector<framesmith::DeviceInfo> devices;
    const auto series = monitor.series();
    const auto samples = monitor.samplesSince(monitor.elapsedSeconds() - 5.0);
    for (size_t i = 0; i < series.size(); ++i) {
        const std::string& id = series[i].id;
        if (id.rfind("cuda:", 0) != 0 || id.find(':', 5) != std::string::npos)
            continue;
        framesmith::DeviceInfo device;
        device.index = std::stoi(id.substr(5));
        device.name = series[i].label;
        device.totalBytes = series[i].totalBytes;
        std::int64_t used = 0;
        if (!samples.empty() && i < samples.back().usedBytes.size())
            used = std::max<std::int64_t>(0, samples.back().usedBytes[i]);
        device.freeBytes = std::max<std::int64_t>(0, device.totalBytes - used);
        devices.push_back(device);
    }
    // The host as `framesmith-cli plan` sees it: what this process may use, every limit counted.
    devices.push_back(framesmith::JobForecast::hostDevice());
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
                                         const std::vector<framesmith::DeviceInfo>& devices, qint64 plannedGpuBytes,
                                         int plannedGpuCount)
{
    MemoryForecast forecast;
    if (request.modelPath.empty())
        return forecast;
    const int gpusHere = int(std::count_if(devices.begin(), devices.end(), [](const auto& d) { return d.isCuda(); }));
    forecast.isForChosenGpu = gpusHere < gpusWanted(preset);
    // A single-GPU preset uses one however many are planned; a multi-GPU one as many as chosen.
    forecast.plannedGpuCount = gpusWanted(preset) > 1 ? std::max(gpusWanted(preset), plannedGpuCount) : 1;
    framesmith::JobForecast here;
    framesmith::JobForecast planned;
    try {
        here = framesmith::JobForecast::of(request, preset, devices); // the run that will really happen
        planned = forecast.isForChosenGpu
                      ? framesmith::JobForecast::of(request, preset, plannedGpus(devices, forecast.plannedGpuCount, plannedGpuBytes))
                      : here;
    } catch (const framesmith::InvalidRequestError&) {
        // JobForecast applies generate's rules first; the form's validation line words the
        // problem in the user's language, so the forecast only says why it waits.
        forecast.summary = tr("No memory forecast until the parameters are valid (see the message under the form)");
        return forecast;
    } catch (const std::exception& e) {
        forecast.summary = tr("No memory forecast: %1").arg(QString::fromUtf8(e.what()));
        return forecast;
    }
    forecast.isKnown = true;
    fillFrom(forecast, here);
    forecast.fits = here.fits && planned.fits;
    const QString step = StepTimeText::perStep(here.step);
    QString hereLine = verdict(here) + QStringLiteral(" — ") + devicesLine(here);
    if (!step.isEmpty())
        hereLine += QStringLiteral(" · ") + step;
    QStringList lines = stageLines(here.plan);
    if (!here.plan.chosenPreset.empty())
        lines << chosenPresetLine(here.plan);
    if (!forecast.isForChosenGpu) {
        forecast.summary = hereLine;
    } else {
        const QString size = MemoryFigures::bytes(plannedGpuBytes);
        const QString gpus = forecast.plannedGpuCount == 1 ? tr("a GPU of %1").arg(size)
                                                           : tr("%1 GPUs of %2").arg(forecast.plannedGpuCount).arg(size);
        const QString there = verdict(planned) + QStringLiteral(" — ") + devicesLine(planned);
        forecast.summary = gpusHere == 0 ? tr("Here on the CPU (no GPU): %1. On %2 that you choose: %3").arg(hereLine, gpus, there)
                                         : tr("Here: %1. “%2” is for several GPUs; on %3 that you choose: %4")
                                               .arg(hereLine, presetName(preset.name), gpus, there);
        lines << QString() << tr("Planned for %1 that you choose:").arg(gpus) << stageLines(planned.plan);
    }
    if (!step.isEmpty())
        lines << QString() << StepTimeText::explanation(here.step);
    forecast.details = lines.join(QLatin1Char('\n'));
    return forecast;
}
