#include "ui/queue/QueueStore.h"

#include "ui/history/HistoryStore.h"

#include <QDateTime>
#include <QDir>
#include <QFile>
#include <QJsonDocument>
#include <QJsonObject>
#include <QRegularExpression>
#include <QSaveFile>

#include <algorithm>
#include <exception>

namespace {
constexpr qint64 kMaxJobBytes = 1 << 20; // a request is a few hundred bytes

// A job's latents are named by RenderQueue directly in the queue folder. A path elsewhere, a link
// (to anything) or a special file there is not one of them: a resume would read it, a delete
// remove it. A name not made yet (the run died before its checkpoint) is kept.
bool isOwnLatents(const QString& folder, const QString& path)
{
    const QFileInfo info(path);
    if (info.absolutePath() != QFileInfo(folder).absoluteFilePath())
        return false;
    return info.isSymLink() ? false : !info.exists() || info.isFile();
}

bool isArrayId(const QString& id)
{
    static const QRegularExpression digits(QStringLiteral("^[0-9]{1,20}$"));
    return digits.match(id).hasMatch();
}
const char* const kStates[] = {"", "waiting", "running", "done", "failed", "cancelled", "sent"};

// Bytes as strings, like plannedPeakBytes: a JSON number is a double and a byte count may not be.
QJsonObject peaksJson(const MemoryFigures::Peaks& peaks)
{
    QJsonObject object;
    for (auto it = peaks.cbegin(); it != peaks.cend(); ++it)
        object.insert(it.key(), QString::number(it.value()));
    return object;
}

// A device name is "cpu" or "cuda:N"; anything else in a hand-edited file is dropped.
MemoryFigures::Peaks peaksFrom(const QJsonObject& object)
{
    static const QRegularExpression device(QStringLiteral("^(cpu|cuda:[0-9]{1,3})$"));
    MemoryFigures::Peaks peaks;
    for (auto it = object.constBegin(); it != object.constEnd(); ++it) {
        bool isNumber = false;
        const qint64 bytes = it.value().toString().toLongLong(&isNumber);
        if (device.match(it.key()).hasMatch() && isNumber && bytes >= 0)
            peaks.insert(it.key(), bytes);
    }
    return peaks;
}
} // namespace

const char* QueueJob::stateKey(State state) { return kStates[static_cast<int>(state)]; }

QueueJob::State QueueJob::stateFromKey(const QString& key)
{
    for (int i = 1; i <= static_cast<int>(State::Sent); ++i)
        if (key == QLatin1String(kStates[i]))
            return static_cast<State>(i);
    return State::Invalid;
}

QueueStore::QueueStore(const QString& root) : m_root(root) {}

QString QueueStore::folder() const { return QDir(m_root).filePath(QStringLiteral("queue")); }

QString QueueStore::newId() const
{
    const QString stem = QDateTime::currentDateTime().toString(QStringLiteral("yyyyMMdd-HHmmss-zzz"));
    QString id = stem;
    for (int n = 1; QFileInfo::exists(QDir(folder()).filePath(id + QStringLiteral(".json"))); ++n)
        id = stem + QStringLiteral("-") + QString::number(n);
    return id;
}

QByteArray QueueStore::toJson(const QueueJob& job)
{
    // The request as the backend writes it (a 64-bit seed survives), then the queue's own fields.
    const QByteArray request = QByteArray::fromStdString(framesmith::toJson(job.request));
    QJsonObject queue{{"state", QString::fromLatin1(QueueJob::stateKey(job.state))},
                      {"position", job.position},
                      {"modelName", job.modelName},
                      {"plannedPeakBytes", QString::number(job.plannedPeakBytes)},
                      {"plannedPeaks", peaksJson(job.plannedPeaks)},
                      {"historyId", job.historyId},
                      {"error", job.error},
                      {"latents", job.latentsPath},
                      {"farmArray", job.farmArrayId}};
    const QByteArray queueText = QJsonDocument(queue).toJson(QJsonDocument::Indented);
    return "{\n\"schemaVersion\": 1,\n\"request\": " + request + ",\n\"queue\": " + queueText + "}\n";
}

