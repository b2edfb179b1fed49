#include "ui/presets/PresetNames.h"

#include "framesmith/PresetCatalog.h"

#include <QCoreApplication>
#include <QRegularExpression>

namespace PresetNames {

namespace {
QString tr(const char* text) { return QCoreApplication::translate("PresetNames", text); }
constexpr int kMaxLength = 64; // PresetStore's limit
} // namespace

QString problem(const QString& name)
{
    if (name.isEmpty())
        return tr("Give the preset a name.");
    if (name.size() > kMaxLength)
        return tr("The name is %1 characters long; at most %2 fit.").arg(name.size()).arg(kMaxLength);
    static const QRegularExpression allowed(QStringLiteral("^[A-Za-z0-9_. -]+$"));
    if (!allowed.match(name).hasMatch())
        return tr("\"%1\" has characters a preset name cannot have: use letters A-Z, digits, spaces, '-', '_' and "
                  "'.' (the name is also the preset's file name and the command line's --preset).")
            .arg(name);
    if (name != name.trimmed())
        return tr("A preset name cannot start or end with a space.");
    if (name.startsWith(QLatin1Char('.')))
        return tr("A preset name cannot start with '.'.");
    if (framesmith::PresetCatalog().isBuiltin(name.toStdString()))
        return tr("\"%1\" is a built-in preset and cannot be changed: choose another name.").arg(name);
    return {};
}

} // namespace PresetNames
