#include "ui/memory/MemoryFigures.h"

#include <QCoreApplication>
#include <QLocale>
#include <QStringList>

#include <algorithm>

namespace {
bool isHost(const QString& device) { return device == QLatin1String("cpu"); }
} // namespace

QString MemoryFigures::bytes(qint64 bytes)
{
    // The backend's formatBytes: MiB below 1 GiB, so a small model's peak never reads "0.0 GiB".
    const bool isSmall = bytes < (qint64(1) << 30);
    const double value = double(bytes) / (isSmall ? 1024.0 * 1024.0 : 1024.0 * 1024.0 * 1024.0);
    return QCoreApplication::translate("MemoryFigures", isSmall ? "%1 MiB" : "%1 GiB").arg(QLocale().toString(value, 'f', 1));
}

QString MemoryFigures::kind(const QString& device, bool isOnlyGpu)
{
    if (isHost(device))
        return QCoreApplication::translate("MemoryFigures", "RAM");
    if (isOnlyGpu)
        return QCoreApplication::translate("MemoryFigures", "VRAM");
    return QCoreApplication::translate("MemoryFigures", "GPU %1").arg(device.mid(5));
}

QString MemoryFigures::peaks(const Peaks& peaks)
{
    const auto gpuCount = std::count_if(peaks.keyBegin(), peaks.keyEnd(), [](const QString& d) { return !isHost(d); });
    QStringList gpus, host;
    for (auto it = peaks.cbegin(); it != peaks.cend(); ++it)
        (isHost(it.key()) ? host : gpus) << QCoreApplication::translate("MemoryFigures", "%1 %2")
                                                .arg(kind(it.key(), gpuCount == 1), bytes(it.value()));
    return (gpus + host).join(QStringLiteral(" · "));
}

qint64 MemoryFigures::largest(const Peaks& peaks)
{
    qint64 most = 0;
    for (const qint64 value : peaks)
        most = std::max(most, value);
    return most;
}

QString MemoryFigures::seriesOf(const QString& device) { return isHost(device) ? QStringLiteral("rss") : device; }
