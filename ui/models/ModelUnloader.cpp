#include "ui/models/ModelUnloader.h"

#include "ui/generation/GenerationController.h"
#include "ui/settings/AppSettings.h"

#include <QAction>
#include <QEvent>
#include <QLocale>
#include <QMenu>
#include <QStatusBar>

namespace {
constexpr int kStatusMessageMs = 6000;
} // namespace

ModelUnloader::ModelUnloader(GenerationController* controller, QMenu* menu, QStatusBar* statusBar,
                             const AppSettings& settings, QObject* parent)
    : QObject(parent), m_controller(controller), m_statusBar(statusBar)
{
    menu->addSeparator();
    m_action = menu->addAction(QString());
    m_action->setObjectName(QStringLiteral("actionUnloadModel"));
    m_action->setEnabled(controller->isModelLoaded());
    retranslate();
    menu->installEventFilter(this);
    controller->setIdleUnloadAfter(settings.idleUnloadMinutes() * 60 * 1000);
    connect(m_action, &QAction::triggered, controller, &GenerationController::unloadModel);
    connect(controller, &GenerationController::loadedModelChanged, this, &ModelUnloader::onLoadedModelChanged);
    connect(controller, &GenerationController::modelUnloaded, this, [this] {
        m_statusBar->showMessage(tr("Model unloaded: its memory is free again"), kStatusMessageMs);
    });
}

void ModelUnloader::retranslate()
{
    m_action->setText(tr("Unload model"));
    m_action->setToolTip(m_heldBytes > 0 ? tr("Free the loaded model now (%1 GiB of weights kept between runs)")
                                               .arg(QLocale().toString(double(m_heldBytes) / (1 << 30), 'f', 1))
                                         : tr("Free the loaded model now"));
}

void ModelUnloader::onLoadedModelChanged(bool isLoaded, qint64 heldBytes)
{
    m_heldBytes = heldBytes;
    m_action->setEnabled(isLoaded);
    retranslate();
}

bool ModelUnloader::eventFilter(QObject* watched, QEvent* event)
{
    if (event->type() == QEvent::LanguageChange)
        retranslate();
    return QObject::eventFilter(watched, event);
}
