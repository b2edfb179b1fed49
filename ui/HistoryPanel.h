#pragma once
// The History dock's content: past clips newest first, each with its thumbnail, prompt, date
// and size. Selecting one emits entrySelected; the window loads its parameters and video. The
// context menu's "Regenerate" emits regenerateRequested: the clip's exact request and preset again.
// GUI thread only.
#include "ui/HistoryEntry.h"

#include <QVector>
#include <QWidget>

class QLabel;
class QListWidget;

class HistoryPanel : public QWidget {
    Q_OBJECT

public:
    explicit HistoryPanel(QWidget* parent = nullptr);

    void setEntries(const QVector<HistoryEntry>& entries);
    QVector<HistoryEntry> entries() const { return m_entries; }
    int count() const { return m_entries.size(); }
    void select(int row);
    QListWidget* list() const { return m_list; }

Q_SIGNALS:
    void entrySelected(const HistoryEntry& entry);
    void regenerateRequested(const HistoryEntry& entry);

protected:
    void changeEvent(QEvent* event) override;

private:
    void rebuild();
    QString itemText(const HistoryEntry& entry) const;
    void onCurrentRowChanged(int row);
    void onContextMenu(const QPoint& position);

    QVector<HistoryEntry> m_entries;
    QListWidget* m_list = nullptr;
    QLabel* m_emptyLabel = nullptr;
};
