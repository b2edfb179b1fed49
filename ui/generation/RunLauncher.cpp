#include "ui/generation/RunLauncher.h"

#include "ui/generation/DecodeAgainDialog.h"
#include "ui/generation/GenerationController.h"
#include "ui/generation/RunStateMachine.h"
#include "ui/history/ClipShelf.h"
#include "ui/history/HistoryEntry.h"
#include "ui/main/ErrorBox.h"
#include "ui/memory/MemoryDisplay.h"
#include "ui/memory/VramHeadroom.h"
#include "ui/settings/AppSettings.h"

#include <QDateTime>
#include <QFile>
#include <QFileInfo>
#include <QLocale>
#include <QMessageBox>
#include <QPushButton>

namespace {
constexpr int kStatusMessageMs = 8000;
}

RunLauncher::RunLauncher(GenerationController* controller, RunStateMachine* state, ClipShelf* shelf,
                         MemoryDisplay* memory, AppSettings& settings, QWidget* window)
    : QObject(window), m_controller(controller), m_state(state), m_shelf(shelf), m_memory(memory),
      m_settings(settings), m_window(window)
{
    connect(controller, &GenerationController::finished, this, &RunLauncher::onFinished);
    connect(controller, &GenerationController::failed, this, &RunLauncher::onFailed);
    connect(controller, &GenerationController::cancelled, this, &RunLauncher::onCancelled);
    connect(controller, &GenerationController::stepFinished, this, [this](int step) { m_stepsDone = step; });
    connect(controller, &GenerationController::paused, this, &RunLauncher::onPaused);
    connect(shelf, &ClipShelf::decodeAgainRequested, this, &RunLauncher::decodeAgain);
    connect(shelf, &ClipShelf::resumeRequested, this, &RunLauncher::resumeEntry);
    // Regenerate replays the recorded request and preset; the form (maybe edited since) stays as it is.
    connect(shelf, &ClipShelf::regenerateRequested, this, [this](const framesmith::GenerationRequest& recorded) {
        generate(recorded, QFileInfo(QString::fromStdString(recorded.modelPath)).fileName());
    });
}

void RunLauncher::generate(const framesmith::GenerationRequest& request, const QString& modelName)
{
    m_modelName = modelName;
    if (request.prompt.find_first_not_of(" \t\r\n") != std::string::npos || m_isEmptyPromptConfirmed) {
        start(request);
        return;
    }
    // An empty prompt makes an unconditioned clip: possible, but never by accident.
    auto* box = new QMessageBox(QMessageBox::Question, tr("No prompt"), tr("Generate without a prompt?"),
                                QMessageBox::NoButton, m_window);
    box->setObjectName(QStringLiteral("emptyPromptBox"));
    box->setInformativeText(tr("Without a description the clip follows nothing in particular (an unconditioned clip)."));
    box->addButton(tr("&Generate anyway"), QMessageBox::AcceptRole)->setObjectName(QStringLiteral("generateAnywayButton"));
    box->addButton(QMessageBox::Cancel);
    box->setAttribute(Qt::WA_DeleteOnClose);
    connect(box, &QMessageBox::accepted, this, [this, request] {
        m_isEmptyPromptConfirmed = true;
        start(request);
    });
    box->open();
}

QString RunLauncher::runQueued(const framesmith::GenerationRequest& request, const QString& modelName,
                               const QString& saveLatentsPath, const QString& resumeFrom)
{
    if (m_controller->isRunning())
        return {};
    m_modelName = modelName;
    if (resumeFrom.isEmpty())
        start(request, saveLatentsPath);
    else if (!resume(request, resumeFrom))
        return {};
    m_isQueuedRun = true;
    return m_runHistoryId;
}

bool RunLauncher::resume(const framesmith::GenerationRequest& request, const QString& checkpointPath)
{
    framesmith::DecodeRequest decode;
    decode.checkpointPath = checkpointPath.toStdString();
    // The VAE as the run's preset resolved it ("auto" included: the checkpoint records it), never
    // "Decode again"'s defaults.
    decode.isVaeAsRecorded = true;
    m_runRequest = request;
    m_stepsDone = request.steps;
    m_isFreshRun = false;
    m_resumedFrom.clear();
    m_runHistoryId = m_shelf->store().newId(request);
    if (!m_controller->startDecode(decode, m_shelf->store().videoPathFor(m_runHistoryId)))
        return false;
    Q_EMIT started();
    Q_EMIT statusMessage(tr("Decoding the latents of the interrupted queue job…"), 0);
    return true;
}

