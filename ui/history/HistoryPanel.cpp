#include "ui/history/HistoryPanel.h"

#include <QEvent>
#include <QIcon>
#include <QLabel>
#include <QListWidget>
#include <QLocale>
#include <QMenu>
#include <QPixmap>
#include <QVBoxLayout>

namespace {
constexpr int kThumbnailEdge = 72;
constexpr int kPromptChars = 90;
constexpr int kIdRole = Qt::UserRole + 1;
} // namespace

HistoryPanel::HistoryPanel(QWidget* parent) : QWidget(parent)
{
    m_list = new QListWidget(this);
    m_list->setObjectName(QStringLiteral("historyList"));
    m_list->setIconSize(QSize(kThumbnailEdge, kThumbnailEdge));
    m_list->setWordWrap(true);
    m_list->setUniformItemSizes(false);
    m_list->setSpacing(2);
    m_list->setEditTriggers(QAbstractItemView::EditKeyPressed); // F2; rename also in the menu
    m_list->setContextMenuPolicy(Qt::CustomContextMenu);
    m_emptyLabel = new QLabel(this);
    m_emptyLabel->setWordWrap(true);
    m_emptyLabel->setAlignment(Qt::AlignCenter);
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(m_list);
    layout->addWidget(m_emptyLabel);
    // Only the user's own click or Enter loads an entry; currentRowChanged also fires on focus,
    // rebuilds and keyboard browsing, which must never replace the form.
    connect(m_list, &QListWidget::itemClicked, this, [this](QListWidgetItem* item) { activate(m_list->row(item)); });
    connect(m_list, &QListWidget::itemActivated, this, [this](QListWidgetItem* item) { activate(m_list->row(item)); });
    connect(m_list, &QListWidget::itemChanged, this, &HistoryPanel::onItemChanged);
    connect(m_list, &QWidget::customContextMenuRequested, this, &HistoryPanel::onContextMenuRequested);
    setMinimumWidth(180);
    rebuild();
}

void HistoryPanel::setEntries(const QVector<HistoryEntry>& entries)
{
    m_entries = entries;
    rebuild();
}

void HistoryPanel::select(int row)
{
    const QSignalBlocker blocker(m_list);
    m_list->setCurrentRow(row);
}

void HistoryPanel::activate(int row)
{
    if (row < 0 || row >= m_entries.size())
        return;
    select(row);
    Q_EMIT entrySelected(m_entries.at(row));
}

void HistoryPanel::startRename(int row)
{
    if (QListWidgetItem* item = m_list->item(row)) {
        const QSignalBlocker blocker(m_list); // the editor starts from the name alone
        item->setText(m_entries.at(row).title.isEmpty() ? QString::fromStdString(m_entries.at(row).request.prompt).simplified()
                                                        : m_entries.at(row).title);
        m_list->editItem(item);
    }
}

QString HistoryPanel::itemText(const HistoryEntry& e) const
{
    QString name = e.title.isEmpty() ? QString::fromStdString(e.request.prompt).simplified() : e.title;
    if (name.isEmpty())
        name = tr("(no prompt)");
    if (name.size() > kPromptChars)
        name = name.left(kPromptChars - 1) + QChar(0x2026);
    const QString date = QLocale().toString(e.createdAt, QLocale::ShortFormat);
    QString facts = tr("%1 · %2 frames %3×%4 · seed %5")
                        .arg(date)
                        .arg(e.frameCount)
                        .arg(e.width)
                        .arg(e.height)
                        .arg(e.request.seed);
    if (!e.latentsPath.isEmpty()) // no clip yet: what there is, and what to do with it
        return name + QLatin1Char('\n') +
               tr("%1 · no clip: latents of %2 of %3 steps kept (right-click: Decode again)")
                   .arg(date)
                   .arg(e.stepsCompleted)
                   .arg(e.request.steps);
    if (e.isPartial)
        facts += tr(" · stopped early");
    return name + QLatin1Char('\n') + facts;
}

