#pragma once
// The LoRA panel's "Found" menu: the LoRA files of the data root's loras/ folder and of the folders
// the user added (AppSettings::loraFolders, e.g. ComfyUI's models/loras), a high/low-noise pair as
// one entry that adds both, and "Add a LoRA folder…". Rebuilt each time it opens. GUI thread only.
#include <QObject>
#include <QStringList>

class AppSettings;
class QMenu;
class QToolButton;
class QWidget;

class LoraFolderMenu : public QObject {
    Q_OBJECT

public:
    LoraFolderMenu(AppSettings& settings, QWidget* parent);

    QToolButton* button() const { return m_button; }
    QMenu* menu() const { return m_menu; }
    void rebuild();
    // Adds `folder` to the settings (the folder dialog's answer); false when it was already there.
    bool addFolder(const QString& folder);
    void retranslate();

Q_SIGNALS:
    void filesChosen(const QStringList& paths);

private:
    void browseFolder();

    AppSettings& m_settings;
    QToolButton* m_button;
    QMenu* m_menu;
};
