#include "ui/form/FrameRuleText.h"

#include <QCoreApplication>
#include <QStringList>

namespace {

// One run of the rule: "8N+1 (9–161)", "17–408", "1".
QString runText(const framesmith::FrameRun& run)
{
    if (run.first == run.last)
        return QString::number(run.first);
    const QString range = QCoreApplication::translate("FrameRuleText", "%1–%2").arg(run.first).arg(run.last);
    if (run.step <= 1)
        return range;
    return QCoreApplication::translate("FrameRuleText", "%1N+%2 (%3)")
        .arg(run.step)
        .arg(run.first % run.step)
        .arg(range);
}

} // namespace

QString FrameRuleText::describe(const framesmith::FrameCountRule& rule)
{
    QStringList runs;
    for (const framesmith::FrameRun& run : rule.runs)
        runs << runText(run);
    return runs.join(QCoreApplication::translate("FrameRuleText", " or "));
}
