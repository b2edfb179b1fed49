#pragma once
// Closing the window (Ctrl+Q, the title bar) while a clip is being generated asks first: keep
// running, stop and keep the latents, or quit. Stopping cancels the run (the engine keeps the
// denoised latents as a checkpoint, so the run can be finished later); quitting does the same and
// closes the window only after the worker's terminal signal, never in the middle of a step.
// GUI thread only; the question is window-modal and non-blocking.
#include <QObject>

class GenerationController;
class QMessageBox;
class QWidget;

class RunQuitGuard : public QObject {
    Q_OBJECT

public:
    enum class Choice { KeepRunning, StopAndKeepLatents, Quit };

    // Neither is owned; the window is closed again by the guard once a chosen quit can happen.
    RunQuitGuard(GenerationController* controller, QWidget* window);

    // From closeEvent: true when the window may close now; false when the guard asked or is
    // waiting for the run to end (the close event is then to be ignored).
    bool mayClose();
    void choose(Choice choice); // what the question's buttons do
    bool isQuitting() const { return m_isQuitting; }
    QMessageBox* question() const { return m_question; }

Q_SIGNALS:
    void stopping(bool isQuitting); // the run was asked to stop; the window says so

private:
    void onRunEnded();

    GenerationController* m_controller;
    QWidget* m_window;
    QMessageBox* m_question = nullptr;
    bool m_isQuitting = false;
};
