#pragma once
// The render queue on disk: one JSON file per job in <root>/queue/<id>.json, written atomically
// (QSaveFile: a crash never leaves half a job), so the queue survives a crash or restart. A file
// holds {"request": <the request JSON>, "queue": {state, position, ...}}: the request part is what
// a clip's sidecar holds, so `framesmith-cli batch <root>/queue` runs the same jobs. A damaged file
// is skipped with a warning, never a crash. GUI thread (small files only).
#include "ui/queue/QueueJob.h"

#include <QCoreApplication>
#include <QStringList>
#include <QVector>

class QueueStore {
    Q_DECLARE_TR_FUNCTIONS(QueueStore)

public:
    explicit QueueStore(const QString& root); // the folder is created on the first save()

    QString folder() const;
    QString newId() const; // unique in the folder, sorts by creation time
    // Every readable job, by position (then id). Unreadable ones are described in warnings().
    QVector<QueueJob> load();
    bool save(const QueueJob& job); // false with error() set
    bool remove(const QString& id);
    QStringList warnings() const { return m_warnings; }
    QString error() const { return m_error; }

    static QByteArray toJson(const QueueJob& job);
    static bool fromJson(const QByteArray& json, QueueJob& job, QString* problem); // throws nothing

private:
    QString m_root;
    QStringList m_warnings;
    QString m_error;
};
