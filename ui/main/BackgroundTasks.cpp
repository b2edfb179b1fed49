#include "ui/main/BackgroundTasks.h"

#include <QThread>

#include <exception>

BackgroundTasks::BackgroundTasks(QObject* parent) : QObject(parent) {}

BackgroundTasks::~BackgroundTasks()
{
    for (QThread* thread : m_threads) {
        thread->wait();
        delete thread;
    }
}

void BackgroundTasks::run(std::function<void()> work, std::function<void(const QString& error)> done)
{
    QThread* thread = QThread::create([this, work = std::move(work), done = std::move(done)] {
        QString error;
        try {
            work();
        } catch (const std::exception& e) {
            error = QString::fromUtf8(e.what());
        } catch (...) {
            error = QStringLiteral("unknown error");
        }
        // The destructor waits for this thread, so `this` is alive here; queued to it, `done`
        // runs on the GUI thread, or never if the object is destroyed before the event arrives.
        QMetaObject::invokeMethod(this, [done, error] {
            if (done)
                done(error);
        }, Qt::QueuedConnection);
    });
    m_threads.push_back(thread);
    ++m_running;
    connect(thread, &QThread::finished, this, [this, thread] {
        m_threads.removeOne(thread);
        thread->deleteLater();
        if (--m_running == 0)
            Q_EMIT allFinished();
    });
    thread->start();
}
