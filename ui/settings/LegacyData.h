#pragma once
// Earlier releases kept the history and clips in Qt's app-data folder (…/Framesmith/Framesmith)
// and the user's presets in …/framesmith/presets; everything now lives under one data root
// (framesmith::dataRoot()). adopt() moves or copies what it finds there, once, when the new place
// is still empty, so no history or preset is left behind. GUI thread, at start-up.
#include <QString>
#include <QStringList>

namespace LegacyData {
// Returns what was adopted ("history", "clips", "presets"); an existing new folder is never touched.
QStringList adopt(const QString& oldAppDataFolder, const QString& oldPresetsFolder, const QString& dataRoot);
QStringList adoptDefaults(); // the real folders of this user
} // namespace LegacyData
