#pragma once
// The render queue: jobs kept as files (QueueStore) and run one after another through the
// RunLauncher, so on the same worker thread and warm engine as Generate, each finished job landing
// in the History as a Generate would. Waiting jobs can be reordered, edited and cancelled; the
// running one can be cancelled (the run stops and keeps its latents). The queue waits while a
// Generate of the user's runs, and while paused. On start it picks up where it was: a job that was
// running when the app died or quit runs again. GUI thread only.
#include "ui/queue/QueueJob.h"
#include "ui/queue/QueueStore.h"

#include <QObject>
#include <QVector>

class AppSettings;
class GenerationController;
class RunLauncher;
namespace framesmith {
struct GenerationResult;
}

class RenderQueue : public QObject {
    Q_OBJECT

public:
    // None is owned; all must outlive the queue. Nothing runs before setRoot().
    RenderQueue(GenerationController* controller, RunLauncher* launcher, AppSettings& settings,
                QObject* parent = nullptr);

    // Loads <root>/queue (a job left running becomes waiting again) and starts the next job.
    void setRoot(const QString& root);
    QString folder() const { return m_store.folder(); }
    const QVector<QueueJob>& jobs() const { return m_jobs; }
    int indexOf(const QString& id) const; // -1: none
    QString runningId() const { return m_runningId; }

    // Appends a waiting job; false with the reason in errorRaised when it could not be saved.
    bool add(const framesmith::GenerationRequest& request, const QString& modelName, const MemoryFigures::Peaks& plannedPeaks);
    // A waiting job swaps places with its waiting neighbour (delta -1: up, +1: down).
    bool move(const QString& id, int delta);
    // A waiting job runs this request instead (edited before it starts).
    bool replaceRequest(const QString& id, const framesmith::GenerationRequest& request,
                        const MemoryFigures::Peaks& plannedPeaks);
    // A waiting job is cancelled at once; the running one is asked to stop (it keeps its latents).
    void cancel(const QString& id);
    void clearFinished(); // removes done, failed and cancelled jobs (their clips stay in the History)
    void setPaused(bool isPaused); // remembered in the settings; a running job finishes
    bool isPaused() const { return m_isPaused; }
    // Jobs a render farm may take: waiting, and not an interrupted run that resumes from its latents.
    QStringList farmableIds() const;
    QString jobFile(const QString& id) const; // the job's file in the queue folder
    // While held (a farm submission under way) no job starts; not remembered, unlike a pause.
    void setHeld(bool isHeld);
    // The jobs among `ids` still waiting are marked sent to the farm array; how many were.
    int markSent(const QStringList& ids, const QString& arrayId);
    // The app is closing: a job stopped now runs again at the next start, and nothing new starts.
    void prepareToQuit() { m_isQuitting = true; }

Q_SIGNALS:
    void changed();
    void errorRaised(const QString& message);

private:
    void scheduleNext();
    void startNext();
    void onRunFinished(const framesmith::GenerationResult& result);
    void onRunFailed(const QString& message);
    void onRunCancelled();
    void endRun(QueueJob::State state, const QString& error);
    bool persist(const QueueJob& job);
    QueueJob* find(const QString& id);

    GenerationController* m_controller;
    RunLauncher* m_launcher;
    AppSettings& m_settings;
    QueueStore m_store{QString()};
    QVector<QueueJob> m_jobs; // in running order
    QString m_runningId;
    bool m_hasRoot = false;
    bool m_isPaused = false;
    bool m_isHeld = false;
    bool m_isQuitting = false;
    bool m_isNextScheduled = false;
};
