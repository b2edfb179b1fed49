#include "ui/memory/StepTimeText.h"

#include <QCoreApplication>
#include <QLocale>

namespace {
QString tr(const char* text) { return QCoreApplication::translate("StepTimeText", text); }
} // namespace

QString StepTimeText::seconds(double value)
{
    return value < 0.01 ? QLocale().toString(value, 'f', 3)
                        : QLocale().toString(value, 'f', value < 1 ? 2 : value < 10 ? 1 : 0);
}

QString StepTimeText::perStep(const framesmith::StepTimeRange& step)
{
    if (step.lowSeconds <= 0)
        return {};
    const QString streams = step.transferSeconds > 0
                                ? tr(" (streams %1 s of weights per step)").arg(seconds(step.transferSeconds))
                                : QString();
    if (step.isCalibrated)
        return tr("about %1 s/step").arg(seconds(step.lowSeconds)) + streams;
    return tr("%1–%2 s/step (not measured here yet)").arg(seconds(step.lowSeconds), seconds(step.highSeconds)) + streams;
}

QString StepTimeText::explanation(const framesmith::StepTimeRange& step)
{
    if (step.isCalibrated)
        return tr("Speed: %1, from the steps the last run of this model took on this computer").arg(perStep(step));
    return tr("Speed: %1. The low end is the step's arithmetic at this device's matmul rate; small and mid-size "
              "models spend much of a step elsewhere. The first run of this model here measures it, and the "
              "forecast then gives one figure.")
        .arg(perStep(step));
}