void RunLauncher::start(const framesmith::GenerationRequest& request, const QString& saveLatentsPath)
{
    if (m_controller->isRunning())
        return;
    m_isQueuedRun = false;
    m_settings.setLastRequest(request);
    m_pausedPath.clear(); // a new run: the paused one stays in the history with its latents
    m_runRequest = request;
    m_stepsDone = 0;
    m_isFreshRun = true;
    m_resumedFrom.clear();
    m_runHistoryId = m_shelf->store().newId(request);
    m_controller->start(VramHeadroom::applied(request, m_settings.vramHeadroomMb()),
                        m_shelf->store().videoPathFor(m_runHistoryId), saveLatentsPath);
    Q_EMIT started();
    Q_EMIT statusMessage(tr("Generating…"), 0);
}

void RunLauncher::cancel(framesmith::CancelMode mode)
{
    if (!m_controller->isRunning()) {
        Q_EMIT statusMessage(tr("Nothing is running"), kStatusMessageMs);
        return;
    }
    m_controller->cancel(mode);
    Q_EMIT statusMessage(mode == framesmith::CancelMode::StopNow
                             ? tr("Stopping…")
                             : tr("Stopping denoising after this step; the clip will be decoded…"),
                         0);
}

void RunLauncher::stop()
{
    if (!m_controller->isRunning()) {
        Q_EMIT statusMessage(tr("Nothing is running"), kStatusMessageMs);
        return;
    }
    if (m_isQueuedRun || !m_state->isDenoising()) {
        m_state->markStopping();
        cancel(framesmith::CancelMode::StopNow);
        return;
    }
    // A pause in all but name: the steps done stay resumable, never "latents of 30 of 30 steps".
    m_isStopAsked = true;
    m_state->markStopping();
    m_controller->cancel(framesmith::CancelMode::Pause);
    Q_EMIT statusMessage(tr("Stopping after this step; the run is kept in the history and can be resumed…"), 0);
}

void RunLauncher::onFinished(const framesmith::GenerationResult& result)
{
    m_isStopAsked = false;
    m_shelf->addResult(result, m_runHistoryId, m_modelName);
    if (!result.outputPath.empty())
        dropResumedCheckpoint(); // the clip is saved: the pause it continued is no longer needed
    QString traceError;
    if (!m_memory->saveTrace(m_shelf->traceBaseFor(m_runHistoryId), &traceError))
        Q_EMIT statusMessage(tr("The memory trace was not saved: %1").arg(traceError), kStatusMessageMs);
    Q_EMIT clipRecorded();
    double seconds = 0;
    for (const auto& timing : result.timings)
        seconds += timing.seconds;
    const QString time = QLocale().toString(seconds, 'f', 1);
    Q_EMIT statusMessage(result.isPartial ? tr("Clip ready after %1 of %2 steps (stopped early), %3 s")
                                                .arg(result.stepsCompleted)
                                                .arg(result.request.steps)
                                                .arg(time)
                                          : tr("Clip ready: %1 frames in %2 s").arg(result.clip.frameCount).arg(time),
                         kStatusMessageMs);
}

void RunLauncher::onFailed(const QString& message, const QString& detail, const QString& latentsPath)
{
    m_isStopAsked = false;
    Q_EMIT statusMessage(message, kStatusMessageMs);
    if (m_isQueuedRun) { // the queue's row says why; an overnight queue must not pile up boxes
        if (!latentsPath.isEmpty())
            keepLatents(latentsPath, m_stepsDone);
        return;
    }
    if (latentsPath.isEmpty()) {
        Q_EMIT errorRaised(tr("Generation failed"), message, detail);
        return;
    }
    // The denoising survived: say so, keep it in the history, and offer to decode it again.
    const HistoryEntry entry = keepLatents(latentsPath, m_stepsDone);
    const QString kept = tr("The denoised latents were kept, so the %n denoising step(s) are not lost. "
                            "Decode them again with other VAE settings (smaller tiles use less memory).",
                            nullptr, entry.stepsCompleted);
    ErrorBox::show(m_window, tr("Generation failed"), message + QStringLiteral("\n\n") + kept, detail,
                   tr("Decode &again…"), [this, entry] { decodeAgain(entry); });
}

void RunLauncher::onCancelled(int stepsCompleted, const QString& detail, const QString& latentsPath)
{
    m_isStopAsked = false;
    QString text = tr("Cancelled after %n step(s)", nullptr, stepsCompleted);
    if (stepsCompleted == 0 && m_isFreshRun) {
        // Nothing was made: no history entry, and no starting noise (the seed makes it again) left behind.
        if (!latentsPath.isEmpty())
            QFile::remove(latentsPath);
    } else if (!latentsPath.isEmpty()) {
        keepLatents(latentsPath, stepsCompleted);
        text += tr("; the latents are kept in the history (right-click: Decode again)");
    } else if (!detail.isEmpty()) {
        text += QStringLiteral(" (%1)").arg(detail);
    }
    Q_EMIT statusMessage(text, kStatusMessageMs);
}