void HistoryPanel::rebuild()
{
    const QString currentId = m_list->currentItem() ? m_list->currentItem()->data(kIdRole).toString() : QString();
    const QSignalBlocker blocker(m_list);
    m_isRebuilding = true;
    m_list->clear();
    for (const HistoryEntry& e : m_entries) {
        auto* item = new QListWidgetItem(QIcon(QPixmap(e.thumbnailPath)), itemText(e), m_list);
        item->setData(kIdRole, e.id);
        item->setFlags(item->flags() | Qt::ItemIsEditable);
        item->setToolTip(tr("Prompt: %1\nModel: %2\nPreset: %3\nTotal time: %4 s")
                             .arg(QString::fromStdString(e.request.prompt), e.modelName, e.preset,
                                  QLocale().toString(e.totalSeconds(), 'f', 1)));
        if (e.id == currentId)
            m_list->setCurrentItem(item);
    }
    m_isRebuilding = false;
    m_emptyLabel->setText(tr("No clips yet. Generated clips appear here with their parameters."));
    m_emptyLabel->setVisible(m_entries.isEmpty());
    m_list->setVisible(!m_entries.isEmpty());
}

void HistoryPanel::onItemChanged(QListWidgetItem* item)
{
    const int row = m_list->row(item);
    if (m_isRebuilding || row < 0 || row >= m_entries.size())
        return;
    const QString title = item->text().simplified();
    const HistoryEntry entry = m_entries.at(row);
    if (!title.contains(QLatin1Char('\n')) && title != entry.title)
        Q_EMIT renameRequested(entry, title);
    else
        rebuild(); // an edit that changed nothing: back to the two-line text
}

QMenu* HistoryPanel::contextMenuFor(int row)
{
    if (row < 0 || row >= m_entries.size())
        return nullptr;
    const HistoryEntry entry = m_entries.at(row);
    auto* menu = new QMenu(this);
    menu->addAction(tr("&Load its settings"), this, [this, row] { activate(row); })->setObjectName(QStringLiteral("loadAction"));
    if (entry.isPaused && !entry.latentsPath.isEmpty()) {
        QAction* resume = menu->addAction(tr("Re&sume"), this, [this, entry] { Q_EMIT resumeRequested(entry); });
        resume->setObjectName(QStringLiteral("resumeAction"));
        resume->setToolTip(tr("Continue the paused run at step %1 of %2")
                               .arg(entry.stepsCompleted + 1)
                               .arg(entry.request.steps));
    }
    if (!entry.latentsPath.isEmpty()) {
        QAction* decode = menu->addAction(tr("Decode &again…"), this, [this, entry] { Q_EMIT decodeAgainRequested(entry); });
        decode->setObjectName(QStringLiteral("decodeAgainAction"));
        decode->setToolTip(tr("Make the clip from the kept latents with other VAE settings"));
    }
    QAction* regenerate = menu->addAction(tr("Regenerate"), this, [this, entry] { Q_EMIT regenerateRequested(entry); });
    regenerate->setObjectName(QStringLiteral("regenerateAction"));
    regenerate->setToolTip(tr("Generate this clip again with exactly its parameters and memory preset"));
    menu->addAction(tr("&Rename…"), this, [this, row] { startRename(row); })->setObjectName(QStringLiteral("renameAction"));
    menu->addAction(tr("Show in &folder"), this, [this, entry] { Q_EMIT showInFolderRequested(entry); })
        ->setObjectName(QStringLiteral("showInFolderAction"));
    menu->addSeparator();
    menu->addAction(tr("&Delete…"), this, [this, entry] { Q_EMIT deleteRequested(entry); })
        ->setObjectName(QStringLiteral("deleteAction"));
    return menu;
}

void HistoryPanel::onContextMenuRequested(const QPoint& pos)
{
    QMenu* menu = contextMenuFor(m_list->row(m_list->itemAt(pos)));
    if (!menu)
        return;
    menu->setAttribute(Qt::WA_DeleteOnClose);
    menu->popup(m_list->viewport()->mapToGlobal(pos));
}

void HistoryPanel::changeEvent(QEvent* event)
{
    if (event->type() == QEvent::LanguageChange)
        rebuild();
    QWidget::changeEvent(event);
}
