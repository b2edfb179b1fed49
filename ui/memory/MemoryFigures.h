#pragma once
// How the planner's memory figures read in the app, in one place: the forecast beside the preset
// picker, the graph's prediction and the queue's "Planned peak" column word the same bytes the same
// way ("VRAM 13.2 GiB · RAM 302.4 MiB"), so one job shows one set of numbers. GUI thread.
#include <QMap>
#include <QString>

class MemoryFigures {
public:
    // Device name as the planner gives it ("cuda:0", "cpu") -> that device's planned peak.
    using Peaks = QMap<QString, qint64>;

    static QString bytes(qint64 bytes);             // "302.4 MiB", "13.2 GiB" (1 decimal, the locale's)
    // "RAM" for the host; a GPU's "VRAM", or "GPU 1" when the job uses several.
    static QString kind(const QString& device, bool isOnlyGpu = true);
    static QString peaks(const Peaks& peaks);       // GPUs first, then RAM; "" when empty
    static qint64 largest(const Peaks& peaks);
    // The graph series a device's peak belongs to: the process's RSS for the host, the GPU's own.
    static QString seriesOf(const QString& device);
};
