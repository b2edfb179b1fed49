#pragma once
// The History dock's content: past clips newest first, each with its thumbnail, name (or prompt),
// date in the user's locale and size. Clicking an entry (or Enter) asks to load it; nothing else
// does, so a rebuild, a focus change or a language switch never replaces the form. Right-click:
// rename (in place), delete, show in folder, Decode again (kept latents) and Regenerate (the
// clip's exact request and resolved preset again). GUI thread only.
#include "ui/history/HistoryEntry.h"

#include <QVector>
#include <QWidget>

class QLabel;
class QListWidget;
class QListWidgetItem;
class QMenu;

class HistoryPanel : public QWidget {
    Q_OBJECT

public:
    explicit HistoryPanel(QWidget* parent = nullptr);

    void setEntries(const QVector<HistoryEntry>& entries); // keeps the highlighted entry by id
    QVector<HistoryEntry> entries() const { return m_entries; }
    int count() const { return m_entries.size(); }
    void select(int row);   // highlights only; does not load
    void activate(int row); // what a click does: entrySelected
    void startRename(int row);
    QListWidget* list() const { return m_list; }
    // The right-click menu of a row (rename, delete, show in folder); the caller shows or deletes it.
    QMenu* contextMenuFor(int row);

Q_SIGNALS:
    void entrySelected(const HistoryEntry& entry);
    void renameRequested(const HistoryEntry& entry, const QString& title);
    void deleteRequested(const HistoryEntry& entry);
    void showInFolderRequested(const HistoryEntry& entry);
    void regenerateRequested(const HistoryEntry& entry);
    void decodeAgainRequested(const HistoryEntry& entry); // an entry with kept latents and no clip
    void resumeRequested(const HistoryEntry& entry);      // an entry holding a paused run

protected:
    void changeEvent(QEvent* event) override;

private:
    void rebuild();
    QString itemText(const HistoryEntry& entry) const;
    void onItemChanged(QListWidgetItem* item);
    void onContextMenuRequested(const QPoint& pos);

    QVector<HistoryEntry> m_entries;
    QListWidget* m_list = nullptr;
    QLabel* m_emptyLabel = nullptr;
    bool m_isRebuilding = false;
};
