#include "ui/models/ModelDownloadDialog.h"

#include "ui/models/ModelDownloadWorker.h"

#include <QCloseEvent>
#include <QEvent>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QLineEdit>
#include <QLocale>
#include <QProgressBar>
#include <QPushButton>
#include <QTableWidget>
#include <QVBoxLayout>

#include <cmath>

namespace {
enum Column { NameColumn, TaskColumn, ParametersColumn, SizeColumn, ColumnCount };
constexpr qint64 kMeasuring = -2;
} // namespace

ModelDownloadDialog::ModelDownloadDialog(QWidget* parent)
    : QDialog(parent), m_catalog(framesmith::ModelDownloads::catalog()), m_sizes(m_catalog.size(), kMeasuring),
      m_sizeErrors(m_catalog.size()), m_worker(new ModelDownloadWorker(m_catalog)),
      m_sizer(new ModelDownloadWorker(m_catalog)), m_intro(new QLabel(this)),
      m_table(new QTableWidget(int(m_catalog.size()), ColumnCount, this)), m_tokenLabel(new QLabel(this)),
      m_token(new QLineEdit(this)), m_progress(new QProgressBar(this)), m_status(new QLabel(this)),
      m_download(new QPushButton(this)), m_cancel(new QPushButton(this)), m_use(new QPushButton(this)),
      m_close(new QPushButton(this))
{
    setObjectName(QStringLiteral("modelDownloadDialog"));
    m_table->setObjectName(QStringLiteral("downloadModels"));
    m_token->setObjectName(QStringLiteral("downloadToken"));
    m_progress->setObjectName(QStringLiteral("downloadProgress"));
    m_status->setObjectName(QStringLiteral("downloadStatus"));
    m_download->setObjectName(QStringLiteral("downloadStart"));
    m_cancel->setObjectName(QStringLiteral("downloadCancel"));
    m_use->setObjectName(QStringLiteral("downloadUse"));
    m_token->setEchoMode(QLineEdit::Password);
    m_tokenLabel->setBuddy(m_token);
    m_intro->setWordWrap(true);
    m_status->setWordWrap(true);
    m_status->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_progress->setRange(0, 1000);
    m_progress->setValue(0);
    buildTable();
    layOut();
    connectWorkers();
    m_thread.setObjectName(QStringLiteral("ModelDownload"));
    m_sizeThread.setObjectName(QStringLiteral("ModelDownloadSizes"));
    m_thread.start();
    m_sizeThread.start();

    retranslate();
    setDownloading(false);
    m_use->setVisible(false);
    if (!framesmith::ModelDownloads::isAvailable()) {
        m_status->setText(tr("This build of Framesmith cannot download: it was built without libcurl. "
                             "`huggingface-cli download` fills the same cache."));
        return;
    }
    Q_EMIT measureRequested(QString());
}

ModelDownloadDialog::~ModelDownloadDialog()
{
    m_worker->downloadCancel().request(framesmith::CancelMode::StopNow);
    m_sizer->sizesCancel().request(framesmith::CancelMode::StopNow);
    m_thread.quit();
    m_sizeThread.quit();
    m_thread.wait(); // a destructor may wait: a transfer stops within about a second
    m_sizeThread.wait();
}

void ModelDownloadDialog::layOut()
{
    auto* tokenRow = new QHBoxLayout;
    tokenRow->addWidget(m_tokenLabel);
    tokenRow->addWidget(m_token, 1);
    auto* buttons = new QHBoxLayout;
    buttons->addWidget(m_download);
    buttons->addWidget(m_cancel);
    buttons->addWidget(m_use);
    buttons->addStretch(1);
    buttons->addWidget(m_close);
    auto* layout = new QVBoxLayout(this);
    layout->addWidget(m_intro);
    layout->addWidget(m_table, 1);
    layout->addLayout(tokenRow);
    layout->addWidget(m_progress);
    layout->addWidget(m_status);
    layout->addLayout(buttons);
    resize(760, 460);

}

