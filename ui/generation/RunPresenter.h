#pragma once
// Shows a generation as it happens: stage text, a step i/N progress bar with ETA in the status
// bar (the decoder's tiles and frame batches as "part i of N"), the forming clip in the player,
// and a stage marker in the memory graph for every stage start. A run that fails or is cancelled
// gives the player back the clip it showed before. Listens to the GenerationController; owns no
// state of the run itself. GUI thread only.
#include <QImage>
#include <QObject>
#include <QString>
#include <QVector>

class GenerationController;
class PreviewPlayer;
class QLabel;
class QProgressBar;
class QStatusBar;
namespace framesmith {
class VramMonitor;
}

class RunPresenter : public QObject {
    Q_OBJECT

public:
    // None is owned; all must outlive the presenter. The widgets go into statusBar.
    RunPresenter(GenerationController* controller, PreviewPlayer* player, QStatusBar* statusBar,
                 framesmith::VramMonitor* monitor, QObject* parent = nullptr);

    static QString stageText(int stage); // translated name of a framesmith::Stage
    QString progressText() const;        // what the status bar shows now, for tests
    QProgressBar* progressBar() const { return m_progress; }
    int previewCount() const { return m_previewCount; }

private:
    void onStarted();
    void onStageStarted(int stage, const QString& detail);
    void onStageProgress(int stage, int done, int total);
    void onStepFinished(int step, int stepCount, double seconds, double etaSeconds);
    void onPreviewReady(int step, const QVector<QImage>& frames);
    void onEnded();
    void onEndedWithoutClip();
    static QString durationText(double seconds);

    PreviewPlayer* m_player;
    framesmith::VramMonitor* m_monitor;
    QProgressBar* m_progress = nullptr;
    QLabel* m_stageLabel = nullptr;
    int m_stage = 0;
    int m_stepCount = 0;
    int m_previewCount = 0;
    QVector<QImage> m_previousFrames; // what the player showed before the run
    double m_previousFps = 0;
};
