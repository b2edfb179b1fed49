#pragma once
// Runs the Hub calls of the download dialog off the GUI thread: a QObject moved to its own QThread
// (owned by the dialog), reached through queued slots, answering with queued signals. Cancel is an
// atomic the GUI sets directly (cancelToken()), never a queued slot: a busy worker runs no slots.
// Sizes have a token of their own so closing the dialog stops both. No exception leaves a slot.
#include "framesmith/CancelToken.h"
#include "framesmith/ModelDownloads.h"

#include <QObject>
#include <QString>

#include <vector>

class ModelDownloadWorker : public QObject {
    Q_OBJECT

public:
    explicit ModelDownloadWorker(std::vector<framesmith::DownloadableModel> catalog, QObject* parent = nullptr);

    // Any thread: set from the GUI to stop the download / the size queries at the next chunk.
    framesmith::CancelToken& downloadCancel() { return m_downloadCancel; }
    framesmith::CancelToken& sizesCancel() { return m_sizesCancel; }

public Q_SLOTS:
    // One sizeMeasured per catalog model, in order. `token` "" uses HF_TOKEN / the token file.
    void measureSizes(const QString& token);
    // Exactly one of finished / failed / cancelled follows.
    void download(int index, const QString& token);

Q_SIGNALS:
    void sizeMeasured(int index, qint64 bytes, const QString& error); // bytes -1 when the Hub did not answer
    void progress(qint64 bytesDone, qint64 bytesTotal, double bytesPerSecond, double secondsLeft, const QString& file,
                  int fileIndex, int fileCount);
    void finished(const QString& snapshotFolder, qint64 bytesFetched);
    void failed(const QString& detail, bool needsToken);
    void cancelled();

private:
    framesmith::HubSettings settings(const QString& token) const;

    std::vector<framesmith::DownloadableModel> m_catalog;
    framesmith::CancelToken m_downloadCancel;
    framesmith::CancelToken m_sizesCancel;
};
