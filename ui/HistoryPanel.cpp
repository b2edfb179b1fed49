#include "ui/HistoryPanel.h"

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
} // namespace

HistoryPanel::HistoryPanel(QWidget* parent) : QWidget(parent)
{
    m_list = new QListWidget(this);
    m_list->setObjectName(QStringLiteral("historyList"));
    m_list->setIconSize(QSize(kThumbnailEdge, kThumbnailEdge));
    m_list->setWordWrap(true);
    m_list->setUniformItemSizes(false);
    m_list->setSpacing(2);
    m_emptyLabel = new QLabel(this);
    m_emptyLabel->setWordWrap(true);
    m_emptyLabel->setAlignment(Qt::AlignCenter);
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(m_list);
    layout->addWidget(m_emptyLabel);
    connect(m_list, &QListWidget::currentRowChanged, this, &HistoryPanel::onCurrentRowChanged);
    m_list->setContextMenuPolicy(Qt::CustomContextMenu);
    connect(m_list, &QListWidget::customContextMenuRequested, this, &HistoryPanel::onContextMenu);
    rebuild();
}

void HistoryPanel::setEntries(const QVector<HistoryEntry>& entries)
{
    m_entries = entries;
    rebuild();
}

void HistoryPanel::select(int row) { m_list->setCurrentRow(row); }

QString HistoryPanel::itemText(const HistoryEntry& e) const
{
    QString prompt = QString::fromStdString(e.request.prompt).simplified();
    if (prompt.isEmpty())
        prompt = tr("(no prompt)");
    if (prompt.size() > kPromptChars)
        prompt = prompt.left(kPromptChars - 1) + QChar(0x2026);
    const QString date = QLocale().toString(e.createdAt, QLocale::ShortFormat);
    QString facts = tr("%1 · %2 frames %3×%4 · seed %5")
                        .arg(date)
                        .arg(e.frameCount)
                        .arg(e.width)
                        .arg(e.height)
                        .arg(e.request.seed);
    if (e.isPartial)
        facts += tr(" · stopped early");
    return prompt + QLatin1Char('\n') + facts;
}

void HistoryPanel::rebuild()
{
    const QSignalBlocker blocker(m_list);
    m_list->clear();
    for (const HistoryEntry& e : m_entries) {
        auto* item = new QListWidgetItem(QIcon(QPixmap(e.thumbnailPath)), itemText(e), m_list);
        item->setToolTip(tr("Model: %1\nPreset: %2\nTotal time: %3 s")
                             .arg(e.modelName, e.preset, QLocale().toString(e.totalSeconds(), 'f', 1)));
    }
    m_emptyLabel->setText(tr("No clips yet. Generated clips appear here with their parameters."));
    m_emptyLabel->setVisible(m_entries.isEmpty());
    m_list->setVisible(!m_entries.isEmpty());
}

void HistoryPanel::onCurrentRowChanged(int row)
{
    if (row >= 0 && row < m_entries.size())
        Q_EMIT entrySelected(m_entries.at(row));
}

void HistoryPanel::onContextMenu(const QPoint& position)
{
    const int row = m_list->row(m_list->itemAt(position));
    if (row < 0 || row >= m_entries.size())
        return;
    auto* menu = new QMenu(this);
    menu->setAttribute(Qt::WA_DeleteOnClose);
    QAction* regenerate = menu->addAction(tr("Regenerate"));
    regenerate->setObjectName(QStringLiteral("regenerateAction"));
    regenerate->setToolTip(tr("Generate this clip again with exactly its parameters and memory preset"));
    const HistoryEntry entry = m_entries.at(row);
    connect(regenerate, &QAction::triggered, this, [this, entry] { Q_EMIT regenerateRequested(entry); });
    menu->popup(m_list->viewport()->mapToGlobal(position));
}

void HistoryPanel::changeEvent(QEvent* event)
{
    if (event->type() == QEvent::LanguageChange)
        rebuild();
    QWidget::changeEvent(event);
}
