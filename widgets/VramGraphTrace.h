#pragma once
// A VramGraph's data as text: the hover read-out at one instant (time, stage, every visible
// series), and every sample as CSV (time, stage, bytes per series; an empty cell where a reading
// failed) for spreadsheets and scripts. GUI thread (strings follow the current language).
#include "widgets/VramGraph.h"

#include <QString>
#include <QVector>

class QCPGraph;
class VramGraphStages;

namespace VramGraphTrace {
QString bytesText(double gib); // "512 MiB", "2.00 GiB"
QString readout(double seconds, const QVector<VramGraph::Series>& series, const QVector<const QCPGraph*>& graphs,
                const VramGraphStages& stages);
QString csv(const QVector<VramGraph::Series>& series, const QVector<const QCPGraph*>& graphs,
            const VramGraphStages& stages);
} // namespace VramGraphTrace
