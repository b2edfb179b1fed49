#include "ui/memory/VramHeadroomAction.h"

#include "framesmith/MemoryPreset.h"
#include "ui/settings/AppSettings.h"

#include <QAction>
#include <QEvent>
#include <QInputDialog>
#include <QMenu>

VramHeadroomAction::VramHeadroomAction(QMenu* menu, AppSettings& settings, QWidget* dialogParent)
    : QObject(menu), m_settings(settings), m_dialogParent(dialogParent)
{
    m_action = menu->addAction(QString());
    m_action->setObjectName(QStringLiteral("actionVramHeadroom"));
    retranslate();
    menu->installEventFilter(this);
    connect(m_action, &QAction::triggered, this, &VramHeadroomAction::ask);
}

bool VramHeadroomAction::eventFilter(QObject* watched, QEvent* event)
{
    if (event->type() == QEvent::LanguageChange)
        retranslate();
    return QObject::eventFilter(watched, event);
}

void VramHeadroomAction::retranslate()
{
    m_action->setText(tr("Keep VRAM Free…"));
    m_action->setToolTip(tr("Memory every run leaves free on each GPU, for the desktop and other programs"));
}

// Not modal to the whole app: the dialog is open()ed, so the window keeps painting the graph.
void VramHeadroomAction::ask()
{
    auto* dialog = new QInputDialog(m_dialogParent);
    dialog->setObjectName(QStringLiteral("vramHeadroomDialog"));
    dialog->setAttribute(Qt::WA_DeleteOnClose);
    dialog->setWindowTitle(tr("Keep VRAM Free"));
    dialog->setLabelText(tr("Every run keeps this much memory free on each GPU (MiB; 0: none).\n"
                            "A memory preset may keep more."));
    dialog->setInputMode(QInputDialog::IntInput);
    dialog->setIntRange(0, framesmith::MemoryPreset::kMaxVramHeadroomMb);
    dialog->setIntStep(256);
    dialog->setIntValue(m_settings.vramHeadroomMb());
    connect(dialog, &QInputDialog::intValueSelected, this, [this](int mb) {
        m_settings.setVramHeadroomMb(mb);
        Q_EMIT headroomChanged(m_settings.vramHeadroomMb());
    });
    dialog->open();
}
