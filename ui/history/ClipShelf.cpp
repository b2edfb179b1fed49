#include "ui/history/ClipShelf.h"

#include "framesmith/DataFolders.h"
#include "framesmith/VideoExport.h"
#include "ui/history/ClipFrames.h"
#include "ui/history/ExportDialog.h"
#include "ui/history/HistoryPanel.h"
#include "ui/main/BackgroundTasks.h"
#include "ui/settings/AppSettings.h"
#include "widgets/PreviewPlayer.h"

#include <QAction>
#include <QDesktopServices>
#include <QDockWidget>
#include <QMainWindow>
#include <QDir>
#include <QFileInfo>
#include <QMessageBox>
#include <QPushButton>
#include <QStandardPaths>
#include <QUrl>

#include <memory>

namespace {
const QString kTraceCsv = QStringLiteral(".memory.csv");
const QString kTracePng = QStringLiteral(".memory.png");
} // namespace

ClipShelf::ClipShelf(PreviewPlayer* player, AppSettings& settings, QWidget* dialogParent, QObject* parent)
    : QObject(parent), m_player(player), m_settings(settings), m_dialogParent(dialogParent),
      m_history(QString::fromStdString(framesmith::dataRoot()))
{
    m_panel = new HistoryPanel(dialogParent);
    m_tasks = new BackgroundTasks(this);
    m_openFolder = [](const QString& folder) { QDesktopServices::openUrl(QUrl::fromLocalFile(folder)); };
    connect(m_panel, &HistoryPanel::entrySelected, this, &ClipShelf::open);
    connect(m_panel, &HistoryPanel::renameRequested, this, &ClipShelf::rename);
    connect(m_panel, &HistoryPanel::deleteRequested, this, &ClipShelf::askToDelete);
    connect(m_panel, &HistoryPanel::showInFolderRequested, this, &ClipShelf::showInFolder);
    connect(m_panel, &HistoryPanel::regenerateRequested, this,
            [this](const HistoryEntry& entry) { Q_EMIT regenerateRequested(entry.request); });
    connect(m_panel, &HistoryPanel::decodeAgainRequested, this, &ClipShelf::decodeAgainRequested);
    connect(m_panel, &HistoryPanel::resumeRequested, this, &ClipShelf::resumeRequested);
}

QDockWidget* ClipShelf::createDock(QMainWindow* window, QAction* toggle)
{
    auto* dock = new QDockWidget(window);
    dock->setObjectName(QStringLiteral("historyDock"));
    dock->setWidget(m_panel);
    dock->setFeatures(QDockWidget::DockWidgetClosable | QDockWidget::DockWidgetMovable | QDockWidget::DockWidgetFloatable);
    window->addDockWidget(Qt::RightDockWidgetArea, dock);
    dock->hide(); // the first launch has no history; View > History or a first clip opens it
    toggle->setCheckable(true);
    connect(toggle, &QAction::toggled, dock, &QDockWidget::setVisible);
    connect(dock, &QDockWidget::visibilityChanged, toggle, &QAction::setChecked);
    return dock;
}

void ClipShelf::setRoot(const QString& root)
{
    m_history = HistoryStore(root);
    reload();
}

void ClipShelf::reload()
{
    m_panel->setEntries(m_history.entries());
    if (!m_history.warnings().isEmpty())
        Q_EMIT statusMessage(m_history.warnings().first());
    Q_EMIT historyChanged();
}

QVector<QImage> ClipShelf::showClip(const framesmith::VideoFrames& frames, const framesmith::GenerationRequest& request,
                                    const QString& historyId)
{
    m_clip = frames;
    m_clipRequest = request;
    m_clipId = historyId;
    const QVector<QImage> images = ClipFrames::toImages(m_clip); // the one conversion of the clip
    m_player->setFrames(images, m_clip.fps);
    Q_EMIT clipShown(m_clip.frameCount);
    return images;
}

QString ClipShelf::traceBaseFor(const QString& historyId) const
{
    return QDir(m_history.clipsFolder()).filePath(historyId);
}

