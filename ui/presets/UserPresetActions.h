#pragma once
// The user's own presets from the main window: Customize… opens the preset editor; right-click on
// one of them in the picker renames it, deletes it (after asking) or shows its file in the folder.
// Built-in presets have no menu. Renaming keeps every lever (load, save under the new name, remove
// the old file). GUI thread only; dialogs are non-blocking.
#include "framesmith/DeviceInfo.h"
#include "framesmith/GenerationRequest.h"

#include <QObject>
#include <QString>

#include <functional>
#include <vector>

class QMenu;
class QWidget;

class UserPresetActions : public QObject {
    Q_OBJECT

public:
    explicit UserPresetActions(QWidget* dialogParent);

    // The editor, starting from presetId; a request without a model shows no forecast.
    void openEditor(const QString& presetId, const framesmith::GenerationRequest& request,
                    const std::vector<framesmith::DeviceInfo>& devices, qint64 plannedGpuBytes);
    QMenu* menuFor(const QString& presetId); // nullptr for built-ins; the caller owns the menu
    void popUpMenu(const QString& presetId, const QPoint& globalPos);
    void askToRename(const QString& presetId);
    void askToDelete(const QString& presetId);
    void showInFolder(const QString& presetId);
    // Without asking; false with *error set (translated) when refused or failed.
    bool rename(const QString& from, const QString& to, QString* error);
    bool remove(const QString& presetId, QString* error);
    void setFolderOpener(std::function<void(const QString& folder)> opener) { m_openFolder = std::move(opener); }

Q_SIGNALS:
    void presetsChanged(const QString& selectId); // the picker refills and selects this one
    void errorRaised(const QString& title, const QString& message, const QString& detail);

private:
    QWidget* m_dialogParent;
    std::function<void(const QString&)> m_openFolder;
};
