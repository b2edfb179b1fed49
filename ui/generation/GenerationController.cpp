#include "ui/generation/GenerationController.h"

#include "ui/generation/GenerationWorker.h"

GenerationController::GenerationController(QObject* parent) : QObject(parent)
{
    registerGenerationMetaTypes();
    m_thread.setObjectName(QStringLiteral("GenerationWorker"));
    m_worker = new GenerationWorker(&m_cancel);
    m_worker->moveToThread(&m_thread);
    // The worker (and the engine it holds) is destroyed on its own thread, after the loop ends.
    connect(&m_thread, &QThread::finished, m_worker, &QObject::deleteLater);

    connect(m_worker, &GenerationWorker::stageStarted, this, &GenerationController::stageStarted);
    connect(m_worker, &GenerationWorker::stageProgress, this, &GenerationController::stageProgress);
    connect(m_worker, &GenerationWorker::stepFinished, this, &GenerationController::stepFinished);
    connect(m_worker, &GenerationWorker::previewReady, this, &GenerationController::previewReady);
    connect(m_worker, &GenerationWorker::warningRaised, this, &GenerationController::warningRaised);
    connect(m_worker, &GenerationWorker::graphMarkerRaised, this, &GenerationController::graphMarkerRaised);
    connect(m_worker, &GenerationWorker::finished, this, &GenerationController::onWorkerFinished);
    connect(m_worker, &GenerationWorker::failed, this, &GenerationController::onWorkerFailed);
    connect(m_worker, &GenerationWorker::cancelled, this, &GenerationController::onWorkerCancelled);
    connect(m_worker, &GenerationWorker::paused, this, &GenerationController::onWorkerPaused);
    connect(m_worker, &GenerationWorker::loadedModelChanged, this, &GenerationController::onLoadedModelChanged);
    m_idleTimer.setSingleShot(true);
    connect(&m_idleTimer, &QTimer::timeout, this, &GenerationController::unloadModel);
    m_thread.start();
}

GenerationController::~GenerationController()
{
    m_cancel.request(framesmith::CancelMode::StopNow);
    m_thread.quit();
    m_thread.wait();
}

bool GenerationController::start(const framesmith::GenerationRequest& request, const QString& autoExportPath,
                                 const QString& saveLatentsPath)
{
    return startJob({request, autoExportPath, std::nullopt, saveLatentsPath, {}});
}

bool GenerationController::startResume(const QString& pausedPath, const QString& autoExportPath)
{
    return startJob({{}, autoExportPath, std::nullopt, {}, pausedPath});
}

bool GenerationController::startDecode(const framesmith::DecodeRequest& request, const QString& autoExportPath)
{
    return startJob({{}, autoExportPath, request, {}, {}});
}

bool GenerationController::startJob(const GenerationJob& job)
{
    if (m_isRunning)
        return false;
    m_idleTimer.stop();
    m_cancel.reset();
    m_isRunning = true;
    GenerationWorker* worker = m_worker;
    QMetaObject::invokeMethod(m_worker, [worker, job] { worker->run(job); }, Qt::QueuedConnection);
    Q_EMIT started();
    return true;
}

void GenerationController::cancel(framesmith::CancelMode mode)
{
    if (m_isRunning)
        m_cancel.request(mode);
}

void GenerationController::unloadModel()
{
    m_idleTimer.stop();
    m_isUnloadPending = true;
    GenerationWorker* worker = m_worker;
    QMetaObject::invokeMethod(m_worker, [worker] { worker->unload(); }, Qt::QueuedConnection);
}

void GenerationController::setIdleUnloadAfter(int milliseconds)
{
    m_idleUnloadMs = qMax(0, milliseconds);
    if (m_idleUnloadMs == 0)
        m_idleTimer.stop();
    else if (m_isModelLoaded && !m_isRunning)
        m_idleTimer.start(m_idleUnloadMs);
}

void GenerationController::runEnded()
{
    m_isRunning = false;
}

void GenerationController::onLoadedModelChanged(bool isLoaded, qint64 heldBytes)
{
    m_isModelLoaded = isLoaded;
    m_heldBytes = heldBytes;
    if (isLoaded && !m_isRunning && m_idleUnloadMs > 0)
        m_idleTimer.start(m_idleUnloadMs);
    Q_EMIT loadedModelChanged(isLoaded, heldBytes);
    if (!isLoaded && m_isUnloadPending) {
        m_isUnloadPending = false;
        Q_EMIT modelUnloaded();
    }
}

void GenerationController::onWorkerFinished(const framesmith::GenerationResult& result)
{
    runEnded();
    Q_EMIT finished(result);
}

void GenerationController::onWorkerFailed(const QString& message, const QString& detail,
                                          const QString& latentsCheckpointPath)
{
    runEnded();
    Q_EMIT failed(message, detail, latentsCheckpointPath);
}

void GenerationController::onWorkerCancelled(int stepsCompleted, const QString& detail,
                                             const QString& latentsCheckpointPath)
{
    runEnded();
    Q_EMIT cancelled(stepsCompleted, detail, latentsCheckpointPath);
}

void GenerationController::onWorkerPaused(int stepsCompleted, const QString& pausedPath)
{
    runEnded();
    Q_EMIT paused(stepsCompleted, pausedPath);
}
