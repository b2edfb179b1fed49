#include "ui/generation/RunStateMachine.h"

#include "framesmith/Stage.h"
#include "ui/generation/GenerationController.h"

RunStateMachine::RunStateMachine(GenerationController* controller, QObject* parent) : QObject(parent)
{
    connect(controller, &GenerationController::started, this, [this] {
        m_stage = 0;
        enter(State::Running);
    });
    connect(controller, &GenerationController::stageStarted, this, [this](int stage) { m_stage = stage; });
    connect(controller, &GenerationController::finished, this, [this] { enter(State::Idle); });
    connect(controller, &GenerationController::failed, this, [this] { enter(State::Idle); });
    connect(controller, &GenerationController::cancelled, this, [this] { enter(State::Idle); });
}

bool RunStateMachine::isDenoising() const
{
    return isRunInFlight() && static_cast<framesmith::Stage>(m_stage) == framesmith::Stage::Denoising;
}

void RunStateMachine::markPausing()
{
    if (m_state == State::Running)
        enter(State::Pausing);
}

void RunStateMachine::markStopping()
{
    if (m_state == State::Running || m_state == State::Pausing)
        enter(State::Stopping);
}

void RunStateMachine::markPaused()
{
    enter(State::Paused);
}

void RunStateMachine::markPausedRunGone()
{
    if (m_state == State::Paused)
        enter(State::Idle);
}

void RunStateMachine::enter(State state)
{
    if (state != State::Running && state != State::Pausing && state != State::Stopping)
        m_stage = 0;
    if (state == m_state)
        return;
    m_state = state;
    Q_EMIT stateChanged(state);
}
