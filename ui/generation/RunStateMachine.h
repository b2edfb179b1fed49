#pragma once
// The one state of the run that every control follows: idle, running, pausing or stopping (asked,
// waiting for the step under way), paused (a paused run waits for Resume). It listens to the
// GenerationController's start and terminal signals and is told when a pause or a stop was asked,
// and by RunLauncher when a paused run is recorded (so Resume has something to continue);
// RunControls turns each state into the enabled state, text and tooltip of every control, so no
// control is patched per event. GUI thread only.
#include <QObject>

class GenerationController;

class RunStateMachine : public QObject {
    Q_OBJECT

public:
    enum class State { Idle, Running, Pausing, Stopping, Paused };
    Q_ENUM(State)

    // The controller is not owned and must outlive the machine.
    explicit RunStateMachine(GenerationController* controller, QObject* parent = nullptr);

    State state() const { return m_state; }
    bool isRunInFlight() const { return m_state == State::Running || m_state == State::Pausing || m_state == State::Stopping; }
    // The framesmith::Stage of the run in flight as an int (0 when none started yet).
    int stage() const { return m_stage; }
    bool isDenoising() const;

    void markPausing();  // Pause was asked of the run in flight
    void markStopping(); // Stop was asked of the run in flight
    void markPaused();   // the run ended paused, and is recorded for Resume
    void markPausedRunGone(); // the paused run was resumed elsewhere or dropped

Q_SIGNALS:
    void stateChanged(RunStateMachine::State state);

private:
    void enter(State state);

    State m_state = State::Idle;
    int m_stage = 0;
};
