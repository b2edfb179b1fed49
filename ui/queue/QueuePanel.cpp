#include "ui/queue/QueuePanel.h"

#include "ui/queue/RenderQueue.h"

#include <QEvent>
#include <QFileInfo>
#include <QGridLayout>
#include <QHeaderView>
#include <QLocale>
#include <QPushButton>
#include <QTreeWidget>
#include <QVBoxLayout>

#include <algorithm>

namespace {
enum Column { kState, kPrompt, kSeed, kPreset, kPeak, kColumnCount };
constexpr int kThumbnailHeight = 40;
} // namespace

QueuePanel::QueuePanel(RenderQueue* queue, std::function<QString(const QString&)> thumbnailFor, QWidget* parent)
    : QWidget(parent), m_queue(queue), m_thumbnailFor(std::move(thumbnailFor)), m_list(new QTreeWidget(this))
{
    setObjectName(QStringLiteral("queuePanel"));
    m_list->setObjectName(QStringLiteral("queueList"));
    m_list->setColumnCount(kColumnCount);
    m_list->setRootIsDecorated(false);
    m_list->setIconSize(QSize(kThumbnailHeight * 3 / 2, kThumbnailHeight));
    m_list->header()->setSectionResizeMode(kPrompt, QHeaderView::Stretch);
    m_list->header()->setStretchLastSection(false);
    m_up = addButton("queueUpButton");
    m_down = addButton("queueDownButton");
    m_load = addButton("queueLoadButton");
    m_update = addButton("queueUpdateButton");
    m_cancel = addButton("queueCancelButton");
    m_pause = addButton("queuePauseButton");
    m_pause->setCheckable(true);
    m_variations = addButton("queueVariationsButton");
    m_clear = addButton("queueClearButton");
    m_farm = addButton("queueFarmButton");
    auto* buttons = new QGridLayout;
    const QList<QPushButton*> order = {m_up, m_down, m_load, m_update, m_cancel, m_pause, m_variations, m_clear, m_farm};
    for (int i = 0; i < order.size(); ++i)
        buttons->addWidget(order[i], i / 4, i % 4);
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(2, 2, 2, 2);
    layout->addWidget(m_list);
    layout->addLayout(buttons);

    connect(m_up, &QPushButton::clicked, this, [this] { m_queue->move(selectedId(), -1); });
    connect(m_down, &QPushButton::clicked, this, [this] { m_queue->move(selectedId(), +1); });
    connect(m_cancel, &QPushButton::clicked, this, [this] { m_queue->cancel(selectedId()); });
    connect(m_pause, &QPushButton::toggled, m_queue, &RenderQueue::setPaused);
    connect(m_clear, &QPushButton::clicked, m_queue, &RenderQueue::clearFinished);
    connect(m_variations, &QPushButton::clicked, this, &QueuePanel::variationsRequested);
    connect(m_farm, &QPushButton::clicked, this, &QueuePanel::farmRequested);
    connect(m_update, &QPushButton::clicked, this, [this] { Q_EMIT updateRequested(selectedId()); });
    const auto load = [this] {
        const int i = m_queue->indexOf(selectedId());
        if (i >= 0)
            Q_EMIT loadRequested(m_queue->jobs()[i].request);
    };
    connect(m_load, &QPushButton::clicked, this, load);
    connect(m_list, &QTreeWidget::itemDoubleClicked, this, load);
    connect(m_list, &QTreeWidget::itemSelectionChanged, this, &QueuePanel::updateButtons);
    connect(m_queue, &RenderQueue::changed, this, &QueuePanel::rebuild);
    retranslate();
}

QPushButton* QueuePanel::addButton(const char* objectName)
{
    auto* button = new QPushButton(this);
    button->setObjectName(QString::fromLatin1(objectName));
    return button;
}

QString QueuePanel::selectedId() const
{
    const QList<QTreeWidgetItem*> items = m_list->selectedItems();
    return items.isEmpty() ? QString() : items.front()->data(kState, Qt::UserRole).toString();
}

void QueuePanel::select(const QString& id)
{
    for (int i = 0; i < m_list->topLevelItemCount(); ++i)
        if (m_list->topLevelItem(i)->data(kState, Qt::UserRole).toString() == id)
            m_list->setCurrentItem(m_list->topLevelItem(i));
}

