#include "ui/form/TokenCounter.h"

#include "framesmith/Engine.h"
#include "ui/main/BackgroundTasks.h"

#include <memory>

namespace {
constexpr int kPauseMs = 120; // a burst of keystrokes costs one count
}

TokenCounter::TokenCounter(QObject* parent) : QObject(parent), m_tasks(new BackgroundTasks(this))
{
    m_debounce.setSingleShot(true);
    m_debounce.setInterval(kPauseMs);
    connect(&m_debounce, &QTimer::timeout, this, &TokenCounter::startNext);
}

void TokenCounter::request(const QString& modelFolder, const QString& text)
{
    m_folder = modelFolder;
    m_text = text;
    m_hasPending = true;
    m_debounce.start();
}

void TokenCounter::startNext()
{
    if (m_isRunning || !m_hasPending)
        return; // the running count picks the newest text up when it ends
    m_hasPending = false;
    if (m_folder.isEmpty()) {
        Q_EMIT counted(0, 0);
        return;
    }
    m_isRunning = true;
    auto result = std::make_shared<framesmith::PromptTokenCount>();
    const std::string folder = m_folder.toStdString();
    const std::string text = m_text.toStdString();
    m_tasks->run([result, folder, text] { *result = framesmith::Engine::countTokens(folder, text); },
                 [this, result](const QString& error) {
                     m_isRunning = false;
                     if (!m_hasPending) // a newer text would make this count stale
                         Q_EMIT counted(error.isEmpty() ? result->count : 0, error.isEmpty() ? result->limit : 0);
                     startNext();
                 });
}