bool QueueStore::fromJson(const QByteArray& json, QueueJob& job, QString* problem)
{
    QJsonParseError parseError;
    const QJsonDocument doc = QJsonDocument::fromJson(json, &parseError);
    if (!doc.isObject() || !doc.object().value(QStringLiteral("queue")).isObject()) {
        *problem = tr("not a queue job (%1)").arg(parseError.errorString());
        return false;
    }
    try {
        job.request = framesmith::requestFromJson(json.toStdString()); // reads the "request" object
    } catch (const std::exception& e) {
        *problem = QString::fromUtf8(e.what());
        return false;
    }
    const QJsonObject queue = doc.object().value(QStringLiteral("queue")).toObject();
    job.state = QueueJob::stateFromKey(queue.value(QStringLiteral("state")).toString());
    if (job.state == QueueJob::State::Invalid) {
        *problem = tr("unknown state \"%1\"")
                       .arg(queue.value(QStringLiteral("state")).toString());
        return false;
    }
    job.position = queue.value(QStringLiteral("position")).toInt();
    job.modelName = queue.value(QStringLiteral("modelName")).toString();
    job.plannedPeakBytes = queue.value(QStringLiteral("plannedPeakBytes")).toString().toLongLong();
    job.plannedPeaks = peaksFrom(queue.value(QStringLiteral("plannedPeaks")).toObject());
    job.historyId = queue.value(QStringLiteral("historyId")).toString();
    job.error = queue.value(QStringLiteral("error")).toString();
    job.latentsPath = queue.value(QStringLiteral("latents")).toString();
    job.farmArrayId = queue.value(QStringLiteral("farmArray")).toString();
    if (!job.historyId.isEmpty() && !HistoryStore::isValidId(job.historyId))
        job.historyId.clear(); // never a path out of the data folder
    return true;
}

QVector<QueueJob> QueueStore::load()
{
    m_warnings.clear();
    QVector<QueueJob> jobs;
    const QFileInfoList files = QDir(folder()).entryInfoList({QStringLiteral("*.json")}, QDir::Files, QDir::Name);
    for (const QFileInfo& info : files) {
        QueueJob job;
        job.id = info.completeBaseName();
        QFile file(info.filePath());
        QString problem;
        QByteArray text;
        if (HistoryStore::isValidId(job.id) && info.size() <= kMaxJobBytes && file.open(QIODevice::ReadOnly))
            text = file.read(kMaxJobBytes + 1); // never more than the cap, even if it grew since
        if (text.isEmpty() || text.size() > kMaxJobBytes) {
            problem = tr("cannot be read");
        } else if (fromJson(text, job, &problem)) {
            if (!job.latentsPath.isEmpty() && !isOwnLatents(folder(), job.latentsPath))
                job.latentsPath.clear();
            if (!job.farmArrayId.isEmpty() && !isArrayId(job.farmArrayId))
                job.farmArrayId.clear(); // shown in the queue, and a Slurm job id is digits
            jobs.push_back(job);
        }
        if (!problem.isEmpty())
            m_warnings << tr("Queue job %1 skipped: %2")
                              .arg(QDir::toNativeSeparators(info.filePath()), problem);
    }
    std::stable_sort(jobs.begin(), jobs.end(),
                     [](const QueueJob& a, const QueueJob& b) { return a.position < b.position; });
    return jobs;
}

bool QueueStore::save(const QueueJob& job)
{
    m_error.clear();
    if (!QDir().mkpath(folder())) {
        m_error = tr("Cannot create the queue folder %1")
                      .arg(QDir::toNativeSeparators(folder()));
        return false;
    }
    QSaveFile file(QDir(folder()).filePath(job.id + QStringLiteral(".json")));
    if (!file.open(QIODevice::WriteOnly) || file.write(toJson(job)) < 0 || !file.commit()) {
        m_error = tr("Cannot save the queue job %1: %2")
                      .arg(QDir::toNativeSeparators(file.fileName()), file.errorString());
        return false;
    }
    return true;
}

bool QueueStore::remove(const QString& id)
{
    return HistoryStore::isValidId(id) && QFile::remove(QDir(folder()).filePath(id + QStringLiteral(".json")));
}
