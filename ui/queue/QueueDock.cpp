#include "ui/queue/QueueDock.h"

#include "ui/farm/FarmDialog.h"
#include "ui/farm/FarmSender.h"
#include "ui/form/ParametersPanel.h"
#include "ui/generation/RunQuitGuard.h"
#include "ui/history/ClipShelf.h"
#include "ui/main/ErrorBox.h"
#include "ui/main/MainWindow.h"
#include "ui/memory/MemoryForecast.h"
#include "ui/memory/VramHeadroom.h"
#include "ui/queue/QueuePanel.h"
#include "ui/queue/RenderQueue.h"
#include "ui/queue/VariationsDialog.h"
#include "ui/settings/AppSettings.h"

#include <QAction>
#include <QDir>
#include <QDockWidget>
#include <QMainWindow>
#include <QPushButton>

QueueDock::QueueDock(MainWindow& window, const framesmith::VramMonitor& monitor, GenerationController* controller,
                     RunLauncher* launcher, ClipShelf* shelf, AppSettings& settings)
    : QObject(&window), m_window(window), m_settings(settings), m_monitor(monitor), m_shelf(shelf),
      m_queue(new RenderQueue(controller, launcher, settings, this)), m_dock(new QDockWidget(&window)),
      m_farmSender(new FarmSender(this))
{
    m_panel = new QueuePanel(
        m_queue,
        [this](const QString& historyId) {
            return historyId.isEmpty() ? QString()
                                       : QDir(m_shelf->store().historyFolder()).filePath(historyId + QStringLiteral(".png"));
        },
        m_dock);
    m_dock->setObjectName(QStringLiteral("queueDock"));
    m_dock->setWidget(m_panel);
    m_dock->setFeatures(QDockWidget::DockWidgetClosable | QDockWidget::DockWidgetMovable | QDockWidget::DockWidgetFloatable);
    window.addDockWidget(Qt::RightDockWidgetArea, m_dock);
    m_dock->hide(); // until something is queued, or View > Queue
    connect(m_panel, &QueuePanel::loadRequested, this, [this](const framesmith::GenerationRequest& r) { m_window.setRequest(r); });
    connect(m_panel, &QueuePanel::variationsRequested, this, &QueueDock::openVariations);
    connect(m_panel, &QueuePanel::farmRequested, this, &QueueDock::openFarm);
    connect(m_farmSender, &FarmSender::sent, this, &QueueDock::onFarmSent);
    connect(m_farmSender, &FarmSender::failed, this, &QueueDock::onFarmFailed);
    connect(m_panel, &QueuePanel::updateRequested, this, [this](const QString& id) {
        if (!m_canQueue) {
            Q_EMIT statusMessage(tr("The form cannot run as it is: the job keeps its settings"));
            return;
        }
        const framesmith::GenerationRequest r = m_window.request();
        if (m_queue->replaceRequest(id, r, plannedPeaks(r)))
            Q_EMIT statusMessage(tr("The queued job now has the form's settings"));
    });
    connect(m_queue, &RenderQueue::errorRaised, this, &QueueDock::statusMessage);
    connect(window.quitGuard(), &RunQuitGuard::stopping, this, [this](bool isQuitting) {
        if (isQuitting)
            m_queue->prepareToQuit(); // the job stopped now runs again at the next start
    });
    retranslate();
}

void QueueDock::bind(QAction* addToQueue, QAction* showQueue, QPushButton* queueButton)
{
    m_addAction = addToQueue;
    m_queueButton = queueButton;
    addToQueue->setShortcuts({QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_Return),
                              QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_Enter)});
    connect(addToQueue, &QAction::triggered, this, &QueueDock::addFromForm);
    connect(queueButton, &QPushButton::clicked, addToQueue, &QAction::trigger);
    showQueue->setCheckable(true);
    connect(showQueue, &QAction::toggled, m_dock, &QDockWidget::setVisible);
    connect(m_dock, &QDockWidget::visibilityChanged, showQueue, &QAction::setChecked);
}

void QueueDock::setRoot(const QString& root) { m_queue->setRoot(root); }

