#pragma once
// Past clips as one JSON file per clip in <root>/history/ (root: the app-data folder), with a
// thumbnail PNG beside it; auto-saved videos go to <root>/clips/. Every file is written
// atomically (QSaveFile). A damaged, huge or special file is skipped with a warning, never a crash;
// ids and stored paths are confined to the app-data folder.
// GUI thread (small files only).
#include "ui/history/HistoryEntry.h"

#include <QFileInfo>
#include <QImage>
#include <QStringList>
#include <QVector>

class HistoryStore {
public:
    explicit HistoryStore(const QString& root); // created on first add()
    static QString defaultRoot();               // QStandardPaths::AppDataLocation

    QString historyFolder() const;
    QString clipsFolder() const;
    // A fresh id for a clip about to be made, and where its video should be auto-saved.
    QString newId(const framesmith::GenerationRequest& request) const;
    QString videoPathFor(const QString& id) const;

    // Writes <id>.json (and <id>.png when thumbnail is not null). False with error() set on failure.
    bool add(HistoryEntry& entry, const QImage& thumbnail);
    bool remove(const QString& id);
    // Newest first. Unreadable entries are left out and described in warnings().
    QVector<HistoryEntry> entries();
    QStringList warnings() const { return m_warnings; }
    QString error() const { return m_error; }

    // Ids are file names inside the history folder: letters, digits, '.', '_', '-', no "..".
    static bool isValidId(const QString& id);
    static QByteArray toJson(const HistoryEntry& entry);
    // Throws nothing: returns false and says why in *problem.
    static bool fromJson(const QByteArray& json, HistoryEntry& entry, QString* problem);

private:
    bool readEntry(const QFileInfo& info, HistoryEntry& entry, QString* problem) const;
    bool writeAtomically(const QString& path, const QByteArray& data);

    QString m_root;
    QStringList m_warnings;
    QString m_error;
};
