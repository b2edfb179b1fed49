#include "ui/presets/PresetChoices.h"

#include "framesmith/PresetCatalog.h"

#include <QCoreApplication>

namespace {
struct Entry {
    const char* id;
    const char* name;
    const char* description;
};
// Auto first: it is the default and picks one of the others from the GPUs it finds.
const Entry kEntries[] = {
    {"auto", QT_TRANSLATE_NOOP("PresetChoices", "Auto"),
     QT_TRANSLATE_NOOP("PresetChoices", "Chooses a preset from the GPUs and free memory it finds")},
    {"24gb", QT_TRANSLATE_NOOP("PresetChoices", "24 GB single GPU"),
     QT_TRANSLATE_NOOP("PresetChoices", "One 24 GB card: bf16, VAE tiling, text encoder released after use")},
    {"multi-gpu", QT_TRANSLATE_NOOP("PresetChoices", "Multi-GPU balanced"),
     QT_TRANSLATE_NOOP("PresetChoices", "Spreads the components and blocks over every GPU by free memory")},
    {"low-memory", QT_TRANSLATE_NOOP("PresetChoices", "Low memory"),
     QT_TRANSLATE_NOOP("PresetChoices", "Streams transformer blocks from system RAM: slow but fits small cards")},
    {"max-speed", QT_TRANSLATE_NOOP("PresetChoices", "Max speed"),
     QT_TRANSLATE_NOOP("PresetChoices", "Everything resident on the GPU, no offloading: needs the most memory")},
};
} // namespace

QVector<PresetChoice> builtInPresetChoices()
{
    QVector<PresetChoice> choices;
    for (const Entry& e : kEntries)
        choices.push_back({QString::fromLatin1(e.id), QCoreApplication::translate("PresetChoices", e.name),
                           QCoreApplication::translate("PresetChoices", e.description)});
    return choices;
}

QVector<PresetChoice> userPresetChoices()
{
    QVector<PresetChoice> choices;
    const framesmith::PresetCatalog catalog;
    for (const std::string& name : catalog.userNames()) {
        QString description;
        try {
            description = QString::fromStdString(catalog.load(name).description);
        } catch (const std::exception& e) {
            description = QCoreApplication::translate("PresetChoices", "Cannot be read: %1").arg(QString::fromUtf8(e.what()));
        }
        choices.push_back({QString::fromStdString(name), QString::fromStdString(name), description});
    }
    return choices;
}
