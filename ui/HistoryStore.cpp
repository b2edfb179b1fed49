#include "ui/HistoryStore.h"

#include "framesmith/Error.h"

#include <QBuffer>
#include <QCoreApplication>
#include <QDir>
#include <QFileInfo>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QSaveFile>
#include <QStandardPaths>
#include <QtDebug>

#include <algorithm>

namespace {
constexpr int kSchemaVersion = 1;

QString tr(const char* text) { return QCoreApplication::translate("HistoryStore", text); }

// Paths inside the store are kept relative, so a moved app-data folder keeps its history.
QString relativeTo(const QString& root, const QString& path)
{
    return path.isEmpty() ? QString() : QDir(root).relativeFilePath(path);
}

QString absoluteFrom(const QString& root, const QString& path)
{
    return path.isEmpty() ? QString() : QDir::cleanPath(QDir(root).absoluteFilePath(path));
}
} // namespace

HistoryStore::HistoryStore(const QString& root) : m_root(root) {}

QString HistoryStore::defaultRoot() { return QStandardPaths::writableLocation(QStandardPaths::AppDataLocation); }

QString HistoryStore::historyFolder() const { return QDir(m_root).filePath(QStringLiteral("history")); }

QString HistoryStore::clipsFolder() const { return QDir(m_root).filePath(QStringLiteral("clips")); }

QString HistoryStore::newId(const framesmith::GenerationRequest& request) const
{
    const QString stem = QDateTime::currentDateTime().toString(QStringLiteral("yyyyMMdd-HHmmss-zzz"));
    QString id = stem + QLatin1Char('-') + QString::number(request.seed);
    for (int n = 2; QFileInfo::exists(QDir(historyFolder()).filePath(id + QStringLiteral(".json"))); ++n)
        id = stem + QLatin1Char('-') + QString::number(request.seed) + QLatin1Char('-') + QString::number(n);
    return id;
}

QString HistoryStore::videoPathFor(const QString& id) const
{
    return QDir(clipsFolder()).filePath(id + QStringLiteral(".mp4"));
}

QByteArray HistoryStore::toJson(const HistoryEntry& e)
{
    QJsonArray timings;
    for (const HistoryEntry::Timing& t : e.timings)
        timings.append(QJsonObject{{QStringLiteral("stage"), t.stage}, {QStringLiteral("seconds"), t.seconds}});
    // The request stays in the backend's own JSON text: its 64-bit seed would not survive a double.
    const QJsonObject object{
        {QStringLiteral("schemaVersion"), kSchemaVersion},
        {QStringLiteral("id"), e.id},
        {QStringLiteral("title"), e.title},
        {QStringLiteral("createdAt"), e.createdAt.toString(Qt::ISODateWithMs)},
        {QStringLiteral("request"), QString::fromStdString(framesmith::toJson(e.request))},
        {QStringLiteral("seed"), QString::number(e.request.seed)},
        {QStringLiteral("model"), e.modelName},
        {QStringLiteral("preset"), e.preset},
        {QStringLiteral("video"), e.videoPath},
        {QStringLiteral("thumbnail"), e.thumbnailPath},
        {QStringLiteral("frameCount"), e.frameCount},
        {QStringLiteral("width"), e.width},
        {QStringLiteral("height"), e.height},
        {QStringLiteral("stepsCompleted"), e.stepsCompleted},
        {QStringLiteral("isPartial"), e.isPartial},
        {QStringLiteral("latents"), e.latentsPath},
        {QStringLiteral("timings"), timings}};
    return QJsonDocument(object).toJson(QJsonDocument::Indented);
}

