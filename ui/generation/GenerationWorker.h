#pragma once
// The worker half of the thread contract: a QObject moved to the generation QThread. It holds one
// Engine for its whole life, so the model stays loaded (warm) between runs as far as the memory
// plan allows. run() generates (or resumes a paused run), auto-saves the clip and emits exactly one
// of finished | failed | cancelled | paused; unload() frees the engine's models, here on the worker thread that used them.
// Progress arrives through ProgressSink (on this thread) and leaves as signals, queued to the GUI.
// No exception leaves a slot. The engine is destroyed with the worker, on the worker thread (the
// controller deletes it via QThread::finished).
#include "framesmith/CancelToken.h"
#include "framesmith/GenerationEvents.h"
#include "ui/generation/GenerationMetaTypes.h"

#include <QObject>
#include <QString>

#include <memory>

namespace framesmith {
class Engine;
}

class GenerationWorker : public QObject, private framesmith::ProgressSink {
    Q_OBJECT

public:
    // cancel is owned by the controller and outlives the worker; the GUI thread sets it.
    explicit GenerationWorker(const framesmith::CancelToken* cancel);
    ~GenerationWorker() override;

public Q_SLOTS:
    void run(const GenerationJob& job); // worker thread, via a queued invocation
    void unload();                      // worker thread: frees every loaded model

Q_SIGNALS:
    void stageStarted(int stage, const QString& detail);   // stage: framesmith::Stage
    void stageProgress(int stage, int done, int total);
    void stepFinished(int step, int stepCount, double seconds, double etaSeconds);
    void previewReady(int step, const QVector<QImage>& frames);
    void warningRaised(const QString& message);
    // A moment to mark on the memory graph: a stable backend name (see MemoryGraphFeeder::markerText).
    void graphMarkerRaised(const QString& marker);
    void finished(const framesmith::GenerationResult& result);
    // latentsCheckpointPath: the denoised (or partial) latents kept on disk, "" when none.
    void failed(const QString& message, const QString& detail, const QString& latentsCheckpointPath);
    void cancelled(int stepsCompleted, const QString& detail, const QString& latentsCheckpointPath);
    // Paused (CancelMode::Pause) after stepsCompleted steps: the run is saved in pausedPath and the
    // engine has freed its models; a job with resumePath continues it.
    void paused(int stepsCompleted, const QString& pausedPath);
    // After every run and unload: whether a model stays loaded, and how much it holds.
    void loadedModelChanged(bool isLoaded, qint64 heldBytes);

private:
    void onStageStarted(const framesmith::StageStarted& event) override;
    void onStageProgress(const framesmith::StageProgress& event) override;
    void onStepFinished(const framesmith::StepFinished& event) override;
    void onPreview(const framesmith::PreviewFrames& preview) override;
    void onWarning(const framesmith::Warning& warning) override;

    void generate(const GenerationJob& job);
    void autoExport(framesmith::GenerationResult& result, const QString& path);
    void reportLoadedModel();

    const framesmith::CancelToken* m_cancel;
    std::unique_ptr<framesmith::Engine> m_engine;
    int m_stepsCompleted = 0;
};
