#pragma once
// The memory presets the picker offers, by id (the file name in resources/presets/ or the user
// preset's name, as GenerationRequest::preset carries it) with translated names. Call again after
// a language change or a saved preset.
#include <QString>
#include <QVector>

struct PresetChoice {
    QString id;          // "24gb", "multi-gpu", "low-memory", "max-speed", "auto", or a user preset's name
    QString name;        // translated (user presets: their own name)
    QString description; // translated, for the tooltip
};

QVector<PresetChoice> builtInPresetChoices();
// The user's own presets (the folder Engine and the CLI read), sorted by name; the tooltip is the
// preset's description, or why its file cannot be read.
QVector<PresetChoice> userPresetChoices();
