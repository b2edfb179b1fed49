#pragma once
// A frame-accurate player for clips held in memory as QImages: play/pause, loop, scrub slider,
// frame stepping (Left/Right), fps, fit/100 % zoom, frame index and time. It knows nothing of
// files or the backend: the app decodes exports and hands over QImages. While a clip is forming,
// setPreviewFrames() swaps in the latest per-step preview without moving the playhead.
// GUI thread only. Playback is clocked (QElapsedTimer): late timer ticks skip frames, they never
// slow the clip down.
#include "widgets/PreviewPlayerCanvas.h"

#include <QElapsedTimer>
#include <QImage>
#include <QTimer>
#include <QVector>
#include <QWidget>

class QCheckBox;
class QDoubleSpinBox;
class QLabel;
class QSlider;
class QToolButton;

class PreviewPlayer : public QWidget {
    Q_OBJECT

public:
    using ZoomMode = PreviewPlayerCanvas::ZoomMode;
    static constexpr double kDefaultFps = 8;
    static constexpr int kMinimumSliderWidth = 160;

    explicit PreviewPlayer(QWidget* parent = nullptr);

    // A finished clip: playhead to frame 0, "forming" overlay off. fps <= 0 keeps the current rate.
    void setFrames(const QVector<QImage>& frames, double fps = 0);
    // The latest preview of a clip still forming: the playhead stays (clamped), overlay on.
    void setPreviewFrames(const QVector<QImage>& frames);
    void setFormingText(const QString& text); // e.g. "Forming… step 12/50"; shown while forming
    void setForming(bool isForming);
    void clear();

    int frameCount() const { return m_frames.size(); }
    QVector<QImage> frames() const { return m_frames; } // implicitly shared: cheap
    int currentFrame() const { return m_currentFrame; }
    QImage currentImage() const;
    double fps() const { return m_fps; }
    double currentTimeSeconds() const { return m_currentFrame / m_fps; }
    bool isPlaying() const { return m_isPlaying; }
    bool isLooping() const { return m_isLooping; }
    bool isForming() const { return m_isForming; }
    ZoomMode zoomMode() const { return m_canvas->zoomMode(); }
    QString positionText() const; // "13 / 49  ·  1.500 s / 6.125 s"

    PreviewPlayerCanvas* canvas() const { return m_canvas; }
    QSlider* slider() const { return m_slider; }

public Q_SLOTS:
    void play();
    void pause();
    void togglePlayback();
    void setCurrentFrame(int index);
    void stepForward();
    void stepBackward();
    void setFps(double fps);
    void setLooping(bool isLooping);
    void setZoomMode(PreviewPlayer::ZoomMode mode);

Q_SIGNALS:
    void currentFrameChanged(int index);
    void playingChanged(bool isPlaying);
    void fpsChanged(double fps);
    void playbackFinished(); // reached the last frame with looping off

protected:
    void keyPressEvent(QKeyEvent* event) override;
    void changeEvent(QEvent* event) override;

private:
    void buildControls();
    void retranslate();
    void showFrame(int index);
    void restartClock();
    void onTimerTick();
    void onSliderMoved(int value);
    void updateControls();

    QVector<QImage> m_frames;
    int m_currentFrame = 0;
    double m_fps = kDefaultFps;
    bool m_isPlaying = false;
    bool m_isLooping = true;
    bool m_isForming = false;
    QString m_formingText;
    QTimer m_timer;
    QElapsedTimer m_clock;
    int m_clockStartFrame = 0;
    qint64 m_clockTicks = 0; // frames advanced since the clock started

    PreviewPlayerCanvas* m_canvas = nullptr;
    QToolButton* m_backButton = nullptr;
    QToolButton* m_playButton = nullptr;
    QToolButton* m_forwardButton = nullptr;
    QSlider* m_slider = nullptr;
    QLabel* m_positionLabel = nullptr;
    QDoubleSpinBox* m_fpsBox = nullptr;
    QCheckBox* m_loopBox = nullptr;
    QToolButton* m_zoomButton = nullptr;
};
