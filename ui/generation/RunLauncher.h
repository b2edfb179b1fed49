#pragma once
// Starts, stops and ends generations for the main window: asks before an unconditioned run (no
// prompt), hands the job to the GenerationController with the history's auto-save path, and on
// the terminal signal records the clip and its memory trace or reports why there is none. A run
// that ends with its latents kept but no clip (its decode failed, or it was stopped) is recorded
// in the history with them, and "Decode again" (in the failure message and on that entry) decodes
// them with other VAE settings into the same entry. Pause ends the run after the step under way
// with the run saved to disk and the GPU freed (kept in the history too); Resume continues it at
// that step into the same entry. Stop keeps a denoising run the same way (resumable, in the
// history); stopped elsewhere it ends the run and keeps what can be kept. GUI thread only.
#include "framesmith/CancelToken.h"
#include "framesmith/GenerationRequest.h"

#include <QObject>
#include <QString>

class AppSettings;
class ClipShelf;
class GenerationController;
class MemoryDisplay;
class RunStateMachine;
class QWidget;
namespace framesmith {
struct GenerationResult;
}
struct HistoryEntry;

class RunLauncher : public QObject {
    Q_OBJECT

public:
    // None is owned; all must outlive the launcher. window parents the questions.
    RunLauncher(GenerationController* controller, RunStateMachine* state, ClipShelf* shelf, MemoryDisplay* memory,
                AppSettings& settings, QWidget* window);

    // The request must be valid; modelName labels the history entry.
    void generate(const framesmith::GenerationRequest& request, const QString& modelName);
    // A render-queue job: starts without questions, and a failure is reported by the queue (status
    // line, its row) instead of a message box per job. Its latents checkpoint goes to
    // saveLatentsPath; with resumeFrom set, the job's denoising already finished and that checkpoint
    // is decoded instead. Returns the run's history id; "" when busy.
    QString runQueued(const framesmith::GenerationRequest& request, const QString& modelName,
                      const QString& saveLatentsPath, const QString& resumeFrom = {});
    void cancel(framesmith::CancelMode mode);
    // Stops the run in flight: while denoising it pauses after the step under way, so the run stays
    // in the history and Resume continues it; before denoising, while decoding and for a queue job
    // it stops now (decoding keeps the denoised latents for "Decode again").
    void stop();
    void promptEdited() { m_isEmptyPromptConfirmed = false; }
    // Asks for VAE settings, then decodes the entry's kept latents into that entry.
    void decodeAgain(const HistoryEntry& entry);
    void pause();
    void resume(); // the last paused run, into its history entry
    // A paused run kept in the history (this session's or one from before a restart).
    void resumeEntry(const HistoryEntry& entry);
    bool hasPausedRun() const { return !m_pausedPath.isEmpty(); }
    int pausedStep() const { return m_stepsDone; }               // steps the paused run has done
    int pausedStepCount() const { return m_runRequest.steps; }   // of how many

Q_SIGNALS:
    void started();
    void clipRecorded(); // a finished clip is in the player and the history
    void statusMessage(const QString& text, int timeoutMs);
    void errorRaised(const QString& title, const QString& message, const QString& detail);

private:
    void start(const framesmith::GenerationRequest& request, const QString& saveLatentsPath = {});
    bool resume(const framesmith::GenerationRequest& request, const QString& checkpointPath);
    void onFinished(const framesmith::GenerationResult& result);
    void onFailed(const QString& message, const QString& detail, const QString& latentsPath);
    void onCancelled(int stepsCompleted, const QString& detail, const QString& latentsPath);
    void onPaused(int stepsCompleted, const QString& pausedPath);
    void dropResumedCheckpoint();
    // Records the run in flight as an entry with kept latents and no clip; returns the entry.
    HistoryEntry keepLatents(const QString& latentsPath, int stepsCompleted, bool isPaused = false);

    GenerationController* m_controller;
    RunStateMachine* m_state;
    ClipShelf* m_shelf;
    MemoryDisplay* m_memory;
    AppSettings& m_settings;
    QWidget* m_window;
    QString m_runHistoryId; // the history id of the run in flight
    QString m_modelName;
    framesmith::GenerationRequest m_runRequest; // what the run in flight was asked
    int m_stepsDone = 0;                       // its denoising steps finished so far
    bool m_isEmptyPromptConfirmed = false;
    bool m_isQueuedRun = false; // the run in flight is a render-queue job
    QString m_pausedPath;      // the paused run Resume continues ("" when none)
    QString m_pausedHistoryId; // its history entry
    bool m_isStopAsked = false; // the pause under way was asked by Stop (its message says so)
    bool m_isFreshRun = false;  // the run in flight starts from noise (not a resume or a decode)
    QString m_resumedFrom;      // the paused checkpoint the run in flight continues ("" when none)
};
