#include "ui/loras/LoraFolderMenu.h"

#include "framesmith/LoraFiles.h"
#include "ui/settings/AppSettings.h"

#include <QAction>
#include <QDir>
#include <QFileDialog>
#include <QFileInfo>
#include <QMenu>
#include <QToolButton>

namespace {

std::vector<std::string> folderList(const AppSettings& settings)
{
    std::vector<std::string> added;
    for (const QString& folder : settings.loraFolders())
        added.push_back(folder.toStdString());
    return framesmith::loraFolders(added);
}

} // namespace

LoraFolderMenu::LoraFolderMenu(AppSettings& settings, QWidget* parent)
    : QObject(parent), m_settings(settings), m_button(new QToolButton(parent)), m_menu(new QMenu(parent))
{
    m_button->setObjectName(QStringLiteral("loraFoundButton"));
    m_button->setMenu(m_menu);
    m_button->setPopupMode(QToolButton::InstantPopup);
    connect(m_menu, &QMenu::aboutToShow, this, &LoraFolderMenu::rebuild);
    retranslate();
}

void LoraFolderMenu::rebuild()
{
    m_menu->clear();
    const std::vector<framesmith::LoraFileEntry> files = framesmith::findLoraFiles(folderList(m_settings));
    for (const framesmith::LoraFileEntry& file : files) {
        if (file.expert == "low" && !file.partner.empty())
            continue; // listed once, under its high-noise file
        const QString path = QString::fromStdString(file.path);
        QString text = QFileInfo(path).fileName();
        QStringList chosen{path};
        if (!file.partner.empty()) {
            text = tr("%1 (high and low noise pair)").arg(text);
            chosen << QString::fromStdString(file.partner);
        }
        QAction* action = m_menu->addAction(text);
        action->setToolTip(QDir::toNativeSeparators(path));
        connect(action, &QAction::triggered, this, [this, chosen] { Q_EMIT filesChosen(chosen); });
    }
    if (files.empty()) {
        const QString library = QString::fromStdString(folderList(m_settings).front());
        m_menu->addAction(tr("No LoRA files in %1").arg(QDir::toNativeSeparators(library)))->setEnabled(false);
    }
    m_menu->addSeparator();
    connect(m_menu->addAction(tr("Add a LoRA folder…")), &QAction::triggered, this, &LoraFolderMenu::browseFolder);
}

bool LoraFolderMenu::addFolder(const QString& folder) { return m_settings.addLoraFolder(QDir::cleanPath(folder)); }

void LoraFolderMenu::browseFolder()
{
    const QString folder =
        QFileDialog::getExistingDirectory(m_button, tr("Choose a folder of LoRA files (e.g. ComfyUI's models/loras)"));
    if (!folder.isEmpty())
        addFolder(folder);
}

void LoraFolderMenu::retranslate()
{
    m_button->setText(tr("Found"));
    m_button->setToolTip(tr("LoRA files in the data folder's loras/ and the folders you added"));
}
