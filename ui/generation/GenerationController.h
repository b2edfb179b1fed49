#pragma once
// The GUI-thread half of the thread contract. Owns the generation QThread and its worker (which
// keeps the engine, and so the model, warm between runs); start() hands a job over with a queued
// invocation, cancel() sets the shared atomic CancelToken directly (a busy worker never runs
// queued slots), unloadModel() asks the worker to free the model (after the run in flight, if
// any), and an idle timer does the same after a quiet spell. Re-emits the worker's signals on the
// GUI thread and tracks whether a run is in flight. The destructor asks a running generation to
// stop, then quits and waits the thread (the only wait, as the contract allows).
#include "framesmith/CancelToken.h"
#include "ui/generation/GenerationMetaTypes.h"

#include <QObject>
#include <QThread>
#include <QTimer>

class GenerationWorker;

class GenerationController : public QObject {
    Q_OBJECT

public:
    explicit GenerationController(QObject* parent = nullptr);
    ~GenerationController() override;

    // False (and nothing happens) while a run is in flight.
    bool start(const framesmith::GenerationRequest& request, const QString& autoExportPath = {},
               const QString& saveLatentsPath = {});
    // "Decode again": decodes a kept latents checkpoint; the same signals as a run (finished's
    // result.request is the checkpoint's). False while a run is in flight.
    bool startDecode(const framesmith::DecodeRequest& request, const QString& autoExportPath = {});
    // Continues a paused run (paused()'s path) at the step it stopped. False while a run is in flight.
    bool startResume(const QString& pausedPath, const QString& autoExportPath = {});
    // any time; no effect when idle. CancelMode::Pause ends the run with paused().
    void cancel(framesmith::CancelMode mode);
    bool isRunning() const { return m_isRunning; }
    framesmith::CancelMode requestedCancel() const { return m_cancel.mode(); }

    // Frees the loaded model on the worker thread; modelUnloaded() follows.
    void unloadModel();
    // Unload after this long without a run (0: never), counted from the end of the last run.
    void setIdleUnloadAfter(int milliseconds);
    int idleUnloadAfterMs() const { return m_idleUnloadMs; }
    bool isModelLoaded() const { return m_isModelLoaded; }
    qint64 heldBytes() const { return m_heldBytes; }

Q_SIGNALS:
    void started();
    void stageStarted(int stage, const QString& detail);
    void stageProgress(int stage, int done, int total);
    void stepFinished(int step, int stepCount, double seconds, double etaSeconds);
    void previewReady(int step, const QVector<QImage>& frames);
    void warningRaised(const QString& message);
    void graphMarkerRaised(const QString& marker);
    // Exactly one of these (or paused()) per start(), after isRunning() turned false. latentsCheckpointPath: the latents
    // kept on disk ("" when none), for "Decode again".
    void finished(const framesmith::GenerationResult& result);
    void failed(const QString& message, const QString& detail, const QString& latentsCheckpointPath);
    void cancelled(int stepsCompleted, const QString& detail, const QString& latentsCheckpointPath);
    // The run paused after stepsCompleted steps, saved in pausedPath; the model is unloaded.
    void paused(int stepsCompleted, const QString& pausedPath);
    // The worker's engine holds a model (and how many bytes of weights) or nothing.
    void loadedModelChanged(bool isLoaded, qint64 heldBytes);
    void modelUnloaded();

private:
    bool startJob(const GenerationJob& job);
    void onWorkerFinished(const framesmith::GenerationResult& result);
    void onWorkerFailed(const QString& message, const QString& detail, const QString& latentsCheckpointPath);
    void onWorkerCancelled(int stepsCompleted, const QString& detail, const QString& latentsCheckpointPath);
    void onWorkerPaused(int stepsCompleted, const QString& pausedPath);
    void onLoadedModelChanged(bool isLoaded, qint64 heldBytes);
    void runEnded();

    framesmith::CancelToken m_cancel; // declared before the thread: outlives the worker
    QThread m_thread;
    GenerationWorker* m_worker = nullptr; // lives on m_thread; deleted there when it finishes
    QTimer m_idleTimer;
    int m_idleUnloadMs = 0;
    bool m_isRunning = false;
    bool m_isModelLoaded = false;
    bool m_isUnloadPending = false;
    qint64 m_heldBytes = 0;
};
