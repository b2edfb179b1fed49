#include "ui/generation/RunControls.h"

#include "framesmith/CancelToken.h"
#include "framesmith/Stage.h"
#include "ui/generation/RunLauncher.h"

#include <QAbstractButton>
#include <QAction>
#include <QLabel>
#include <QMessageBox>
#include <QPushButton>
#include <QShortcut>

RunControls::RunControls(RunStateMachine* state, RunLauncher* launcher, const Controls& controls, QWidget* window)
    : QObject(window), m_state(state), m_launcher(launcher), m_controls(controls), m_window(window)
{
    // Esc is the window's, not the Stop action's: an action's shortcut would stop without asking.
    m_controls.stop->setShortcut(QKeySequence());
    m_escape = new QShortcut(QKeySequence(Qt::Key_Escape), window);
    m_escape->setObjectName(QStringLiteral("stopRunShortcut"));
    connect(m_escape, &QShortcut::activated, this, &RunControls::askToStop);
    connect(m_controls.stop, &QAction::triggered, m_launcher, &RunLauncher::stop);
    connect(m_controls.stopButton, &QPushButton::clicked, m_controls.stop, &QAction::trigger);
    connect(m_controls.pause, &QAction::triggered, this, &RunControls::onPauseTriggered);
    connect(m_controls.pauseButton, &QPushButton::clicked, m_controls.pause, &QAction::trigger);
    connect(m_controls.generateButton, &QPushButton::clicked, m_controls.generate, &QAction::trigger);
    connect(m_controls.finishStage, &QAction::triggered, this,
            [this] { m_launcher->cancel(framesmith::CancelMode::FinishStage); });
    connect(m_state, &RunStateMachine::stateChanged, this, [this] {
        if (m_question && !m_state->isRunInFlight())
            m_question->reject(); // the run ended while the question was open: nothing to stop
        apply();
    });
    if (m_controls.generateHint) {
        m_controls.generateHint->setWordWrap(true);
        m_controls.generateHint->setStyleSheet(QStringLiteral("color: #b3261e;"));
    }
    retranslate();
}

void RunControls::setFormState(bool canRun, const QString& whyNot)
{
    m_canRun = canRun;
    m_whyNot = whyNot;
    apply();
}

void RunControls::askToStop()
{
    if (!m_state->isRunInFlight() || m_state->state() == RunStateMachine::State::Stopping || m_question)
        return;
    const bool isDenoising = m_state->isDenoising();
    const bool isDecoding = static_cast<framesmith::Stage>(m_state->stage()) >= framesmith::Stage::VaeDecoding;
    m_question = new QMessageBox(QMessageBox::Question, tr("Stop the run?"),
                                 isDenoising  ? tr("Stop after the step under way?")
                                 : isDecoding ? tr("Stop decoding the clip?")
                                              : tr("Stop the run?"),
                                 QMessageBox::NoButton, m_window);
    m_question->setObjectName(QStringLiteral("stopRunBox"));
    m_question->setInformativeText(
        isDenoising  ? tr("The run is kept in the history: Resume continues it at the next step.")
        : isDecoding ? tr("The denoised latents stay in the history (right-click: Decode again), but no clip is made now.")
                     : tr("Nothing has been denoised yet."));
    m_question->addButton(tr("&Stop"), QMessageBox::AcceptRole)->setObjectName(QStringLiteral("stopRunButton"));
    QPushButton* keep = m_question->addButton(tr("&Keep running"), QMessageBox::RejectRole);
    keep->setObjectName(QStringLiteral("keepRunningButton"));
    m_question->setDefaultButton(keep); // Enter or a second Esc never stops
    m_question->setEscapeButton(keep);
    m_question->setAttribute(Qt::WA_DeleteOnClose);
    connect(m_question, &QMessageBox::buttonClicked, this, [this](QAbstractButton* button) {
        if (m_question && m_question->buttonRole(button) == QMessageBox::AcceptRole && m_state->isRunInFlight())
            m_launcher->stop();
    });
    connect(m_question, &QObject::destroyed, this, [this] { m_question = nullptr; });
    m_question->open();
}

void RunControls::onPauseTriggered()
{
    if (m_state->state() == RunStateMachine::State::Paused)
        m_launcher->resume();
    else if (m_state->state() == RunStateMachine::State::Running)
        m_launcher->pause();
}

void RunControls::retranslate()
{
    m_controls.stop->setText(tr("&Stop"));
    m_controls.stopButton->setText(tr("Stop"));
    apply();
}

void RunControls::apply()
{
    using State = RunStateMachine::State;
    const State state = m_state->state();
    const bool isInFlight = m_state->isRunInFlight();
    const bool canGenerate = m_canRun && !isInFlight;
    const QString whyNot = isInFlight ? tr("A clip is being generated") : m_whyNot;
    m_controls.generate->setEnabled(canGenerate);
    m_controls.generateButton->setEnabled(canGenerate);
    m_controls.generateButton->setToolTip(canGenerate ? tr("Generate the clip (Ctrl+Return)") : whyNot);
    m_controls.generate->setToolTip(m_controls.generateButton->toolTip());
    if (QLabel* hint = m_controls.generateHint) { // in sight beside Generate, not below the fold of the form
        hint->setText(whyNot.section(QLatin1Char('\n'), 0, 0));
        hint->setToolTip(whyNot);
        hint->setVisible(!canGenerate && !isInFlight && !whyNot.isEmpty());
    }

    const bool canStop = state == State::Running || state == State::Pausing;
    m_controls.stop->setEnabled(canStop);
    m_controls.stopButton->setEnabled(canStop);
    m_controls.stopButton->setToolTip(
        canStop ? tr("Stop the run: while denoising it stops after the step under way and stays in the history, "
                     "where Resume continues it (Esc asks first)")
        : state == State::Stopping ? tr("Stopping…")
                                   : tr("Nothing is running"));
    m_controls.stop->setToolTip(m_controls.stopButton->toolTip());
    m_escape->setEnabled(isInFlight);
    m_controls.finishStage->setEnabled(state == State::Running);

    const bool canResume = state == State::Paused && m_launcher->hasPausedRun();
    m_controls.pause->setEnabled(state == State::Running || canResume);
    m_controls.pause->setText(canResume ? tr("&Resume") : tr("&Pause"));
    m_controls.pause->setToolTip(
        canResume ? tr("Continue the paused run at step %1 of %2").arg(m_launcher->pausedStep() + 1).arg(m_launcher->pausedStepCount())
        : state == State::Running
            ? tr("Finish the current step, save the run to disk and free the GPU; Resume continues it at the same step")
        : state == State::Pausing || state == State::Stopping ? tr("Pausing after the step under way…")
                                                              : tr("Nothing is running"));
    m_controls.pauseButton->setEnabled(m_controls.pause->isEnabled());
    m_controls.pauseButton->setText(m_controls.pause->text());
    m_controls.pauseButton->setToolTip(m_controls.pause->toolTip());
}
