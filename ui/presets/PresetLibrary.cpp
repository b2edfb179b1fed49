#include "ui/presets/PresetLibrary.h"

#include "framesmith/PresetCatalog.h"

#include <QFile>

namespace PresetLibrary {

std::optional<framesmith::MemoryPreset> load(const QString& idOrPath)
{
    // Only the compiled-in resources are read here; a user's file goes through the catalog, which
    // refuses special and oversized files before reading them.
    QFile file(QStringLiteral(":/presets/%1.json").arg(idOrPath));
    try {
        if (idOrPath.endsWith(QLatin1String(".json")) || !file.open(QIODevice::ReadOnly))
            return framesmith::PresetCatalog().load(idOrPath.toStdString());
        return framesmith::presetFromJson(file.readAll().toStdString(), file.fileName().toStdString());
    } catch (const std::exception&) {
        return std::nullopt;
    }
}

} // namespace PresetLibrary
