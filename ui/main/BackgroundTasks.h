#pragma once
// Runs blocking backend calls (export, reading a video back) off the GUI thread, one short-lived
// QThread per task, and calls `done` on the GUI thread with an empty string or the error text.
// The destructor waits for tasks still running (a destructor is the one place the contract
// allows a wait). GUI thread only.
#include <QObject>
#include <QString>

#include <functional>

class QThread;

class BackgroundTasks : public QObject {
    Q_OBJECT

public:
    explicit BackgroundTasks(QObject* parent = nullptr);
    ~BackgroundTasks() override;

    // work runs on a new thread and may throw; done runs on this object's thread afterwards,
    // unless this object was destroyed first.
    void run(std::function<void()> work, std::function<void(const QString& error)> done);
    int runningCount() const { return m_running; }

Q_SIGNALS:
    void allFinished();

private:
    QList<QThread*> m_threads;
    int m_running = 0;
};
