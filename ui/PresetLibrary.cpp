#include "ui/PresetLibrary.h"

#include "framesmith/PresetCatalog.h"

#include <QFile>

namespace PresetLibrary {

std::optional<framesmith::MemoryPreset> load(const QString& idOrPath)
{
    const QString path = idOrPath.endsWith(QLatin1String(".json"))
                             ? idOrPath
                             : QStringLiteral(":/presets/%1.json").arg(idOrPath);
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly)) {
        try { // not built in: the user's own preset, from the folder the engine reads
            return framesmith::PresetCatalog().load(idOrPath.toStdString());
        } catch (const std::exception&) {
            return std::nullopt;
        }
    }
    try {
        return framesmith::presetFromJson(file.readAll().toStdString(), path.toStdString());
    } catch (const std::exception&) {
        return std::nullopt;
    }
}

} // namespace PresetLibrary
