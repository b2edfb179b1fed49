#include "ui/presets/UserPresetActions.h"

#include "framesmith/PresetCatalog.h"
#include "ui/presets/PresetEditorDialog.h"
#include "ui/presets/PresetNames.h"

#include <QDesktopServices>
#include <QInputDialog>
#include <QMenu>
#include <QMessageBox>
#include <QPushButton>
#include <QUrl>

UserPresetActions::UserPresetActions(QWidget* dialogParent) : QObject(dialogParent), m_dialogParent(dialogParent)
{
    m_openFolder = [](const QString& folder) { QDesktopServices::openUrl(QUrl::fromLocalFile(folder)); };
}

void UserPresetActions::openEditor(const QString& presetId, const framesmith::GenerationRequest& request,
                                   const std::vector<framesmith::DeviceInfo>& devices, qint64 plannedGpuBytes)
{
    auto* dialog = new PresetEditorDialog(presetId, request, devices, plannedGpuBytes, m_dialogParent);
    dialog->setAttribute(Qt::WA_DeleteOnClose);
    connect(dialog, &PresetEditorDialog::presetSaved, this, &UserPresetActions::presetsChanged);
    dialog->open(); // window-modal, non-blocking
}

void UserPresetActions::popUpMenu(const QString& presetId, const QPoint& globalPos)
{
    if (QMenu* menu = menuFor(presetId)) {
        menu->setAttribute(Qt::WA_DeleteOnClose);
        menu->popup(globalPos);
    }
}

QMenu* UserPresetActions::menuFor(const QString& presetId)
{
    const framesmith::PresetCatalog catalog;
    if (presetId.isEmpty() || catalog.isBuiltin(presetId.toStdString()))
        return nullptr;
    auto* menu = new QMenu(m_dialogParent);
    menu->addAction(tr("&Rename…"), this, [this, presetId] { askToRename(presetId); })->setObjectName(QStringLiteral("renamePresetAction"));
    menu->addAction(tr("Show in &folder"), this, [this, presetId] { showInFolder(presetId); })
        ->setObjectName(QStringLiteral("showPresetAction"));
    menu->addSeparator();
    menu->addAction(tr("&Delete…"), this, [this, presetId] { askToDelete(presetId); })->setObjectName(QStringLiteral("deletePresetAction"));
    return menu;
}

void UserPresetActions::askToRename(const QString& presetId)
{
    auto* dialog = new QInputDialog(m_dialogParent);
    dialog->setObjectName(QStringLiteral("renamePresetDialog"));
    dialog->setWindowTitle(tr("Rename preset"));
    dialog->setLabelText(tr("New name for \"%1\":").arg(presetId));
    dialog->setTextValue(presetId);
    dialog->setAttribute(Qt::WA_DeleteOnClose);
    connect(dialog, &QInputDialog::textValueSelected, this, [this, presetId](const QString& name) {
        QString error;
        if (!rename(presetId, name.trimmed(), &error))
            Q_EMIT errorRaised(tr("Rename preset"), tr("The preset was not renamed."), error);
    });
    dialog->open();
}

bool UserPresetActions::rename(const QString& from, const QString& to, QString* error)
{
    if (to == from)
        return true;
    if (const QString why = PresetNames::problem(to); !why.isEmpty()) {
        *error = why;
        return false;
    }
    const framesmith::PresetCatalog catalog;
    try {
        const auto existing = catalog.userNames();
        if (std::find(existing.begin(), existing.end(), to.toStdString()) != existing.end()) {
            *error = tr("A preset named \"%1\" exists already.").arg(to);
            return false;
        }
        framesmith::MemoryPreset preset = catalog.load(from.toStdString());
        preset.name = to.toStdString();
        catalog.save(preset); // the new file first: a failure leaves the old one as it was
        catalog.remove(from.toStdString());
    } catch (const std::exception& e) {
        *error = QString::fromUtf8(e.what());
        return false;
    }
    Q_EMIT presetsChanged(to);
    return true;
}

void UserPresetActions::askToDelete(const QString& presetId)
{
    auto* box = new QMessageBox(QMessageBox::Question, tr("Delete preset"), tr("Delete the preset \"%1\"?").arg(presetId),
                                QMessageBox::NoButton, m_dialogParent);
    box->setObjectName(QStringLiteral("deletePresetBox"));
    box->addButton(tr("&Delete"), QMessageBox::DestructiveRole)->setObjectName(QStringLiteral("deleteButton"));
    box->addButton(QMessageBox::Cancel);
    box->setAttribute(Qt::WA_DeleteOnClose);
    connect(box, &QMessageBox::buttonClicked, this, [this, box, presetId](QAbstractButton* button) {
        QString error;
        if (box->buttonRole(button) == QMessageBox::DestructiveRole && !remove(presetId, &error))
            Q_EMIT errorRaised(tr("Delete preset"), tr("The preset was not deleted."), error);
    });
    box->open();
}

bool UserPresetActions::remove(const QString& presetId, QString* error)
{
    try {
        framesmith::PresetCatalog().remove(presetId.toStdString());
    } catch (const std::exception& e) {
        *error = QString::fromUtf8(e.what());
        return false;
    }
    Q_EMIT presetsChanged(QStringLiteral("auto"));
    return true;
}

void UserPresetActions::showInFolder(const QString& presetId)
{
    Q_UNUSED(presetId);
    m_openFolder(QString::fromStdString(framesmith::PresetCatalog().userFolder()));
}