void QueuePanel::rebuild()
{
    const QString selected = selectedId();
    const QSignalBlocker blocker(m_list);
    m_list->clear();
    for (const QueueJob& job : m_queue->jobs()) {
        auto* item = new QTreeWidgetItem(m_list);
        item->setData(kState, Qt::UserRole, job.id);
        item->setText(kState, job.state == QueueJob::State::Sent ? tr("On the farm (%1)").arg(job.farmArrayId)
                                                                : stateText(static_cast<int>(job.state)));
        item->setText(kPrompt, QString::fromStdString(job.request.prompt));
        item->setToolTip(kPrompt, job.error.isEmpty() ? item->text(kPrompt) : job.error);
        item->setText(kSeed, QString::number(job.request.seed)); // variations differ by it alone
        item->setText(kPreset, QString::fromStdString(job.request.preset));
        // A job queued before the per-device figures were kept shows its one number.
        const QString peaks = !job.plannedPeaks.isEmpty() ? MemoryFigures::peaks(job.plannedPeaks)
                              : job.plannedPeakBytes > 0  ? MemoryFigures::bytes(job.plannedPeakBytes)
                                                          : tr("unknown");
        item->setText(kPeak, peaks);
        const QString thumbnail = job.state == QueueJob::State::Done ? m_thumbnailFor(job.historyId) : QString();
        if (!thumbnail.isEmpty() && QFileInfo::exists(thumbnail))
            item->setIcon(kState, QIcon(thumbnail));
    }
    select(selected);
    updateButtons();
}

void QueuePanel::updateButtons()
{
    const int i = m_queue->indexOf(selectedId());
    const auto& jobs = m_queue->jobs();
    const bool isWaiting = i >= 0 && jobs[i].isEditable();
    m_up->setEnabled(isWaiting && i > 0 && jobs[i - 1].isEditable());
    m_down->setEnabled(isWaiting && i + 1 < jobs.size() && jobs[i + 1].isEditable());
    m_load->setEnabled(i >= 0);
    m_update->setEnabled(isWaiting);
    m_cancel->setEnabled(isWaiting || (i >= 0 && jobs[i].state == QueueJob::State::Running));
    m_pause->setChecked(m_queue->isPaused());
    m_clear->setEnabled(std::any_of(jobs.begin(), jobs.end(), [](const QueueJob& job) { return job.isFinished(); }));
    m_farm->setEnabled(!m_queue->farmableIds().isEmpty());
}

QString QueuePanel::stateText(int state) const
{
    switch (static_cast<QueueJob::State>(state)) {
    case QueueJob::State::Waiting: return tr("Waiting");
    case QueueJob::State::Running: return tr("Running");
    case QueueJob::State::Done: return tr("Done");
    case QueueJob::State::Failed: return tr("Failed");
    case QueueJob::State::Cancelled: return tr("Cancelled");
    case QueueJob::State::Sent: return tr("On the farm");
    case QueueJob::State::Invalid: break;
    }
    return {};
}

void QueuePanel::retranslate()
{
    m_list->setHeaderLabels({tr("State"), tr("Prompt"), tr("Seed"), tr("Preset"), tr("Planned peak")});
    m_up->setText(tr("Move &up"));
    m_down->setText(tr("Move &down"));
    m_load->setText(tr("&Load into form"));
    m_load->setToolTip(tr("Put this job's settings on the form (double-click does the same)"));
    m_update->setText(tr("&Update from form"));
    m_update->setToolTip(tr("The waiting job takes the settings now on the form"));
    m_cancel->setText(tr("&Cancel job"));
    m_pause->setText(tr("&Pause queue"));
    m_pause->setToolTip(tr("While paused no new job starts; a running job finishes"));
    m_variations->setText(tr("&Variations…"));
    m_variations->setToolTip(tr("Queue several seeds or prompts made from the form"));
    m_clear->setText(tr("Clear &finished"));
    m_farm->setText(tr("Send to &farm…"));
    m_farm->setToolTip(tr("Render the waiting jobs on a Slurm cluster instead of this machine"));
    rebuild();
}

void QueuePanel::changeEvent(QEvent* event)
{
    if (event->type() == QEvent::LanguageChange)
        retranslate();
    QWidget::changeEvent(event);
}
