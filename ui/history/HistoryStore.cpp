#include "ui/history/HistoryStore.h"

#include "framesmith/DataFolders.h"

#include "framesmith/Error.h"

#include <QBuffer>
#include <QCoreApplication>
#include <QDir>
#include <QFileInfo>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QRegularExpression>
#include <QSaveFile>
#include <QStandardPaths>
#include <QtDebug>

#include <algorithm>

namespace {
constexpr int kSchemaVersion = 1;
// An entry is a few KiB; anything far larger is not ours (a 3 GB file must not be read whole).
constexpr qint64 kMaxEntryBytes = 4 << 20;

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

// A stored path that leads outside the app-data folder (an edited entry: "../../etc/x", a link out)
// or names something other than a regular file is dropped: the history never shows or deletes
// files it did not make.
QString confined(const QString& root, const QString& path)
{
    if (path.isEmpty())
        return {};
    const QString absolute = QDir::cleanPath(absoluteFrom(root, path));
    const QFileInfo info(absolute);
    // An existing file is judged by where its links lead; a missing one by its spelled path.
    if (info.exists() && !info.isFile())
        return {}; // a FIFO, device or folder: opening it would hang or mislead the app
    const QString resolved = info.exists() ? info.canonicalFilePath() : absolute;
    const QString base = info.exists() ? QFileInfo(root).canonicalFilePath() : QDir::cleanPath(QDir(root).absolutePath());
    return !base.isEmpty() && resolved.startsWith(base + QLatin1Char('/')) ? absolute : QString();
}

// Kept latents live in the checkpoint folder of the data root (or FRAMESMITH_CHECKPOINT_DIR), which
// need not be under the history's own folder; anything else is dropped like other stray paths.
QString confinedLatents(const QString& root, const QString& path)
{
    QStringList roots{root, QString::fromStdString(framesmith::dataRoot())};
    if (const QString custom = qEnvironmentVariable("FRAMESMITH_CHECKPOINT_DIR"); !custom.isEmpty())
        roots << custom;
    for (const QString& r : roots)
        if (const QString kept = confined(r, path); !kept.isEmpty())
            return kept;
    return {};
}

// Reads at most kMaxEntryBytes of a regular file; a FIFO, device or huge file is refused unread.
bool readEntryFile(const QFileInfo& info, QByteArray& data, QString* problem)
{
    if (!info.isFile()) {
        *problem = tr("not a regular file");
        return false;
    }
    if (info.size() > kMaxEntryBytes) {
        *problem = tr("%1 bytes, far more than a history entry can be").arg(info.size());
        return false;
    }
    QFile file(info.filePath());
    if (!file.open(QIODevice::ReadOnly)) {
        *problem = file.errorString();
        return false;
    }
    data = file.read(kMaxEntryBytes + 1); // the file may have grown since it was measured
    if (data.size() > kMaxEntryBytes) {
        *problem = tr("more than %1 bytes, far more than a history entry can be").arg(kMaxEntryBytes);
        return false;
    }
    return true;
}
} // namespace

bool HistoryStore::isValidId(const QString& id)
{
    static const QRegularExpression pattern(QStringLiteral("^[A-Za-z0-9][A-Za-z0-9._-]{0,127}$"));
    return pattern.match(id).hasMatch() && !id.contains(QStringLiteral(".."));
}

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
        {QStringLiteral("isPaused"), e.isPaused},
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
    e.isPaused = o.value(QStringLiteral("isPaused")).toBool();
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
    if (!isValidId(entry.id)) {
        m_error = tr("'%1' is not a valid history id").arg(entry.id);
        return false;
    }
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
    if (!isValidId(id))
        return false; // "../../x" must not reach outside the history folder
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
        HistoryEntry entry;
        QString problem;
        if (readEntry(info, entry, &problem)) {
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

bool HistoryStore::readEntry(const QFileInfo& info, HistoryEntry& entry, QString* problem) const
{
    // The file's own name is the id remove() acts on; it must be one this store could have made.
    if (!isValidId(info.completeBaseName())) {
        *problem = tr("the file name is not a history id");
        return false;
    }
    try {
        QByteArray data;
        if (!readEntryFile(info, data, problem) || !fromJson(data, entry, problem))
            return false;
    } catch (const std::bad_alloc&) {
        *problem = tr("not enough memory to read it");
        return false;
    }
    entry.id = info.completeBaseName();
    entry.videoPath = confined(m_root, entry.videoPath);
    entry.thumbnailPath = confined(m_root, entry.thumbnailPath);
    entry.latentsPath = confinedLatents(m_root, entry.latentsPath); // "Decode again" and delete act on it
    return true;
}
