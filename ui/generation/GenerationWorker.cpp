#include "ui/generation/GenerationWorker.h"

#include "framesmith/Engine.h"
#include "framesmith/Error.h"
#include "framesmith/VideoExport.h"
#include "ui/history/ClipFrames.h"

#include <QDir>
#include <QFileInfo>

namespace {
QString sentenceFor(framesmith::ErrorCode code)
{
    using framesmith::ErrorCode;
    switch (code) {
    case ErrorCode::InvalidRequest: return GenerationWorker::tr("A parameter cannot work with this model.");
    case ErrorCode::BadFile: return GenerationWorker::tr("A model file is damaged or of the wrong kind.");
    case ErrorCode::MissingFile: return GenerationWorker::tr("A file the model needs is missing.");
    case ErrorCode::ShapeMismatch: return GenerationWorker::tr("The weights do not match the model's configuration.");
    case ErrorCode::UnsupportedModel: return GenerationWorker::tr("This build cannot run this model.");
    case ErrorCode::OutOfMemory:
        return GenerationWorker::tr("Out of memory, even after recovery. Try a lower-memory preset.");
    case ErrorCode::Io: return GenerationWorker::tr("Reading or writing a file failed.");
    case ErrorCode::NumericalFailure:
        return GenerationWorker::tr("The computation produced invalid numbers (NaN or infinity).");
    case ErrorCode::Unavailable: return GenerationWorker::tr("This machine or build lacks a needed feature.");
    default: return GenerationWorker::tr("Generation failed.");
    }
}
} // namespace

GenerationWorker::GenerationWorker(const framesmith::CancelToken* cancel) : m_cancel(cancel) {}

GenerationWorker::~GenerationWorker() = default; // on the worker thread: the engine goes with it

void GenerationWorker::run(const GenerationJob& job)
{
    m_stepsCompleted = 0;
    try {
        generate(job);
    } catch (const framesmith::CancelledError& e) {
        Q_EMIT cancelled(m_stepsCompleted, QString::fromStdString(e.what()),
                         QString::fromStdString(e.latentsCheckpointPath()));
    } catch (const framesmith::Error& e) {
        Q_EMIT failed(sentenceFor(e.code()), QString::fromStdString(e.what()),
                      QString::fromStdString(e.latentsCheckpointPath()));
    } catch (const std::bad_alloc&) {
        Q_EMIT failed(sentenceFor(framesmith::ErrorCode::OutOfMemory), tr("the host ran out of memory"), QString());
    } catch (const std::exception& e) {
        Q_EMIT failed(tr("Generation failed."), QString::fromStdString(e.what()), QString());
    } catch (...) {
        Q_EMIT failed(tr("Generation failed."), tr("an unknown error"), QString());
    }
    reportLoadedModel();
}

void GenerationWorker::unload()
{
    if (m_engine)
        m_engine->unload();
    reportLoadedModel();
}

void GenerationWorker::reportLoadedModel()
{
    const auto loaded = m_engine ? m_engine->loadedModel() : std::nullopt;
    Q_EMIT loadedModelChanged(loaded.has_value(), loaded ? qint64(loaded->heldBytes) : 0);
}

void GenerationWorker::generate(const GenerationJob& job)
{
    if (!m_engine)
        m_engine = std::make_unique<framesmith::Engine>();
    framesmith::GenerateOptions options;
    options.saveLatentsPath = job.saveLatentsPath.toStdString();
    framesmith::GenerationResult result =
        job.decode                   ? m_engine->decode(*job.decode, *this, *m_cancel)
        : !job.resumePath.isEmpty() ? m_engine->resume(job.resumePath.toStdString(), *this, *m_cancel)
                                     : m_engine->generate(job.request, *this, *m_cancel, options);
    if (result.isPaused) {
        Q_EMIT paused(result.stepsCompleted, QString::fromStdString(result.latentsCheckpointPath));
        return;
    }
    if (m_cancel->isStopRequested())
        throw framesmith::CancelledError("the end of the run");
    if (!job.autoExportPath.isEmpty() && !result.clip.isEmpty())
        autoExport(result, job.autoExportPath);
    Q_EMIT finished(result);
}

void GenerationWorker::autoExport(framesmith::GenerationResult& result, const QString& path)
{
    onStageStarted({framesmith::Stage::Exporting, path.toStdString()});
    QDir().mkpath(QFileInfo(path).absolutePath());
    framesmith::ExportOptions options;
    options.format = framesmith::ExportFormat::H264Mp4;
    options.path = path.toStdString();
    options.quality = 12; // visually lossless: history clips stand in for the frames themselves
    options.cancel = m_cancel;
    try {
        framesmith::exportVideo(result, options);
        result.outputPath = options.path;
    } catch (const framesmith::CancelledError&) {
        throw;
    } catch (const std::exception& e) {
        // The frames are still good: keep the clip, say why it was not saved.
        Q_EMIT warningRaised(tr("The clip could not be saved to the history: %1").arg(QString::fromUtf8(e.what())));
    }
}

void GenerationWorker::onStageStarted(const framesmith::StageStarted& event)
{
    Q_EMIT stageStarted(int(event.stage), QString::fromStdString(event.detail));
}

void GenerationWorker::onStageProgress(const framesmith::StageProgress& event)
{
    Q_EMIT stageProgress(int(event.stage), event.done, event.total);
}

void GenerationWorker::onStepFinished(const framesmith::StepFinished& event)
{
    m_stepsCompleted = event.step;
    Q_EMIT stepFinished(event.step, event.stepCount, event.seconds, event.etaSeconds);
}

void GenerationWorker::onPreview(const framesmith::PreviewFrames& preview)
{
    // Converted here, not on the GUI thread: QImage is reentrant and the GUI stays light.
    const QVector<QImage> frames = ClipFrames::toImages(preview);
    if (!frames.isEmpty())
        Q_EMIT previewReady(preview.step, frames);
}

void GenerationWorker::onWarning(const framesmith::Warning& warning)
{
    Q_EMIT warningRaised(QString::fromStdString(warning.message));
    if (!warning.marker.empty())
        Q_EMIT graphMarkerRaised(QString::fromStdString(warning.marker));
}