void ModelDownloadDialog::connectWorkers()
{
    m_worker->moveToThread(&m_thread);
    m_sizer->moveToThread(&m_sizeThread);
    connect(&m_thread, &QThread::finished, m_worker, &QObject::deleteLater);
    connect(&m_sizeThread, &QThread::finished, m_sizer, &QObject::deleteLater);
    connect(this, &ModelDownloadDialog::measureRequested, m_sizer, &ModelDownloadWorker::measureSizes);
    connect(m_sizer, &ModelDownloadWorker::sizeMeasured, this, &ModelDownloadDialog::onSizeMeasured);
    connect(this, &ModelDownloadDialog::downloadRequested, m_worker, &ModelDownloadWorker::download);
    connect(m_worker, &ModelDownloadWorker::progress, this, &ModelDownloadDialog::onProgress);
    connect(m_worker, &ModelDownloadWorker::finished, this, &ModelDownloadDialog::onFinished);
    connect(m_worker, &ModelDownloadWorker::failed, this, &ModelDownloadDialog::onFailed);
    connect(m_worker, &ModelDownloadWorker::cancelled, this, &ModelDownloadDialog::onCancelled);
    connect(m_download, &QPushButton::clicked, this, &ModelDownloadDialog::startDownload);
    connect(m_cancel, &QPushButton::clicked, this, &ModelDownloadDialog::cancelDownload);
    connect(m_use, &QPushButton::clicked, this, [this] { Q_EMIT modelChosen(m_finishedFolder); });
    connect(m_close, &QPushButton::clicked, this, &QDialog::close);
    connect(m_table, &QTableWidget::itemSelectionChanged, this, [this] { setDownloading(m_isDownloading); });
}

void ModelDownloadDialog::buildTable()
{
    m_table->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_table->setSelectionMode(QAbstractItemView::SingleSelection);
    m_table->setEditTriggers(QAbstractItemView::NoEditTriggers);
    m_table->verticalHeader()->hide();
    m_table->horizontalHeader()->setStretchLastSection(true);
    for (int row = 0; row < int(m_catalog.size()); ++row)
        for (int column = 0; column < ColumnCount; ++column)
            m_table->setItem(row, column, new QTableWidgetItem);
    if (!m_catalog.empty())
        m_table->selectRow(0);
}

void ModelDownloadDialog::retranslate()
{
    setWindowTitle(tr("Download models"));
    m_intro->setText(tr("Models of the supported families, as published on the Hugging Face Hub. They are saved in "
                        "the Hugging Face cache, where Framesmith and other tools find them. An interrupted download "
                        "continues where it stopped."));
    m_table->setHorizontalHeaderLabels({tr("Model"), tr("Task"), tr("Parameters"), tr("Download size")});
    for (int row = 0; row < int(m_catalog.size()); ++row) {
        const auto& model = m_catalog[std::size_t(row)];
        m_table->item(row, NameColumn)->setText(QString::fromStdString(model.name));
        QStringList repos;
        for (const auto& repo : model.repos)
            repos << QString::fromStdString(repo.repoId);
        m_table->item(row, NameColumn)->setToolTip(tr("Hub repositories: %1").arg(repos.join(QStringLiteral(", "))));
        m_table->item(row, TaskColumn)->setText(model.isImageToVideo ? tr("Image to video") : tr("Text to video"));
        m_table->item(row, ParametersColumn)
            ->setText(tr("%1 billion").arg(QLocale().toString(model.parameterBillions, 'g', 3)));
        updateSizeCell(row);
    }
    m_table->resizeColumnsToContents();
    m_tokenLabel->setText(tr("Hub &token:"));
    m_token->setPlaceholderText(framesmith::HubSettings::fromEnvironment().token.empty()
                                    ? tr("Only for gated or private models (hf_…)")
                                    : tr("Using the token from HF_TOKEN or the Hugging Face token file"));
    m_download->setText(tr("&Download"));
    m_cancel->setText(tr("&Cancel download"));
    m_use->setText(tr("&Open this model"));
    m_close->setText(tr("Close"));
}

void ModelDownloadDialog::updateSizeCell(int row)
{
    QTableWidgetItem* item = m_table->item(row, SizeColumn);
    const qint64 bytes = m_sizes[std::size_t(row)];
    if (bytes == kMeasuring)
        item->setText(tr("asking the Hub…"));
    else if (bytes < 0)
        item->setText(tr("unknown"));
    else
        item->setText(QLocale().formattedDataSize(bytes));
    item->setToolTip(m_sizeErrors[std::size_t(row)]);
}

QString ModelDownloadDialog::durationText(double seconds)
{
    const long total = std::lround(seconds);
    if (total < 60)
        return tr("%1 s").arg(total);
    if (total < 3600)
        return tr("%1 min %2 s").arg(total / 60).arg(total % 60, 2, 10, QLatin1Char('0'));
    return tr("%1 h %2 min").arg(total / 3600).arg((total % 3600) / 60, 2, 10, QLatin1Char('0'));
}

