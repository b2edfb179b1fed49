#include "ui/loras/LoraDetails.h"

#include <QLocale>
#include <QStringList>

namespace {
constexpr std::size_t kShownTriggerWords = 8; // the most used; a long tag list is no tooltip
}

QString LoraDetails::describe(const framesmith::LoraFileSummary& s)
{
    QStringList ranks;
    for (std::int64_t rank : s.ranks)
        ranks << QString::number(rank);
    QStringList lines;
    if (!s.title.empty())
        lines << tr("Title: %1").arg(QString::fromStdString(s.title));
    lines << tr("Layout: %1, rank %2, %n module(s), %3", nullptr, int(s.moduleCount))
                 .arg(QString::fromStdString(s.layout),
                      ranks.isEmpty() ? tr("none (full deltas)") : ranks.join(QStringLiteral("/")),
                      QLocale().formattedDataSize(qint64(s.fileBytes)));
    if (!s.baseModel.empty())
        lines << tr("Base model: %1").arg(QString::fromStdString(s.baseModel));
    if (!s.networkDim.empty() || !s.networkAlpha.empty())
        lines << tr("Network dim %1, alpha %2")
                     .arg(QString::fromStdString(s.networkDim), QString::fromStdString(s.networkAlpha));
    const QString words = triggerWords(s);
    if (!words.isEmpty())
        lines << tr("Trigger words: %1").arg(words);
    return lines.join(QLatin1Char('\n'));
}

QString LoraDetails::triggerWords(const framesmith::LoraFileSummary& s)
{
    QStringList words;
    for (std::size_t i = 0; i < s.triggerWords.size() && i < kShownTriggerWords; ++i)
        words << QString::fromStdString(s.triggerWords[i].first);
    return words.join(QStringLiteral(", "));
}
