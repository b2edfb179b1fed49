#pragma once
// Starts, stops and ends generations for the main window: asks before an unconditioned run (no
// prompt), hands the job to the GenerationController with the history's auto-save path, and on
// the terminal signal records the clip and its memory trace or reports why there is none.
// GUI thread only.
#include "framesmith/CancelToken.h"
#include "framesmith/GenerationRequest.h"

#include <QObject>
#include <QString>

class AppSettings;
class ClipShelf;
class GenerationController;
class MemoryDisplay;
class QWidget;
namespace framesmith {
struct GenerationResult;
}

class RunLauncher : public QObject {
    Q_OBJECT

public:
    // None is owned; all must outlive the launcher. window parents the questions.
    RunLauncher(GenerationController* controller, ClipShelf* shelf, MemoryDisplay* memory, AppSettings& settings,
                QWidget* window);

    // The request must be valid; modelName labels the history entry.
    void generate(const framesmith::GenerationRequest& request, const QString& modelName);
    void cancel(framesmith::CancelMode mode);
    void promptEdited() { m_isEmptyPromptConfirmed = false; }

Q_SIGNALS:
    void started();
    void clipRecorded(); // a finished clip is in the player and the history
    void statusMessage(const QString& text, int timeoutMs);
    void errorRaised(const QString& title, const QString& message, const QString& detail);

private:
    void start(const framesmith::GenerationRequest& request);
    void onFinished(const framesmith::GenerationResult& result);
    void onFailed(const QString& message, const QString& detail);
    void onCancelled(int stepsCompleted, const QString& detail);

    GenerationController* m_controller;
    ClipShelf* m_shelf;
    MemoryDisplay* m_memory;
    AppSettings& m_settings;
    QWidget* m_window;
    QString m_runHistoryId; // the history id of the run in flight
    QString m_modelName;
    bool m_isEmptyPromptConfirmed = false;
};