void ClipShelf::addResult(const framesmith::GenerationResult& result, const QString& historyId, const QString& modelName)
{
    const QVector<QImage> images = showClip(result.clip, result.request, historyId);
    HistoryEntry entry;
    entry.id = historyId;
    entry.createdAt = QDateTime::currentDateTime();
    entry.request = result.request;
    entry.modelName = modelName;
    entry.preset = QString::fromStdString(result.request.preset);
    if (const auto& resolved = result.request.resolvedPreset; resolved && resolved->name != result.request.preset)
        entry.preset += QStringLiteral(" (%1)").arg(QString::fromStdString(resolved->name)); // "auto (24gb)"
    entry.videoPath = QString::fromStdString(result.outputPath);
    entry.frameCount = result.clip.frameCount;
    entry.width = result.clip.width;
    entry.height = result.clip.height;
    entry.stepsCompleted = result.stepsCompleted;
    entry.isPartial = result.isPartial;
    for (const auto& timing : result.timings)
        entry.timings.push_back({QString::fromStdString(timing.stage), timing.seconds});
    if (!m_history.add(entry, ClipFrames::thumbnail(images))) {
        Q_EMIT errorRaised(tr("History"), tr("The clip could not be added to the history."), m_history.error());
        return;
    }
    // The clip is saved: the latents kept for a failed decode are no longer needed.
    if (!result.outputPath.empty() && !result.latentsCheckpointPath.empty())
        QFile::remove(QString::fromStdString(result.latentsCheckpointPath));
    reload();
    m_panel->select(0);
}

void ClipShelf::addKeptLatents(HistoryEntry entry)
{
    if (!m_history.add(entry, QImage())) {
        Q_EMIT errorRaised(tr("History"), tr("The run could not be added to the history."), m_history.error());
        return;
    }
    reload();
    m_panel->select(0);
}

void ClipShelf::open(const HistoryEntry& entry)
{
    Q_EMIT requestChosen(entry);
    if (m_isRunInFlight)
        return;
    const QString path = entry.videoPath;
    if (path.isEmpty() && !entry.latentsPath.isEmpty()) {
        Q_EMIT statusMessage(tr("Settings loaded; this run has no clip yet: right-click it and choose Decode again"));
        return;
    }
    if (path.isEmpty() || !QFileInfo::exists(path)) {
        Q_EMIT statusMessage(tr("Settings loaded; the clip's video is missing: %1").arg(QDir::toNativeSeparators(path)));
        return;
    }
    auto frames = std::make_shared<framesmith::VideoFrames>();
    const framesmith::GenerationRequest request = entry.request;
    const QString id = entry.id;
    m_tasks->run([frames, path] { *frames = framesmith::readVideo(path.toStdString()); },
                 [this, frames, request, path, id](const QString& error) {
                     if (!error.isEmpty()) {
                         Q_EMIT errorRaised(tr("History"), tr("The clip's video could not be read."), error);
                         return;
                     }
                     if (m_isRunInFlight)
                         return;
                     showClip(*frames, request, id);
                     Q_EMIT statusMessage(tr("Opened %1").arg(QDir::toNativeSeparators(path)));
                 });
}

void ClipShelf::exportInteractively()
{
    if (!hasClip()) {
        Q_EMIT statusMessage(tr("There is no clip to export yet"));
        return;
    }
    QString folder = m_settings.lastExportFolder();
    if (folder.isEmpty() || !QFileInfo(folder).isDir())
        folder = QStandardPaths::writableLocation(QStandardPaths::MoviesLocation);
    if (folder.isEmpty() || !QFileInfo(folder).isDir())
        folder = QDir::homePath();
    const auto format = framesmith::exportFormatFromName(m_settings.lastExportFormat().toStdString());
    const ExportDialog::Clip clip{m_clip.width, m_clip.height, m_clipRequest.seed,
                                  !m_clipId.isEmpty() && QFileInfo::exists(traceBaseFor(m_clipId) + kTraceCsv)};
    auto* dialog = new ExportDialog(clip, folder, format.value_or(framesmith::ExportFormat::H264Mp4), m_dialogParent);
    dialog->setAttribute(Qt::WA_DeleteOnClose);
    connect(dialog, &ExportDialog::exportChosen, this, &ClipShelf::exportTo);
    dialog->open();
}