void ModelDownloadDialog::setDownloading(bool isDownloading)
{
    m_isDownloading = isDownloading;
    const bool hasRow = !m_table->selectedItems().isEmpty();
    m_download->setEnabled(!isDownloading && hasRow && framesmith::ModelDownloads::isAvailable());
    m_cancel->setEnabled(isDownloading);
    m_token->setEnabled(!isDownloading);
    m_table->setEnabled(!isDownloading);
}

void ModelDownloadDialog::startDownload()
{
    const auto selected = m_table->selectionModel()->selectedRows();
    if (selected.isEmpty() || m_isDownloading)
        return;
    m_runningRow = selected.front().row();
    m_worker->downloadCancel().reset(); // the worker is idle: nothing reads the token now
    m_use->setVisible(false);
    m_progress->setValue(0);
    m_status->setText(tr("Asking the Hub for the files of %1…").arg(m_table->item(m_runningRow, NameColumn)->text()));
    setDownloading(true);
    Q_EMIT downloadRequested(m_runningRow, m_token->text());
}

void ModelDownloadDialog::cancelDownload()
{
    if (!m_isDownloading)
        return;
    m_worker->downloadCancel().request(framesmith::CancelMode::StopNow);
    m_cancel->setEnabled(false);
    m_status->setText(tr("Stopping…"));
}

void ModelDownloadDialog::onSizeMeasured(int index, qint64 bytes, const QString& error)
{
    if (index < 0 || index >= int(m_sizes.size()))
        return;
    m_sizes[std::size_t(index)] = bytes;
    m_sizeErrors[std::size_t(index)] = error;
    updateSizeCell(index);
}

void ModelDownloadDialog::onProgress(qint64 done, qint64 total, double bytesPerSecond, double secondsLeft,
                                     const QString& file, int fileIndex, int fileCount)
{
    m_progress->setValue(total > 0 ? int(1000.0 * double(done) / double(total)) : 0);
    const QLocale locale;
    QString text = tr("%1 of %2").arg(locale.formattedDataSize(done), locale.formattedDataSize(total));
    if (bytesPerSecond > 0)
        text += QStringLiteral(" · ") + tr("%1/s").arg(locale.formattedDataSize(qint64(bytesPerSecond)));
    text += QStringLiteral(" · ") +
            (secondsLeft >= 0 ? tr("about %1 left").arg(durationText(secondsLeft)) : tr("measuring the speed…"));
    text += QStringLiteral("\n") + tr("File %1 of %2: %3").arg(fileIndex).arg(fileCount).arg(file);
    m_status->setText(text);
}

void ModelDownloadDialog::onFinished(const QString& folder, qint64 bytesFetched)
{
    setDownloading(false);
    m_progress->setValue(m_progress->maximum());
    m_finishedFolder = folder;
    m_status->setText(bytesFetched > 0 ? tr("Done: %1 downloaded and checked. The model is in %2.")
                                             .arg(QLocale().formattedDataSize(bytesFetched), folder)
                                       : tr("Already downloaded: every file was in the cache (%1).").arg(folder));
    m_use->setVisible(true);
    Q_EMIT downloadFinished(folder);
}

void ModelDownloadDialog::onFailed(const QString& detail, bool needsToken)
{
    setDownloading(false);
    m_status->setText((needsToken ? tr("This model needs a Hugging Face token: accept its license on the model page "
                                       "(signed in), then enter a token above.")
                                  : tr("The download stopped; what was fetched is kept and continues next time.")) +
                      QStringLiteral("\n") + detail);
    if (needsToken)
        m_token->setFocus();
}

void ModelDownloadDialog::onCancelled()
{
    setDownloading(false);
    m_status->setText(tr("Download cancelled. What was fetched is kept: Download continues from there."));
}

void ModelDownloadDialog::changeEvent(QEvent* event)
{
    if (event->type() == QEvent::LanguageChange)
        retranslate();
    QDialog::changeEvent(event);
}

void ModelDownloadDialog::closeEvent(QCloseEvent* event)
{
    // The part fetched stays in the cache; the worker is stopped rather than left running unseen.
    cancelDownload();
    m_sizer->sizesCancel().request(framesmith::CancelMode::StopNow);
    QDialog::closeEvent(event);
}
