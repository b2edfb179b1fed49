#pragma once
// The built-in memory presets the picker offers, by id (the file name in resources/presets/ and
// GenerationRequest::preset) with translated names. Call again after a language change.
#include <QString>
#include <QVector>

struct PresetChoice {
    QString id;          // "24gb", "multi-gpu", "low-memory", "max-speed", "auto"
    QString name;        // translated
    QString description; // translated, for the tooltip
};

QVector<PresetChoice> builtInPresetChoices();
