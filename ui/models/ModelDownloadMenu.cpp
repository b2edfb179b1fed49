#include "ui/models/ModelDownloadMenu.h"

#include "ui/models/ModelDownloadDialog.h"

#include <QAction>
#include <QEvent>
#include <QMenu>

ModelDownloadMenu::ModelDownloadMenu(QMenu* menu, QAction* before, QWidget* window)
    : QObject(window), m_window(window), m_action(new QAction(menu))
{
    m_action->setObjectName(QStringLiteral("actionDownloadModels"));
    menu->insertAction(before, m_action);
    menu->installEventFilter(this);
    retranslate();
    connect(m_action, &QAction::triggered, this, &ModelDownloadMenu::open);
}

void ModelDownloadMenu::open()
{
    if (!m_dialog) {
        m_dialog = new ModelDownloadDialog(m_window);
        m_dialog->setAttribute(Qt::WA_DeleteOnClose);
        connect(m_dialog, &ModelDownloadDialog::modelChosen, this, &ModelDownloadMenu::modelChosen);
        connect(m_dialog, &ModelDownloadDialog::downloadFinished, this, &ModelDownloadMenu::downloadFinished);
    }
    m_dialog->show();
    m_dialog->raise();
    m_dialog->activateWindow();
}

void ModelDownloadMenu::retranslate()
{
    m_action->setText(tr("&Download models…"));
    m_action->setToolTip(tr("Download models from the Hugging Face Hub into its cache"));
}

bool ModelDownloadMenu::eventFilter(QObject* watched, QEvent* event)
{
    if (event->type() == QEvent::LanguageChange)
        retranslate();
    return QObject::eventFilter(watched, event);
}

ModelDownloadDialog* ModelDownloadMenu::dialog() const
{
    return m_dialog.data();
}
