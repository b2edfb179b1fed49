#pragma once
// Every control of a run, set from the RunStateMachine's state and whether the form can run:
// Generate (action, button, and the line beside it that says why it cannot), Stop (action and
// button), Pause/Resume (action and button) and "Stop denoising and decode". Esc never stops a run
// by itself: it asks first, and the question's default keeps the run going (a second stray Esc only
// closes it). GUI thread only.
#include "ui/generation/RunStateMachine.h"

#include <QObject>
#include <QString>

class QAction;
class QLabel;
class QMessageBox;
class QPushButton;
class QShortcut;
class QWidget;
class RunLauncher;

class RunControls : public QObject {
    Q_OBJECT

public:
    struct Controls {
        QAction* generate = nullptr;
        QAction* stop = nullptr;
        QAction* pause = nullptr;
        QAction* finishStage = nullptr;
        QPushButton* generateButton = nullptr;
        QPushButton* stopButton = nullptr;
        QPushButton* pauseButton = nullptr;
        QLabel* generateHint = nullptr; // beside Generate: why it cannot run
    };

    // Nothing is owned; all must outlive this object. window parents the question and the Esc key.
    RunControls(RunStateMachine* state, RunLauncher* launcher, const Controls& controls, QWidget* window);

    // Whether the form could run now (a checked model, no problem), and if not, why (one line).
    void setFormState(bool canRun, const QString& whyNot);
    void askToStop(); // what Esc does: a question while a run is in flight, nothing otherwise
    QMessageBox* stopQuestion() const { return m_question; }
    void retranslate();

private:
    void apply();
    void onPauseTriggered();

    RunStateMachine* m_state;
    RunLauncher* m_launcher;
    Controls m_controls;
    QWidget* m_window;
    QShortcut* m_escape = nullptr;
    QMessageBox* m_question = nullptr;
    bool m_canRun = false;
    QString m_whyNot;
};