bool HistoryStore::fromJson(const QByteArray& json, HistoryEntry& e, QString* problem)
{
    QJsonParseError parseError;
    const QJsonDocument document = QJsonDocument::fromJson(json, &parseError);
    if (!document.isObject()) {
        *problem = parseError.error != QJsonParseError::NoError ? parseError.errorString() : tr("not a JSON object");
        return false;
    }
    const QJsonObject o = document.object();
    if (o.value(QStringLiteral("schemaVersion")).toInt() != kSchemaVersion) {
        *problem = tr("unknown schemaVersion %1").arg(o.value(QStringLiteral("schemaVersion")).toInt());
        return false;
    }
    try {
        e.request = framesmith::requestFromJson(o.value(QStringLiteral("request")).toString().toStdString());
    } catch (const std::exception& error) {
        *problem = tr("request: %1").arg(QString::fromUtf8(error.what()));
        return false;
    }
    e.id = o.value(QStringLiteral("id")).toString();
    e.title = o.value(QStringLiteral("title")).toString();
    e.createdAt = QDateTime::fromString(o.value(QStringLiteral("createdAt")).toString(), Qt::ISODateWithMs);
    e.modelName = o.value(QStringLiteral("model")).toString();
    e.preset = o.value(QStringLiteral("preset")).toString();
    e.videoPath = o.value(QStringLiteral("video")).toString();
    e.thumbnailPath = o.value(QStringLiteral("thumbnail")).toString();
    e.frameCount = o.value(QStringLiteral("frameCount")).toInt();
    e.width = o.value(QStringLiteral("width")).toInt();
    e.height = o.value(QStringLiteral("height")).toInt();
    e.stepsCompleted = o.value(QStringLiteral("stepsCompleted")).toInt();
    e.isPartial = o.value(QStringLiteral("isPartial")).toBool();
    e.latentsPath = o.value(QStringLiteral("latents")).toString();
    e.timings.clear();
    for (const QJsonValue& t : o.value(QStringLiteral("timings")).toArray())
        e.timings.push_back({t[QStringLiteral("stage")].toString(), t[QStringLiteral("seconds")].toDouble()});
    return true;
}

bool HistoryStore::writeAtomically(const QString& path, const QByteArray& data)
{
    QSaveFile file(path);
    if (!file.open(QIODevice::WriteOnly) || file.write(data) != data.size() || !file.commit()) {
        m_error = tr("%1: %2").arg(QDir::toNativeSeparators(path), file.errorString());
        return false;
    }
    return true;
}

bool HistoryStore::add(HistoryEntry& entry, const QImage& thumbnail)
{
    m_error.clear();
    if (entry.id.isEmpty())
        entry.id = newId(entry.request);
    if (!QDir().mkpath(historyFolder())) {
        m_error = tr("%1: cannot create the folder").arg(QDir::toNativeSeparators(historyFolder()));
        return false;
    }
    const QDir folder(historyFolder());
    if (!thumbnail.isNull()) {
        QByteArray png;
        QBuffer buffer(&png);
        buffer.open(QIODevice::WriteOnly);
        thumbnail.save(&buffer, "PNG");
        const QString thumbnailPath = folder.filePath(entry.id + QStringLiteral(".png"));
        if (!writeAtomically(thumbnailPath, png))
            return false;
        entry.thumbnailPath = thumbnailPath;
    }
    HistoryEntry stored = entry;
    stored.videoPath = relativeTo(m_root, entry.videoPath);
    stored.thumbnailPath = relativeTo(m_root, entry.thumbnailPath);
    stored.latentsPath = relativeTo(m_root, entry.latentsPath);
    return writeAtomically(folder.filePath(entry.id + QStringLiteral(".json")), toJson(stored));
}

bool HistoryStore::remove(const QString& id)
{
    const QDir folder(historyFolder());
    QFile::remove(folder.filePath(id + QStringLiteral(".png")));
    QFile::remove(videoPathFor(id));
    QFile::remove(videoPathFor(id) + QStringLiteral(".json"));
    return QFile::remove(folder.filePath(id + QStringLiteral(".json")));
}

QVector<HistoryEntry> HistoryStore::entries()
{
    m_warnings.clear();
    QVector<HistoryEntry> result;
    const QDir folder(historyFolder());
    for (const QFileInfo& info : folder.entryInfoList({QStringLiteral("*.json")}, QDir::Files)) {
        QFile file(info.filePath());
        HistoryEntry entry;
        QString problem;
        if (!file.open(QIODevice::ReadOnly))
            problem = file.errorString();
        else if (fromJson(file.readAll(), entry, &problem)) {
            entry.videoPath = absoluteFrom(m_root, entry.videoPath);
            entry.thumbnailPath = absoluteFrom(m_root, entry.thumbnailPath);
            entry.latentsPath = absoluteFrom(m_root, entry.latentsPath);
            result.push_back(entry);
            continue;
        }
        const QString warning = tr("Skipped history entry %1: %2").arg(QDir::toNativeSeparators(info.filePath()), problem);
        qWarning().noquote() << warning;
        m_warnings << warning;
    }
    std::sort(result.begin(), result.end(),
              [](const HistoryEntry& a, const HistoryEntry& b) { return a.createdAt > b.createdAt; });
    return result;
}
