#include "ui/ClipShelf.h"

#include "framesmith/VideoExport.h"
#include "ui/BackgroundTasks.h"
#include "ui/ClipFrames.h"
#include "ui/ExportChooser.h"
#include "ui/HistoryPanel.h"
#include "widgets/PreviewPlayer.h"

#include <QDir>
#include <QFileInfo>

#include <memory>

ClipShelf::ClipShelf(PreviewPlayer* player, QWidget* dialogParent, QObject* parent)
    : QObject(parent), m_player(player), m_dialogParent(dialogParent), m_history(HistoryStore::defaultRoot())
{
    m_panel = new HistoryPanel(dialogParent);
    m_tasks = new BackgroundTasks(this);
    connect(m_panel, &HistoryPanel::entrySelected, this, &ClipShelf::open);
    connect(m_panel, &HistoryPanel::regenerateRequested, this,
            [this](const HistoryEntry& entry) { Q_EMIT regenerateRequested(entry.request); });
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

QVector<QImage> ClipShelf::showClip(const framesmith::VideoFrames& frames, const framesmith::GenerationRequest& request)
{
    m_clip = frames;
    m_clipRequest = request;
    const QVector<QImage> images = ClipFrames::toImages(m_clip); // the one conversion of the clip
    m_player->setFrames(images, m_clip.fps);
    Q_EMIT clipShown(m_clip.frameCount);
    return images;
}

void ClipShelf::addResult(const framesmith::GenerationResult& result, const QString& historyId, const QString& modelName)
{
    const QVector<QImage> images = showClip(result.clip, result.request);
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
    reload();
    const QSignalBlocker blocker(m_panel);
    m_panel->select(0);
}

void ClipShelf::open(const HistoryEntry& entry)
{
    Q_EMIT requestChosen(entry.request);
    if (m_isRunInFlight)
        return;
    const QString path = entry.videoPath;
    if (path.isEmpty() || !QFileInfo::exists(path)) {
        Q_EMIT statusMessage(tr("Parameters loaded; the clip's video is missing: %1").arg(path));
        return;
    }
    auto frames = std::make_shared<framesmith::VideoFrames>();
    const framesmith::GenerationRequest request = entry.request;
    m_tasks->run([frames, path] { *frames = framesmith::readVideo(path.toStdString()); },
                 [this, frames, request, path](const QString& error) {
                     if (!error.isEmpty()) {
                         Q_EMIT errorRaised(tr("History"), tr("The clip's video could not be read."), error);
                         return;
                     }
                     if (m_isRunInFlight)
                         return;
                     showClip(*frames, request);
                     Q_EMIT statusMessage(tr("Opened %1").arg(QDir::toNativeSeparators(path)));
                 });
}

void ClipShelf::exportInteractively()
{
    if (!hasClip()) {
        Q_EMIT statusMessage(tr("There is no clip to export yet"));
        return;
    }
    const QString suggested = QDir::home().filePath(QStringLiteral("framesmith-%1").arg(m_clipRequest.seed));
    if (const auto options = ExportChooser::ask(m_dialogParent, suggested))
        exportTo(*options);
}

void ClipShelf::exportTo(const framesmith::ExportOptions& chosen)
{
    framesmith::ExportOptions options = chosen;
    options.request = m_clipRequest;
    const framesmith::VideoFrames frames = m_clip;
    const QString path = QString::fromStdString(options.path);
    Q_EMIT statusMessage(tr("Exporting %1…").arg(QDir::toNativeSeparators(path)));
    m_tasks->run([frames, options] { framesmith::exportVideo(frames, options); },
                 [this, path](const QString& error) {
                     if (error.isEmpty())
                         Q_EMIT statusMessage(tr("Exported %1").arg(QDir::toNativeSeparators(path)));
                     else
                         Q_EMIT errorRaised(tr("Export failed"), tr("The clip could not be exported."), error);
                     Q_EMIT exportFinished(error);
                 });
}