void QueueDock::setAvailable(bool canQueue, const QString& why)
{
    m_canQueue = canQueue;
    if (!m_addAction)
        return;
    m_addAction->setEnabled(canQueue);
    m_queueButton->setEnabled(canQueue);
    m_queueButton->setToolTip(canQueue ? tr("Add the clip to the render queue; it runs after the jobs before it "
                                            "(Ctrl+Shift+Return)")
                                       : why);
}

void QueueDock::add(const QVector<framesmith::GenerationRequest>& requests)
{
    int added = 0;
    for (const framesmith::GenerationRequest& r : requests)
        added += m_queue->add(r, m_window.modelName(), plannedPeaks(r)) ? 1 : 0;
    m_dock->show();
    Q_EMIT statusMessage(tr("%n job(s) added to the queue", nullptr, added));
}

void QueueDock::addFromForm()
{
    if (!m_canQueue) {
        Q_EMIT statusMessage(m_queueButton ? m_queueButton->toolTip() : QString());
        return;
    }
    add({m_window.request()});
}

void QueueDock::openVariations()
{
    if (!m_canQueue) {
        Q_EMIT statusMessage(tr("Variations are made from the form, which cannot run as it is"));
        return;
    }
    // The seeds of this very shot still to come: a variation must not repeat one of them.
    const framesmith::GenerationRequest base = m_window.request();
    const auto shot = [](framesmith::GenerationRequest r) {
        r.seed = 0;
        return framesmith::toJson(r);
    };
    QSet<std::uint64_t> queuedSeeds;
    for (const QueueJob& job : m_queue->jobs())
        if (!job.isFinished() && shot(job.request) == shot(base))
            queuedSeeds.insert(job.request.seed);
    auto* dialog = new VariationsDialog(base, queuedSeeds, &m_window);
    dialog->setAttribute(Qt::WA_DeleteOnClose);
    connect(dialog, &QDialog::accepted, this, [this, dialog] { add(dialog->requests()); });
    dialog->open();
}

void QueueDock::openFarm()
{
    const QStringList ids = m_queue->farmableIds();
    if (ids.isEmpty() || m_farmSender->isBusy())
        return;
    auto* dialog = new FarmDialog(m_settings.farmOptions(), static_cast<int>(ids.size()), &m_window);
    dialog->setAttribute(Qt::WA_DeleteOnClose);
    connect(dialog, &QDialog::accepted, this, [this, dialog] {
        const FarmSubmitOptions options = dialog->options();
        m_settings.setFarmOptions(options);
        m_farmIds = m_queue->farmableIds(); // as they are now: one may have started meanwhile
        if (m_farmIds.isEmpty())
            return;
        QStringList files;
        for (const QString& id : m_farmIds)
            files << m_queue->jobFile(id);
        m_queue->setHeld(true); // nothing starts here while the farm takes them
        Q_EMIT statusMessage(tr("Submitting %n job(s) to partition %1…", nullptr, static_cast<int>(files.size()))
                                 .arg(options.partition));
        m_farmSender->send(options, files);
    });
    dialog->open();
}

void QueueDock::onFarmSent(const QString& arrayId)
{
    const int sent = m_queue->markSent(m_farmIds, arrayId);
    m_farmIds.clear();
    m_queue->setHeld(false);
    Q_EMIT statusMessage(tr("%n job(s) sent to the farm as array %1 (framesmith-cli farm status %1)", nullptr, sent).arg(arrayId));
}

void QueueDock::onFarmFailed(const QString& message)
{
    m_farmIds.clear();
    m_queue->setHeld(false);
    // A box that stays, with the whole message: sbatch's reasons are long and matter.
    ErrorBox::show(&m_window, tr("Send queue to farm"), tr("The queue was not sent to the farm."), message);
}

MemoryFigures::Peaks QueueDock::plannedPeaks(const framesmith::GenerationRequest& request) const
{
    // The forecast beside the preset picker, for the same request: the job that runs here, every
    // device's peak (JobForecast), so the column and the forecast show the same figures.
    const MemoryForecast forecast = MemoryForecast::forRequest(VramHeadroom::applied(request, m_settings.vramHeadroomMb()),
                                                               MemoryForecast::devicesFrom(m_monitor),
                                                               m_window.parametersPanel()->plannedGpuBytes());
    return forecast.devicePeaks;
}

void QueueDock::retranslate() { m_dock->setWindowTitle(tr("Queue")); }
