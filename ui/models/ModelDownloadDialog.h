#pragma once
// "Download models…": the models the families publish on the Hugging Face Hub, with their sizes
// (asked of the Hub when the dialog opens), a token field for gated repos, and one download at a
// time with a progress bar, speed and ETA, cancellable and resumable (the Hub cache keeps the part
// fetched). The Hub calls run on a ModelDownloadWorker thread: the window never waits. Closing the
// dialog cancels what runs. GUI thread only.
#include "framesmith/ModelDownloads.h"

#include <QDialog>
#include <QThread>

#include <vector>

class ModelDownloadWorker;
class QLabel;
class QLineEdit;
class QProgressBar;
class QPushButton;
class QTableWidget;

class ModelDownloadDialog : public QDialog {
    Q_OBJECT

public:
    explicit ModelDownloadDialog(QWidget* parent = nullptr);
    ~ModelDownloadDialog() override; // cancels the worker and joins its thread

    bool isDownloading() const { return m_isDownloading; }
    static QString durationText(double seconds);

Q_SIGNALS:
    // A finished download the user chose to open (its snapshot folder in the Hub cache).
    void modelChosen(const QString& folder);
    void downloadFinished(const QString& folder);
    // Queued to the worker (never called directly: it lives on another thread).
    void measureRequested(const QString& token);
    void downloadRequested(int index, const QString& token);

protected:
    void changeEvent(QEvent* event) override;
    void closeEvent(QCloseEvent* event) override;

private:
    void buildTable();
    void layOut();
    void connectWorkers(); // the two workers' threads and signals
    void retranslate();
    void startDownload();
    void cancelDownload();
    void setDownloading(bool isDownloading);
    void onSizeMeasured(int index, qint64 bytes, const QString& error);
    void onProgress(qint64 done, qint64 total, double bytesPerSecond, double secondsLeft, const QString& file,
                    int fileIndex, int fileCount);
    void onFinished(const QString& folder, qint64 bytesFetched);
    void onFailed(const QString& detail, bool needsToken);
    void onCancelled();
    void updateSizeCell(int row);

    std::vector<framesmith::DownloadableModel> m_catalog;
    std::vector<qint64> m_sizes;        // -2 measuring, -1 unknown
    std::vector<QString> m_sizeErrors;
    QThread m_thread;                // downloads
    QThread m_sizeThread;            // sizes, so a slow Hub answer never holds a download back
    ModelDownloadWorker* m_worker;
    ModelDownloadWorker* m_sizer;
    QLabel* m_intro;
    QTableWidget* m_table;
    QLabel* m_tokenLabel;
    QLineEdit* m_token;
    QProgressBar* m_progress;
    QLabel* m_status;
    QPushButton* m_download;
    QPushButton* m_cancel;
    QPushButton* m_use;
    QPushButton* m_close;
    bool m_isDownloading = false;
    QString m_finishedFolder;
    int m_runningRow = -1;
};
