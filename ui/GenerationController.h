#pragma once
// The GUI-thread half of the thread contract. Owns the generation QThread and its worker;
// start() hands a job over with a queued invocation, cancel() sets the shared atomic
// CancelToken directly (a busy worker never runs queued slots). Re-emits the worker's signals
// on the GUI thread and tracks whether a run is in flight. The destructor asks a running
// generation to stop, then quits and waits the thread (the only wait, as the contract allows).
#include "framesmith/CancelToken.h"
#include "ui/GenerationMetaTypes.h"

#include <QObject>
#include <QThread>

class GenerationWorker;

class GenerationController : public QObject {
    Q_OBJECT

public:
    explicit GenerationController(QObject* parent = nullptr);
    ~GenerationController() override;

    // False (and nothing happens) while a run is in flight.
    bool start(const framesmith::GenerationRequest& request, const QString& autoExportPath = {});
    void cancel(framesmith::CancelMode mode); // any time; no effect when idle
    bool isRunning() const { return m_isRunning; }
    framesmith::CancelMode requestedCancel() const { return m_cancel.mode(); }

Q_SIGNALS:
    void started();
    void stageStarted(int stage, const QString& detail);
    void stageProgress(int stage, int done, int total);
    void stepFinished(int step, int stepCount, double seconds, double etaSeconds);
    void previewReady(int step, const QVector<QImage>& frames);
    void warningRaised(const QString& message);
    // Exactly one per start(), after isRunning() turned false.
    void finished(const framesmith::GenerationResult& result);
    void failed(const QString& message, const QString& detail);
    void cancelled(int stepsCompleted, const QString& detail);

private:
    void onWorkerFinished(const framesmith::GenerationResult& result);
    void onWorkerFailed(const QString& message, const QString& detail);
    void onWorkerCancelled(int stepsCompleted, const QString& detail);

    framesmith::CancelToken m_cancel; // declared before the thread: outlives the worker
    QThread m_thread;
    GenerationWorker* m_worker = nullptr; // lives on m_thread; deleted there when it finishes
    bool m_isRunning = false;
};