HistoryEntry RunLauncher::keepLatents(const QString& latentsPath, int stepsCompleted, bool isPaused)
{
    HistoryEntry entry;
    entry.id = m_runHistoryId;
    entry.createdAt = QDateTime::currentDateTime();
    entry.request = m_runRequest;
    entry.modelName = m_modelName;
    entry.preset = QString::fromStdString(m_runRequest.preset);
    entry.stepsCompleted = stepsCompleted;
    entry.isPartial = stepsCompleted < m_runRequest.steps;
    entry.latentsPath = latentsPath;
    entry.isPaused = isPaused;
    m_shelf->addKeptLatents(entry);
    Q_EMIT clipRecorded(); // the History dock shows where the latents went
    return entry;
}

void RunLauncher::decodeAgain(const HistoryEntry& entry)
{
    if (m_controller->isRunning()) {
        Q_EMIT statusMessage(tr("A clip is being generated"), kStatusMessageMs);
        return;
    }
    auto* dialog = new DecodeAgainDialog(entry.latentsPath, entry.stepsCompleted, entry.request.steps, m_window);
    dialog->setAttribute(Qt::WA_DeleteOnClose);
    connect(dialog, &QDialog::accepted, this, [this, dialog, entry] {
        framesmith::DecodeRequest decode;
        decode.checkpointPath = entry.latentsPath.toStdString();
        decode.vae = dialog->options();
        m_runHistoryId = entry.id; // the clip replaces the entry that held the latents
        m_runRequest = entry.request;
        m_modelName = entry.modelName;
        m_stepsDone = entry.stepsCompleted;
        m_isFreshRun = false;
        m_resumedFrom.clear();
        if (!m_controller->startDecode(decode, m_shelf->store().videoPathFor(entry.id)))
            return;
        Q_EMIT started();
        Q_EMIT statusMessage(tr("Decoding the kept latents…"), 0);
    });
    dialog->open();
}

void RunLauncher::pause()
{
    if (!m_controller->isRunning())
        return;
    m_state->markPausing();
    m_controller->cancel(framesmith::CancelMode::Pause);
    Q_EMIT statusMessage(tr("Pausing after this step…"), 0);
}

void RunLauncher::onPaused(int stepsCompleted, const QString& pausedPath)
{
    // In the history too: the paused run outlives a restart, its latents never lost.
    const HistoryEntry entry = keepLatents(pausedPath, stepsCompleted, /*isPaused=*/true);
    if (m_resumedFrom != pausedPath)
        dropResumedCheckpoint(); // paused again into a new file: the entry now holds that one
    m_pausedPath = pausedPath;
    m_pausedHistoryId = entry.id;
    m_stepsDone = stepsCompleted;
    m_state->markPaused();
    Q_EMIT statusMessage(m_isStopAsked ? tr("Stopped after %n step(s): the run is kept in the history; Resume continues it",
                                            nullptr, stepsCompleted)
                                       : tr("Paused after %n step(s): the run is saved and the GPU memory is free; Resume continues it",
                                            nullptr, stepsCompleted),
                         0);
    m_isStopAsked = false;
}

void RunLauncher::resume()
{
    if (m_pausedPath.isEmpty() || m_controller->isRunning())
        return;
    m_runHistoryId = m_pausedHistoryId; // the finished clip replaces the paused entry
    m_isFreshRun = false;
    if (!m_controller->startResume(m_pausedPath, m_shelf->store().videoPathFor(m_runHistoryId)))
        return;
    m_resumedFrom = m_pausedPath;
    m_pausedPath.clear();
    Q_EMIT started();
    Q_EMIT statusMessage(tr("Resuming the paused run at step %1…").arg(m_stepsDone + 1), 0);
}

void RunLauncher::resumeEntry(const HistoryEntry& entry)
{
    if (m_controller->isRunning()) {
        Q_EMIT statusMessage(tr("A run is under way: resume the paused one when it ends"), kStatusMessageMs);
        return;
    }
    m_pausedPath = entry.latentsPath;
    m_pausedHistoryId = entry.id;
    m_stepsDone = entry.stepsCompleted;
    m_runRequest = entry.request;
    m_modelName = entry.modelName;
    resume();
}

void RunLauncher::dropResumedCheckpoint()
{
    if (!m_resumedFrom.isEmpty())
        QFile::remove(m_resumedFrom);
    m_resumedFrom.clear();
}
