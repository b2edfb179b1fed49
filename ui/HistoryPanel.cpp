#include "ui/HistoryPanel.h"

#include <QEvent>
#include <QIcon>
#include <QLabel>
#include <QListWidget>
#include <QLocale>
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

void HistoryPanel::changeEvent(QEvent* event)
{
    if (event->type() == QEvent::LanguageChange)
        rebuild();
    QWidget::changeEvent(event);
}
