#include "ui/generation/RunQuitGuard.h"

#include "ui/generation/GenerationController.h"

#include <QMessageBox>
#include <QPushButton>
#include <QWidget>

RunQuitGuard::RunQuitGuard(GenerationController* controller, QWidget* window)
    : QObject(window), m_controller(controller), m_window(window)
{
    connect(controller, &GenerationController::finished, this, &RunQuitGuard::onRunEnded);
    connect(controller, &GenerationController::failed, this, &RunQuitGuard::onRunEnded);
    connect(controller, &GenerationController::cancelled, this, &RunQuitGuard::onRunEnded);
}

bool RunQuitGuard::mayClose()
{
    if (!m_controller->isRunning())
        return true;
    if (m_isQuitting || m_question)
        return false; // already asked, or already waiting for the run to stop
    m_question = new QMessageBox(QMessageBox::Warning, tr("A clip is being generated"),
                                 tr("Quit while a clip is being generated?"), QMessageBox::NoButton, m_window);
    m_question->setObjectName(QStringLiteral("quitDuringRunBox"));
    m_question->setInformativeText(tr("Stopping keeps the denoised latents on disk, so the run can be finished "
                                      "later; nothing is lost either way."));
    const auto add = [this](const QString& text, QMessageBox::ButtonRole role, const char* name, Choice choice) {
        QPushButton* button = m_question->addButton(text, role);
        button->setObjectName(QString::fromLatin1(name));
        connect(button, &QPushButton::clicked, this, [this, choice] { choose(choice); });
        return button;
    };
    m_question->setDefaultButton(add(tr("&Keep running"), QMessageBox::RejectRole, "keepRunningButton", Choice::KeepRunning));
    add(tr("&Stop and keep the latents"), QMessageBox::ActionRole, "stopButton", Choice::StopAndKeepLatents);
    add(tr("&Quit"), QMessageBox::DestructiveRole, "quitButton", Choice::Quit);
    m_question->setAttribute(Qt::WA_DeleteOnClose);
    connect(m_question, &QObject::destroyed, this, [this] { m_question = nullptr; });
    m_question->open();
    return false;
}

void RunQuitGuard::choose(Choice choice)
{
    if (m_question)
        m_question->close();
    if (choice == Choice::KeepRunning)
        return;
    m_isQuitting = choice == Choice::Quit;
    if (!m_controller->isRunning()) { // it ended while the question was open
        if (m_isQuitting)
            m_window->close();
        return;
    }
    m_controller->cancel(framesmith::CancelMode::StopNow);
    Q_EMIT stopping(m_isQuitting);
}

void RunQuitGuard::onRunEnded()
{
    if (m_question) // nothing to decide any more
        m_question->close();
    // Queued: every other receiver of the terminal signal (the launcher records the kept latents
    // in the history) runs first; the worker is idle by then.
    if (m_isQuitting)
        QMetaObject::invokeMethod(m_window, &QWidget::close, Qt::QueuedConnection);
}
