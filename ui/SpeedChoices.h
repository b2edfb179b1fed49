#pragma once
// The "Speed" picker's entries: step caching off, or a setting shown with what bench_step_cache
// measured for it on the model's family (speed-up of the denoise stage, the decoded video's PSNR
// against an uncached run), from the table the family ships: measured figures, never a promise.
// Call again after a language change or when the model's family changes. GUI thread.
#include <QString>
#include <QVector>

struct SpeedChoice {
    QString id;      // GenerationRequest::stepCache: "quality", "balanced", "fast", "off"
    QString text;    // translated, with the measured figures when the family has them
    QString toolTip; // translated: what the setting does and where the figures come from
};

// family: ModelFamilyInfo::name ("" or unknown: the settings without figures).
QVector<SpeedChoice> speedChoices(const QString& family);
