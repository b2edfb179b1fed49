#include "ui/GenerationController.h"

#include "ui/GenerationWorker.h"

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
    connect(m_worker, &GenerationWorker::finished, this, &GenerationController::onWorkerFinished);
    connect(m_worker, &GenerationWorker::failed, this, &GenerationController::onWorkerFailed);
    connect(m_worker, &GenerationWorker::cancelled, this, &GenerationController::onWorkerCancelled);
    m_thread.start();
}

GenerationController::~GenerationController()
{
    m_cancel.request(framesmith::CancelMode::StopNow);
    m_thread.quit();
    m_thread.wait();
}

bool GenerationController::start(const framesmith::GenerationRequest& request, const QString& autoExportPath)
{
    if (m_isRunning)
        return false;
    m_cancel.reset();
    m_isRunning = true;
    const GenerationJob job{request, autoExportPath};
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

void GenerationController::onWorkerFinished(const framesmith::GenerationResult& result)
{
    m_isRunning = false;
    Q_EMIT finished(result);
}

void GenerationController::onWorkerFailed(const QString& message, const QString& detail)
{
    m_isRunning = false;
    Q_EMIT failed(message, detail);
}

void GenerationController::onWorkerCancelled(int stepsCompleted, const QString& detail)
{
    m_isRunning = false;
    Q_EMIT cancelled(stepsCompleted, detail);
}
