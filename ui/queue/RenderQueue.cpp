#include "ui/queue/RenderQueue.h"

#include "ui/generation/GenerationController.h"
#include "ui/generation/RunLauncher.h"
#include "ui/settings/AppSettings.h"

#include <QDateTime>
#include <QDir>
#include <QFileInfo>
#include <QTimer>

#include <algorithm>

RenderQueue::RenderQueue(GenerationController* controller, RunLauncher* launcher, AppSettings& settings, QObject* parent)
    : QObject(parent), m_controller(controller), m_launcher(launcher), m_settings(settings),
      m_isPaused(settings.isQueuePaused())
{
    connect(controller, &GenerationController::finished, this, &RenderQueue::onRunFinished);
    connect(controller, &GenerationController::failed, this,
            [this](const QString& message) { onRunFailed(message); });
    connect(controller, &GenerationController::cancelled, this, &RenderQueue::onRunCancelled);
}

void RenderQueue::setRoot(const QString& root)
{
    if (!m_runningId.isEmpty())
        return; // the run in flight belongs to the old folder; the app sets the root before running
    if (m_hasRoot && QueueStore(root).folder() == m_store.folder())
        return; // loaded already: loading again would forget which job was interrupted
    m_store = QueueStore(root);
    m_jobs = m_store.load();
    for (const QString& warning : m_store.warnings())
        Q_EMIT errorRaised(warning);
    for (QueueJob& job : m_jobs) {
        if (job.state == QueueJob::State::Running) { // the app died during this job
            // Its checkpoint is written whole (write-then-rename) only once denoising finished.
            const QFileInfo latents(job.latentsPath);
            job.isResumable = !job.latentsPath.isEmpty() && latents.isFile() &&
                              latents.absolutePath() == QFileInfo(m_store.folder()).absoluteFilePath();
            job.state = QueueJob::State::Waiting; // on disk it stays "running" until it starts again
        }
    }
    m_hasRoot = true;
    Q_EMIT changed();
    scheduleNext();
}

int RenderQueue::indexOf(const QString& id) const
{
    for (int i = 0; i < m_jobs.size(); ++i)
        if (m_jobs[i].id == id)
            return i;
    return -1;
}

QueueJob* RenderQueue::find(const QString& id)
{
    const int i = indexOf(id);
    return i < 0 ? nullptr : &m_jobs[i];
}

bool RenderQueue::persist(const QueueJob& job)
{
    if (m_store.save(job))
        return true;
    Q_EMIT errorRaised(m_store.error());
    return false;
}

bool RenderQueue::add(const framesmith::GenerationRequest& request, const QString& modelName,
                      const MemoryFigures::Peaks& plannedPeaks)
{
    QueueJob job;
    job.id = m_store.newId();
    job.request = request;
    job.modelName = modelName;
    job.plannedPeaks = plannedPeaks;
    job.plannedPeakBytes = MemoryFigures::largest(plannedPeaks);
    job.position = m_jobs.isEmpty() ? 0 : m_jobs.back().position + 1;
    if (!persist(job))
        return false;
    m_jobs.push_back(job);
    Q_EMIT changed();
    scheduleNext();
    return true;
}

bool RenderQueue::move(const QString& id, int delta)
{
    const int from = indexOf(id);
    const int to = from + delta;
    if (from < 0 || to < 0 || to >= m_jobs.size() || !m_jobs[from].isEditable() || !m_jobs[to].isEditable())
        return false;
    std::swap(m_jobs[from].position, m_jobs[to].position);
    std::swap(m_jobs[from], m_jobs[to]);
    const bool saved = persist(m_jobs[from]) && persist(m_jobs[to]);
    Q_EMIT changed();
    return saved;
}

bool RenderQueue::replaceRequest(const QString& id, const framesmith::GenerationRequest& request,
                                 const MemoryFigures::Peaks& plannedPeaks)
{
    QueueJob* job = find(id);
    if (!job || !job->isEditable())
        return false;
    QueueJob edited = *job;
    edited.request = request;
    edited.plannedPeaks = plannedPeaks;
    edited.plannedPeakBytes = MemoryFigures::largest(plannedPeaks);
    if (!persist(edited))
        return false;
    *job = edited;
    Q_EMIT changed();
    return true;
}

void RenderQueue::cancel(const QString& id)
{
    QueueJob* job = find(id);
    if (!job)
        return;
    if (id == m_runningId) {
        m_controller->cancel(framesmith::CancelMode::StopNow); // onRunCancelled records it
        return;
    }
    if (!job->isEditable())
        return;
    job->state = QueueJob::State::Cancelled;
    persist(*job);
    Q_EMIT changed();
}

