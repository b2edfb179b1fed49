#include "ui/settings/LegacyData.h"

#include "framesmith/DataFolders.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QStandardPaths>

namespace LegacyData {

namespace {
bool isUsed(const QString& folder) { return QFileInfo(folder).isDir() && !QDir(folder).isEmpty(); }

// A rename on the same disk; a copy otherwise (the old files then stay where they were).
bool moveFolder(const QString& from, const QString& to)
{
    QDir().mkpath(QFileInfo(to).absolutePath());
    if (QDir().rename(from, to))
        return true;
    QDir().mkpath(to);
    bool isComplete = true;
    for (const QFileInfo& file : QDir(from).entryInfoList(QDir::Files))
        isComplete = QFile::copy(file.filePath(), QDir(to).filePath(file.fileName())) && isComplete;
    return isComplete;
}
} // namespace

QStringList adopt(const QString& oldAppDataFolder, const QString& oldPresetsFolder, const QString& dataRoot)
{
    QStringList adopted;
    const QDir root(dataRoot);
    for (const QString& name : {QStringLiteral("history"), QStringLiteral("clips")}) {
        const QString from = QDir(oldAppDataFolder).filePath(name);
        if (QDir::cleanPath(from) != QDir::cleanPath(root.filePath(name)) && isUsed(from) &&
            !isUsed(root.filePath(name)) && moveFolder(from, root.filePath(name)))
            adopted << name;
    }
    // Presets are copied, not moved: an older Framesmith or CLI may still read the old folder.
    const QString presets = root.filePath(QStringLiteral("presets"));
    if (QDir::cleanPath(oldPresetsFolder) != QDir::cleanPath(presets) && isUsed(oldPresetsFolder) && !isUsed(presets)) {
        QDir().mkpath(presets);
        for (const QFileInfo& file : QDir(oldPresetsFolder).entryInfoList({QStringLiteral("*.json")}, QDir::Files))
            QFile::copy(file.filePath(), QDir(presets).filePath(file.fileName()));
        adopted << QStringLiteral("presets");
    }
    return adopted;
}

QStringList adoptDefaults()
{
    return adopt(QStandardPaths::writableLocation(QStandardPaths::AppDataLocation),
                 QString::fromStdString(framesmith::legacyPresetsFolder()), QString::fromStdString(framesmith::dataRoot()));
}

} // namespace LegacyData
