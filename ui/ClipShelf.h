#pragma once
// The clips the window holds: the one in the player (for File > Export) and the history of past
// clips. Finished runs are shown and recorded; a history entry is reopened from its auto-saved
// video; exports and video reads run in the background (BackgroundTasks), never on the GUI
// thread. GUI thread only.
#include "framesmith/ExportOptions.h"
#include "ui/GenerationMetaTypes.h"
#include "framesmith/VideoFrames.h"
#include "ui/HistoryStore.h"

#include <QObject>

class BackgroundTasks;
class HistoryPanel;
class PreviewPlayer;
class QWidget;

class ClipShelf : public QObject {
    Q_OBJECT

public:
    // player is not owned and must outlive the shelf; dialogParent parents the file dialog.
    ClipShelf(PreviewPlayer* player, QWidget* dialogParent, QObject* parent = nullptr);

    HistoryPanel* panel() const { return m_panel; }
    HistoryStore& store() { return m_history; }
    void setRoot(const QString& root);
    void reload();
    // While a run is in flight the player belongs to it: history selections load parameters only.
    void setRunInFlight(bool isRunning) { m_isRunInFlight = isRunning; }

    bool hasClip() const { return m_clip.frameCount > 0; }
    // Shows a finished run in the player and records it under historyId.
    void addResult(const framesmith::GenerationResult& result, const QString& historyId, const QString& modelName);
    void open(const HistoryEntry& entry);
    void exportInteractively();
    void exportTo(const framesmith::ExportOptions& options);

Q_SIGNALS:
    void clipShown(int frameCount);
    void requestChosen(const framesmith::GenerationRequest& request); // a history entry was selected
    // "Regenerate": the entry's request with the preset it resolved to (every lever, dtype, tiles).
    void regenerateRequested(const framesmith::GenerationRequest& request);
    void exportFinished(const QString& error);                          // empty: written
    void historyChanged();
    void statusMessage(const QString& text);
    void errorRaised(const QString& title, const QString& message, const QString& detail);

private:
    // Shows the clip; returns its frames as images (converted once, reused for the thumbnail).
    QVector<QImage> showClip(const framesmith::VideoFrames& frames, const framesmith::GenerationRequest& request);

    PreviewPlayer* m_player;
    QWidget* m_dialogParent;
    HistoryStore m_history;
    HistoryPanel* m_panel = nullptr;
    BackgroundTasks* m_tasks = nullptr;
    framesmith::VideoFrames m_clip;
    framesmith::GenerationRequest m_clipRequest;
    bool m_isRunInFlight = false;
};
