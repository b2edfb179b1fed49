#pragma once
// The "Speed" picker's entries: step caching off, or a setting shown in an artist's words for what
// bench_step_cache measured on the model's family ("about 1.4× faster, small changes in detail";
// a measured 0.94× is "no faster on this machine"), with the figures themselves (speed-up of the
// denoise stage, the decoded video's PSNR against an uncached run) in the tooltip: measured, never
// a promise.
// Call again after a language change or when the model's family changes. GUI thread.
#include <QString>
#include <QVector>

struct SpeedChoice {
    QString id;      // GenerationRequest::stepCache: "quality", "balanced", "fast", "off"
    QString text;    // translated, with the measured figures when the family has them
    QString toolTip; // translated: what the setting does and where the figures come from
};

namespace SpeedChoices {
// A measured speed-up below this is "no faster on this machine" (noise, or slower).
constexpr double kNoFasterBelow = 1.05;
} // namespace SpeedChoices

// family: ModelFamilyInfo::name ("" or unknown: the settings without figures).
QVector<SpeedChoice> speedChoices(const QString& family);