void RenderQueue::clearFinished()
{
    QVector<QueueJob> kept;
    for (const QueueJob& job : m_jobs) {
        if (job.isFinished())
            m_store.remove(job.id);
        else
            kept.push_back(job);
    }
    m_jobs = kept;
    Q_EMIT changed();
}

void RenderQueue::setPaused(bool isPaused)
{
    if (m_isPaused == isPaused)
        return;
    m_isPaused = isPaused;
    m_settings.setQueuePaused(isPaused);
    Q_EMIT changed();
    scheduleNext();
}

QStringList RenderQueue::farmableIds() const
{
    QStringList ids;
    for (const QueueJob& job : m_jobs)
        if (job.state == QueueJob::State::Waiting && !job.isResumable)
            ids << job.id;
    return ids;
}

QString RenderQueue::jobFile(const QString& id) const
{
    return QDir(m_store.folder()).filePath(id + QStringLiteral(".json"));
}

void RenderQueue::setHeld(bool isHeld)
{
    m_isHeld = isHeld;
    scheduleNext();
}

int RenderQueue::markSent(const QStringList& ids, const QString& arrayId)
{
    int sent = 0;
    for (const QString& id : ids) {
        QueueJob* job = find(id);
        if (!job || job->state != QueueJob::State::Waiting)
            continue;
        job->state = QueueJob::State::Sent;
        job->farmArrayId = arrayId;
        sent += persist(*job) ? 1 : 0;
    }
    Q_EMIT changed();
    return sent;
}

void RenderQueue::scheduleNext()
{
    // After the terminal signal's other receivers (the History) have run, never inside them.
    if (m_isNextScheduled)
        return;
    m_isNextScheduled = true;
    QTimer::singleShot(0, this, [this] {
        m_isNextScheduled = false;
        startNext();
    });
}

void RenderQueue::startNext()
{
    if (!m_hasRoot || m_isPaused || m_isHeld || m_isQuitting || !m_runningId.isEmpty() || m_controller->isRunning())
        return;
    const auto next = std::find_if(m_jobs.begin(), m_jobs.end(),
                                   [](const QueueJob& job) { return job.state == QueueJob::State::Waiting; });
    if (next == m_jobs.end())
        return;
    next->state = QueueJob::State::Running;
    const QString resumeFrom = next->isResumable ? next->latentsPath : QString();
    if (resumeFrom.isEmpty()) // a fresh name: the latents of an earlier, stopped run stay in the History
        next->latentsPath = QDir(m_store.folder()).filePath(
            next->id + QDateTime::currentDateTime().toString(QStringLiteral("-yyyyMMddHHmmsszzz")) +
            QStringLiteral(".latents.safetensors"));
    next->isResumable = false;
    if (!persist(*next)) {
        next->state = QueueJob::State::Waiting;
        return;
    }
    m_runningId = next->id;
    next->historyId = m_launcher->runQueued(next->request, next->modelName, next->latentsPath, resumeFrom);
    if (next->historyId.isEmpty()) { // the worker was busy after all: try again when it ends
        m_runningId.clear();
        next->state = QueueJob::State::Waiting;
        next->isResumable = !resumeFrom.isEmpty();
        next->latentsPath = resumeFrom.isEmpty() ? next->latentsPath : resumeFrom;
        persist(*next);
        return;
    }
    persist(*next); // the history id, so a finished job finds its thumbnail after a restart
    Q_EMIT changed();
}

void RenderQueue::endRun(QueueJob::State state, const QString& error)
{
    QueueJob* job = find(m_runningId);
    m_runningId.clear();
    if (job) {
        job->state = state;
        job->error = error;
        persist(*job);
        Q_EMIT changed();
    }
    scheduleNext();
}

void RenderQueue::onRunFinished(const framesmith::GenerationResult&)
{
    if (m_runningId.isEmpty()) {
        scheduleNext(); // the user's own Generate ended: the queue goes on
        return;
    }
    endRun(QueueJob::State::Done, {});
}

void RenderQueue::onRunFailed(const QString& message)
{
    if (m_runningId.isEmpty()) {
        scheduleNext();
        return;
    }
    endRun(QueueJob::State::Failed, message);
}

void RenderQueue::onRunCancelled()
{
    if (m_runningId.isEmpty()) {
        scheduleNext();
        return;
    }
    // Quitting stops the job to keep its latents, not to drop it: it runs again next time.
    endRun(m_isQuitting ? QueueJob::State::Waiting : QueueJob::State::Cancelled, {});
}
