#pragma once
// The clips the window holds: the one in the player (for File > Export) and the history of past
// clips. Finished runs are shown and recorded (their latents checkpoint, no longer needed, is
// removed); a history entry is reopened from its auto-saved video, renamed, deleted (after asking)
// or shown in its folder; exports and video reads run in the background (BackgroundTasks), never
// on the GUI thread. GUI thread only.
#include "framesmith/ExportOptions.h"
#include "framesmith/VideoFrames.h"
#include "ui/generation/GenerationMetaTypes.h"
#include "ui/history/HistoryStore.h"

#include <QObject>

#include <functional>

class AppSettings;
class BackgroundTasks;
class HistoryPanel;
class QAction;
class QDockWidget;
class QMainWindow;
class PreviewPlayer;
class QWidget;

class ClipShelf : public QObject {
    Q_OBJECT

public:
    // player and settings are not owned and must outlive the shelf; dialogParent parents dialogs.
    ClipShelf(PreviewPlayer* player, AppSettings& settings, QWidget* dialogParent, QObject* parent = nullptr);

    HistoryPanel* panel() const { return m_panel; }
    // The History dock around the panel, hidden until a first clip; toggle is View > History.
    QDockWidget* createDock(QMainWindow* window, QAction* toggle);
    HistoryStore& store() { return m_history; }
    void setRoot(const QString& root);
    void reload();
    // While a run is in flight the player belongs to it: history selections load parameters only.
    void setRunInFlight(bool isRunning) { m_isRunInFlight = isRunning; }
    // How "Show in folder" opens a folder (default: the desktop's file manager).
    void setFolderOpener(std::function<void(const QString& folder)> opener) { m_openFolder = std::move(opener); }

    bool hasClip() const { return m_clip.frameCount > 0; }
    // Shows a finished run in the player and records it under historyId.
    void addResult(const framesmith::GenerationResult& result, const QString& historyId, const QString& modelName);
    // Records a run that ended with latents kept but no clip (entry.latentsPath set); the player
    // keeps what it shows.
    void addKeptLatents(HistoryEntry entry);
    // <clips>/<id>: where a run's memory trace (.memory.csv, .memory.png) is kept with its clip.
    QString traceBaseFor(const QString& historyId) const;
    void open(const HistoryEntry& entry);
    void exportInteractively();
    void exportTo(const framesmith::ExportOptions& options, bool includeTrace = false);
    void rename(const HistoryEntry& entry, const QString& title);
    void askToDelete(const HistoryEntry& entry);
    void remove(const HistoryEntry& entry); // without asking
    void showInFolder(const HistoryEntry& entry);

Q_SIGNALS:
    void clipShown(int frameCount);
    void requestChosen(const HistoryEntry& entry); // a history entry was picked: load its settings
    void exportFinished(const QString& error);     // empty: written
    // "Regenerate": the entry's request with the preset it resolved to (every lever, dtype, tiles).
    void regenerateRequested(const framesmith::GenerationRequest& request);
    void decodeAgainRequested(const HistoryEntry& entry); // from the entry's context menu
    void resumeRequested(const HistoryEntry& entry);      // likewise, for a paused run
    void historyChanged();
    void statusMessage(const QString& text);
    void errorRaised(const QString& title, const QString& message, const QString& detail);

private:
    // Shows the clip; returns its frames as images (converted once, reused for the thumbnail).
    QVector<QImage> showClip(const framesmith::VideoFrames& frames, const framesmith::GenerationRequest& request,
                             const QString& historyId);
    void copyTrace(const QString& exportPath);

    PreviewPlayer* m_player;
    AppSettings& m_settings;
    QWidget* m_dialogParent;
    HistoryStore m_history;
    HistoryPanel* m_panel = nullptr;
    BackgroundTasks* m_tasks = nullptr;
    framesmith::VideoFrames m_clip;
    framesmith::GenerationRequest m_clipRequest;
    QString m_clipId; // the history id of the clip in the player; empty: none
    bool m_isRunInFlight = false;
    std::function<void(const QString&)> m_openFolder;
};