void ClipShelf::exportTo(const framesmith::ExportOptions& chosen, bool includeTrace)
{
    framesmith::ExportOptions options = chosen;
    options.request = m_clipRequest;
    const framesmith::VideoFrames frames = m_clip;
    const QString path = QString::fromStdString(options.path);
    if (includeTrace)
        copyTrace(path);
    Q_EMIT statusMessage(tr("Exporting %1…").arg(QDir::toNativeSeparators(path)));
    m_tasks->run([frames, options] { framesmith::exportVideo(frames, options); },
                 [this, path, format = options.format](const QString& error) {
                     if (error.isEmpty()) {
                         // Remembered once it worked: a folder that failed is not offered again.
                         m_settings.setLastExportFolder(QFileInfo(path).absolutePath());
                         m_settings.setLastExportFormat(QString::fromLatin1(framesmith::exportFormatName(format)));
                         Q_EMIT statusMessage(tr("Exported %1").arg(QDir::toNativeSeparators(path)));
                     } else {
                         Q_EMIT errorRaised(tr("Export failed"), tr("The clip could not be exported."), error);
                     }
                     Q_EMIT exportFinished(error);
                 });
}

void ClipShelf::copyTrace(const QString& exportPath)
{
    const QString base = traceBaseFor(m_clipId);
    for (const QString& suffix : {kTraceCsv, kTracePng}) {
        QFile::remove(exportPath + suffix); // the user agreed to replace the export and what goes with it
        QFile::copy(base + suffix, exportPath + suffix);
    }
}

void ClipShelf::rename(const HistoryEntry& entry, const QString& title)
{
    HistoryEntry renamed = entry;
    renamed.title = title;
    if (!m_history.add(renamed, QImage()))
        Q_EMIT errorRaised(tr("History"), tr("The clip could not be renamed."), m_history.error());
    reload();
}

void ClipShelf::askToDelete(const HistoryEntry& entry)
{
    auto* box = new QMessageBox(QMessageBox::Question, tr("Delete the clip?"),
                                tr("Delete this clip, its video and its settings from the history?"),
                                QMessageBox::NoButton, m_dialogParent);
    box->setObjectName(QStringLiteral("deleteClipBox"));
    box->setInformativeText(tr("Exports you made elsewhere are kept."));
    box->addButton(tr("&Delete"), QMessageBox::DestructiveRole)->setObjectName(QStringLiteral("deleteButton"));
    box->addButton(QMessageBox::Cancel);
    box->setAttribute(Qt::WA_DeleteOnClose);
    connect(box, &QMessageBox::buttonClicked, this, [this, box, entry](QAbstractButton* button) {
        if (box->buttonRole(button) == QMessageBox::DestructiveRole)
            remove(entry);
    });
    box->open();
}

void ClipShelf::remove(const HistoryEntry& entry)
{
    QFile::remove(traceBaseFor(entry.id) + kTraceCsv);
    QFile::remove(traceBaseFor(entry.id) + kTracePng);
    if (!entry.latentsPath.isEmpty()) // its kept latents go with it
        QFile::remove(entry.latentsPath);
    if (!m_history.remove(entry.id))
        Q_EMIT statusMessage(tr("The history entry %1 was already gone").arg(entry.id));
    if (entry.id == m_clipId) { // its clip leaves the player too: nothing deleted can still be exported
        m_clipId.clear();
        m_clip = {};
        m_clipRequest = {};
        if (!m_isRunInFlight)
            m_player->clear();
        Q_EMIT clipShown(0);
    }
    reload();
}

void ClipShelf::showInFolder(const HistoryEntry& entry)
{
    const QString path = entry.videoPath.isEmpty() ? m_history.clipsFolder() : QFileInfo(entry.videoPath).absolutePath();
    m_openFolder(path);
}
