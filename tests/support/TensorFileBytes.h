#pragma once
// The raw bytes of one tensor in a safetensors file (8-byte header length, JSON header, data), read
// with Qt alone: GUI tests compare two latents checkpoints bit for bit without the backend's reader.
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QtEndian>

namespace framesmith::test {

inline QByteArray tensorFileBytes(const QString& path, const QString& name)
{
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly))
        return {};
    const QByteArray all = file.readAll();
    if (all.size() < 8)
        return {};
    const qint64 headerSize = qFromLittleEndian<qint64>(all.constData());
    const QJsonObject header = QJsonDocument::fromJson(all.mid(8, headerSize)).object();
    const QJsonArray offsets = header.value(name).toObject().value(QStringLiteral("data_offsets")).toArray();
    if (offsets.size() != 2)
        return {};
    const qint64 begin = qint64(offsets.at(0).toDouble());
    return all.mid(8 + headerSize + begin, qint64(offsets.at(1).toDouble()) - begin);
}

} // namespace framesmith::test
