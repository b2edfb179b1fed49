#include "ui/models/ModelDownloadWorker.h"

#include "framesmith/HubError.h"

ModelDownloadWorker::ModelDownloadWorker(std::vector<framesmith::DownloadableModel> catalog, QObject* parent)
    : QObject(parent), m_catalog(std::move(catalog))
{
}

framesmith::HubSettings ModelDownloadWorker::settings(const QString& token) const
{
    framesmith::HubSettings s = framesmith::HubSettings::fromEnvironment();
    if (!token.trimmed().isEmpty())
        s.token = token.trimmed().toStdString();
    return s;
}

void ModelDownloadWorker::measureSizes(const QString& token)
{
    const framesmith::HubSettings hub = settings(token);
    for (int i = 0; i < int(m_catalog.size()); ++i) {
        if (m_sizesCancel.mode() != framesmith::CancelMode::None)
            return;
        try {
            Q_EMIT sizeMeasured(i, qint64(framesmith::ModelDownloads::sizeOf(m_catalog[i].repos, hub, m_sizesCancel)), {});
        } catch (const std::exception& e) {
            Q_EMIT sizeMeasured(i, -1, QString::fromStdString(e.what()));
        }
    }
}

void ModelDownloadWorker::download(int index, const QString& token)
{
    if (index < 0 || index >= int(m_catalog.size())) {
        Q_EMIT failed(QStringLiteral("no model %1 in the list").arg(index), false);
        return;
    }
    try {
        const auto done = framesmith::ModelDownloads::download(
            m_catalog[index].repos, settings(token),
            [this](const framesmith::DownloadProgress& p) {
                Q_EMIT progress(qint64(p.bytesDone), qint64(p.bytesTotal), p.bytesPerSecond, p.secondsLeft,
                                QString::fromStdString(p.repoId + "/" + p.file), p.fileIndex, p.fileCount);
            },
            m_downloadCancel);
        qint64 fetched = 0;
        for (const auto& repo : done)
            fetched += qint64(repo.bytesFetched);
        Q_EMIT finished(QString::fromStdString(done.front().snapshotFolder), fetched);
    } catch (const framesmith::CancelledError&) {
        Q_EMIT cancelled();
    } catch (const framesmith::HubError& e) {
        Q_EMIT failed(QString::fromStdString(e.what()), e.problem() == framesmith::HubProblem::Unauthorized);
    } catch (const std::exception& e) {
        Q_EMIT failed(QString::fromStdString(e.what()), false);
    }
}
