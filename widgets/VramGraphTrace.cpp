#include "widgets/VramGraphTrace.h"

#include "widgets/QCustomPlotInclude.h"
#include "widgets/VramGraphStages.h"

#include <QLocale>

#include <cmath>

namespace VramGraphTrace {

QString bytesText(double gib)
{
    return gib < 1.0 ? VramGraph::tr("%1 MiB").arg(QLocale().toString(gib * 1024.0, 'f', 0))
                     : VramGraph::tr("%1 GiB").arg(QLocale().toString(gib, 'f', 2));
}

QString readout(double seconds, const QVector<VramGraph::Series>& series, const QVector<const QCPGraph*>& graphs,
                const VramGraphStages& stages)
{
    QStringList lines{VramGraph::tr("t = %1 s").arg(QLocale().toString(seconds, 'f', 1))};
    if (const QString stage = stages.labelAt(seconds); !stage.isEmpty())
        lines << VramGraph::tr("Stage: %1").arg(stage);
    for (int i = 0; i < graphs.size() && i < series.size(); ++i) {
        const QCPGraph* graph = graphs[i];
        if (!graph->visible() || graph->data()->isEmpty())
            continue;
        auto it = graph->data()->findBegin(seconds, true); // the point at or just before `seconds`
        if (it == graph->data()->constEnd() || it->key > seconds || std::isnan(it->value))
            continue;
        const QString& label = series[i].label;
        lines << (series[i].totalBytes > 0 ? VramGraph::tr("%1: %2 of %3")
                                                 .arg(label, bytesText(it->value),
                                                      bytesText(series[i].totalBytes / VramGraph::kBytesPerGiB))
                                           : VramGraph::tr("%1: %2").arg(label, bytesText(it->value)));
    }
    return lines.join(QLatin1Char('\n'));
}

QString csv(const QVector<VramGraph::Series>& series, const QVector<const QCPGraph*>& graphs,
            const VramGraphStages& stages)
{
    QStringList header{QStringLiteral("seconds"), QStringLiteral("stage")};
    for (const VramGraph::Series& s : series)
        header << s.id + QStringLiteral(" bytes");
    QStringList rows{header.join(QLatin1Char(','))};
    if (graphs.isEmpty())
        return rows.join(QLatin1Char('\n')) + QLatin1Char('\n');
    // Every series gets one value per sample, so the first one's keys are the sample times.
    const QCPGraphDataContainer* first = graphs.first()->data().data();
    for (int row = 0; row < first->size(); ++row) {
        const double seconds = first->at(row)->key;
        QString stage = stages.labelAt(seconds);
        stage.replace(QLatin1Char(','), QLatin1Char(' ')); // a label never splits a row
        QStringList cells{QString::number(seconds, 'f', 3), stage};
        for (const QCPGraph* graph : graphs) {
            const double gib = row < graph->data()->size() ? graph->data()->at(row)->value : std::nan("");
            cells << (std::isnan(gib) ? QString() : QString::number(std::llround(gib * VramGraph::kBytesPerGiB)));
        }
        rows << cells.join(QLatin1Char(','));
    }
    return rows.join(QLatin1Char('\n')) + QLatin1Char('\n');
}

} // namespace VramGraphTrace
