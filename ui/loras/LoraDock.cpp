#include "ui/loras/LoraDock.h"

#include "ui/loras/LoraDropRouter.h"
#include "ui/loras/LoraPanel.h"
#include "ui/main/ErrorBox.h"

#include <QAction>
#include <QDockWidget>
#include <QEvent>
#include <QMainWindow>
#include <QMenu>
#include <QStatusBar>

namespace {
constexpr int kStatusMessageMs = 8000;
}

LoraDock::LoraDock(QMainWindow& window, QMenu* fileMenu, QAction* before, QMenu* viewMenu, ImageDropArea* startImage,
                   AppSettings& settings)
    : QObject(&window), m_window(window), m_panel(new LoraPanel(settings)), m_dock(new QDockWidget(&window)),
      m_addAction(new QAction(this)), m_toggle(new QAction(this))
{
    m_dock->setObjectName(QStringLiteral("loraDock"));
    m_dock->setWidget(m_panel);
    m_dock->setFeatures(QDockWidget::DockWidgetClosable | QDockWidget::DockWidgetMovable | QDockWidget::DockWidgetFloatable);
    window.addDockWidget(Qt::RightDockWidgetArea, m_dock);
    m_dock->hide();
    m_addAction->setObjectName(QStringLiteral("actionAddLora"));
    fileMenu->insertAction(before, m_addAction);
    m_toggle->setObjectName(QStringLiteral("actionShowLoras"));
    m_toggle->setCheckable(true);
    viewMenu->addAction(m_toggle);
    connect(m_toggle, &QAction::toggled, m_dock, &QDockWidget::setVisible);
    connect(m_dock, &QDockWidget::visibilityChanged, m_toggle, &QAction::setChecked);
    connect(m_addAction, &QAction::triggered, this, [this] {
        m_dock->show();
        m_panel->browse();
    });
    connect(m_panel, &LoraPanel::fileRefused, this, [this](const QString&, const QString& message) {
        ErrorBox::show(&m_window, tr("LoRA"), tr("This file cannot be used as a LoRA."), message);
    });
    connect(m_panel, &LoraPanel::statusMessage, this,
            [this](const QString& text) { m_window.statusBar()->showMessage(text, kStatusMessageMs); });
    new LoraDropRouter(&window, m_panel, startImage, [this] { m_dock->show(); });
    m_dock->installEventFilter(this);
    retranslate();
}

void LoraDock::showIfUsed()
{
    if (m_panel->rowCount() > 0)
        m_dock->show();
}

bool LoraDock::eventFilter(QObject* watched, QEvent* event)
{
    if (watched == m_dock && event->type() == QEvent::LanguageChange)
        retranslate();
    return QObject::eventFilter(watched, event);
}

void LoraDock::retranslate()
{
    m_dock->setWindowTitle(tr("LoRAs"));
    m_addAction->setText(tr("Add LoRA…"));
    m_addAction->setToolTip(tr("Add LoRA files to the LoRA panel"));
    m_toggle->setText(tr("LoRAs"));
}
