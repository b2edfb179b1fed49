#pragma once
// Counts the prompt's tokens in the model's tokenizer (Engine::countTokens) off the GUI thread, so
// typing never waits: requests are coalesced after a short pause, one count runs at a time, and
// only the newest text is counted next. GUI thread only.
#include <QObject>
#include <QString>
#include <QTimer>

class BackgroundTasks;

class TokenCounter : public QObject {
    Q_OBJECT

public:
    explicit TokenCounter(QObject* parent = nullptr);

    void request(const QString& modelFolder, const QString& text);
    bool isBusy() const { return m_isRunning || m_debounce.isActive(); }

Q_SIGNALS:
    void counted(int count, int limit); // limit 0: the model has no tokenizer to ask

private:
    void startNext();

    BackgroundTasks* m_tasks;
    QTimer m_debounce;
    QString m_folder;
    QString m_text;
    bool m_hasPending = false;
    bool m_isRunning = false;
};
