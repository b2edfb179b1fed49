#include "widgets/PreviewPlayer.h"

#include <QCheckBox>
#include <QEvent>
#include <QDoubleSpinBox>
#include <QHBoxLayout>
#include <QKeyEvent>
#include <QLabel>
#include <QSignalBlocker>
#include <QSlider>
#include <QStyle>
#include <QToolButton>
#include <QVBoxLayout>

#include <algorithm>
#include <cmath>

PreviewPlayer::PreviewPlayer(QWidget* parent) : QWidget(parent), m_canvas(new PreviewPlayerCanvas(this))
{
    setFocusPolicy(Qt::StrongFocus);
    m_timer.setSingleShot(true);
    m_timer.setTimerType(Qt::PreciseTimer);
    connect(&m_timer, &QTimer::timeout, this, &PreviewPlayer::onTimerTick);
    buildControls();
    updateControls();
}

static QToolButton* toolButton(QWidget* parent, QStyle::StandardPixmap icon)
{
    auto* button = new QToolButton(parent);
    button->setIcon(parent->style()->standardIcon(icon));
    button->setFocusPolicy(Qt::NoFocus); // keys go to the player
    return button;
}

void PreviewPlayer::buildControls()
{
    m_backButton = toolButton(this, QStyle::SP_MediaSeekBackward);
    m_playButton = toolButton(this, QStyle::SP_MediaPlay);
    m_forwardButton = toolButton(this, QStyle::SP_MediaSeekForward);
    m_slider = new QSlider(Qt::Horizontal, this);
    m_slider->setObjectName(QStringLiteral("scrubSlider"));
    m_slider->setFocusPolicy(Qt::NoFocus); // arrow keys belong to the player: exact frame steps
    m_slider->setMinimumWidth(kMinimumSliderWidth);
    m_positionLabel = new QLabel(this);
    m_positionLabel->setSizePolicy(QSizePolicy::Ignored, QSizePolicy::Preferred); // elided by width, never pushes
    m_fpsBox = new QDoubleSpinBox(this);
    m_fpsBox->setRange(1, 120);
    m_fpsBox->setDecimals(2);
    m_fpsBox->setValue(m_fps);
    m_loopBox = new QCheckBox(this);
    m_loopBox->setChecked(m_isLooping);
    m_zoomButton = new QToolButton(this);
    m_zoomButton->setCheckable(true);

    // The scrub slider has a row of its own: it keeps the player's whole width however narrow the
    // dock beside it leaves the player.
    auto* controls = new QHBoxLayout;
    for (QWidget* w : std::initializer_list<QWidget*>{m_backButton, m_playButton, m_forwardButton, m_positionLabel,
                                                      m_fpsBox, m_loopBox, m_zoomButton})
        controls->addWidget(w);
    controls->setStretchFactor(m_positionLabel, 1);
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(m_canvas, 1);
    layout->addWidget(m_slider);
    layout->addLayout(controls);

    connect(m_backButton, &QToolButton::clicked, this, &PreviewPlayer::stepBackward);
    connect(m_forwardButton, &QToolButton::clicked, this, &PreviewPlayer::stepForward);
    connect(m_playButton, &QToolButton::clicked, this, &PreviewPlayer::togglePlayback);
    connect(m_slider, &QSlider::valueChanged, this, &PreviewPlayer::onSliderMoved);
    connect(m_fpsBox, &QDoubleSpinBox::valueChanged, this, &PreviewPlayer::setFps);
    connect(m_loopBox, &QCheckBox::toggled, this, &PreviewPlayer::setLooping);
    connect(m_zoomButton, &QToolButton::toggled, this,
            [this](bool isActual) { setZoomMode(isActual ? ZoomMode::Actual : ZoomMode::Fit); });
    retranslate();
}

void PreviewPlayer::retranslate()
{
    m_backButton->setToolTip(tr("Previous frame (Left)"));
    m_playButton->setToolTip(tr("Play/pause (Space)"));
    m_forwardButton->setToolTip(tr("Next frame (Right)"));
    m_fpsBox->setSuffix(tr(" fps"));
    m_loopBox->setText(tr("Loop"));
    m_zoomButton->setText(tr("100 %"));
    m_zoomButton->setToolTip(tr("Show pixels 1:1 instead of fitting the view"));
    if (m_isForming)
        setForming(true); // the overlay's default text
    updateControls();
}

void PreviewPlayer::changeEvent(QEvent* event)
{
    if (event->type() == QEvent::LanguageChange && m_slider)
        retranslate();
    QWidget::changeEvent(event);
}

void PreviewPlayer::setFrames(const QVector<QImage>& frames, double fps)
{
    pause();
    m_frames = frames;
    m_isForming = false;
    m_canvas->setOverlayText({});
    if (fps > 0)
        setFps(fps);
    m_currentFrame = -1; // force showFrame to repaint and signal
    showFrame(0);
}

void PreviewPlayer::setPreviewFrames(const QVector<QImage>& frames)
{
    m_frames = frames;
    setForming(true);
    const int index = std::clamp(m_currentFrame, 0, std::max(0, frameCount() - 1));
    m_currentFrame = -1;
    showFrame(index);
    if (m_isPlaying)
        restartClock();
}

void PreviewPlayer::setFormingText(const QString& text)
{
    m_formingText = text;
    if (m_isForming)
        m_canvas->setOverlayText(m_formingText.isEmpty() ? tr("Forming…") : m_formingText);
}

void PreviewPlayer::setForming(bool isForming)
{
    m_isForming = isForming;
    m_canvas->setOverlayText(!isForming ? QString() : m_formingText.isEmpty() ? tr("Forming…") : m_formingText);
}

void PreviewPlayer::clear() { setFrames({}); }

QImage PreviewPlayer::currentImage() const
{
    return m_currentFrame >= 0 && m_currentFrame < frameCount() ? m_frames[m_currentFrame] : QImage();
}

QString PreviewPlayer::positionText() const
{
    if (m_frames.isEmpty())
        return tr("no frames");
    return tr("%1 / %2  ·  %3 s / %4 s")
        .arg(m_currentFrame + 1)
        .arg(frameCount())
        .arg(currentTimeSeconds(), 0, 'f', 3)
        .arg(frameCount() / m_fps, 0, 'f', 3);
}

void PreviewPlayer::showFrame(int index)
{
    const bool isNew = index != m_currentFrame;
    m_currentFrame = index;
    m_canvas->setImage(currentImage());
    updateControls();
    if (isNew)
        Q_EMIT currentFrameChanged(index);
}

void PreviewPlayer::updateControls()
{
    const QSignalBlocker blocker(m_slider);
    m_slider->setRange(0, std::max(0, frameCount() - 1));
    m_slider->setValue(std::max(0, m_currentFrame));
    m_slider->setEnabled(frameCount() > 1);
    // Compact in the row (frame and time); the tooltip has the whole clip's length too.
    m_positionLabel->setText(m_frames.isEmpty() ? positionText()
                                                : tr("%1 / %2 · %3 s")
                                                      .arg(m_currentFrame + 1)
                                                      .arg(frameCount())
                                                      .arg(currentTimeSeconds(), 0, 'f', 2));
    m_positionLabel->setToolTip(positionText());
    m_playButton->setIcon(style()->standardIcon(m_isPlaying ? QStyle::SP_MediaPause : QStyle::SP_MediaPlay));
}

void PreviewPlayer::play()
{
    if (m_isPlaying || frameCount() == 0)
        return;
    if (!m_isLooping && m_currentFrame >= frameCount() - 1)
        showFrame(0); // replay from the start, as players do
    m_isPlaying = true;
    restartClock();
    updateControls();
    Q_EMIT playingChanged(true);
}

void PreviewPlayer::pause()
{
    m_timer.stop();
    if (!m_isPlaying)
        return;
    m_isPlaying = false;
    updateControls();
    Q_EMIT playingChanged(false);
}

void PreviewPlayer::togglePlayback() { m_isPlaying ? pause() : play(); }

void PreviewPlayer::setCurrentFrame(int index)
{
    if (m_frames.isEmpty())
        return;
    showFrame(std::clamp(index, 0, frameCount() - 1));
    if (m_isPlaying)
        restartClock();
}

void PreviewPlayer::stepForward()
{
    pause();
    setCurrentFrame(m_currentFrame + 1);
}

void PreviewPlayer::stepBackward()
{
    pause();
    setCurrentFrame(m_currentFrame - 1);
}

void PreviewPlayer::setFps(double fps)
{
    fps = std::clamp(fps, m_fpsBox->minimum(), m_fpsBox->maximum());
    if (fps == m_fps)
        return;
    m_fps = fps;
    const QSignalBlocker blocker(m_fpsBox);
    m_fpsBox->setValue(fps);
    updateControls();
    if (m_isPlaying)
        restartClock();
    Q_EMIT fpsChanged(fps);
}

void PreviewPlayer::setLooping(bool isLooping)
{
    m_isLooping = isLooping;
    const QSignalBlocker blocker(m_loopBox);
    m_loopBox->setChecked(isLooping);
}

void PreviewPlayer::setZoomMode(PreviewPlayer::ZoomMode mode)
{
    m_canvas->setZoomMode(mode);
    const QSignalBlocker blocker(m_zoomButton);
    m_zoomButton->setChecked(mode == ZoomMode::Actual);
}

void PreviewPlayer::restartClock()
{
    m_clock.start();
    m_clockStartFrame = m_currentFrame;
    m_clockTicks = 0;
    m_timer.start(static_cast<int>(std::ceil(1000.0 / m_fps)));
}

void PreviewPlayer::onTimerTick()
{
    // Which frame is due is a function of elapsed time, so playback keeps the set rate even when
    // the event loop is late; the next tick is aimed at the next frame boundary.
    const double elapsedSeconds = m_clock.nsecsElapsed() / 1e9;
    const qint64 due = static_cast<qint64>(std::floor(elapsedSeconds * m_fps));
    if (due > m_clockTicks) {
        m_clockTicks = due;
        const qint64 target = m_clockStartFrame + due;
        if (target >= frameCount() && !m_isLooping) {
            showFrame(frameCount() - 1);
            pause();
            Q_EMIT playbackFinished();
            return;
        }
        showFrame(static_cast<int>(target % frameCount()));
    }
    const double nextSeconds = (m_clockTicks + 1) / m_fps;
    m_timer.start(std::max(0, static_cast<int>(std::ceil((nextSeconds - elapsedSeconds) * 1000))));
}

void PreviewPlayer::onSliderMoved(int value) { setCurrentFrame(value); }

void PreviewPlayer::keyPressEvent(QKeyEvent* event)
{
    switch (event->key()) {
    case Qt::Key_Left: stepBackward(); break;
    case Qt::Key_Right: stepForward(); break;
    case Qt::Key_Space: togglePlayback(); break;
    case Qt::Key_Home: setCurrentFrame(0); break;
    case Qt::Key_End: setCurrentFrame(frameCount() - 1); break;
    default: QWidget::keyPressEvent(event); return;
    }
    event->accept();
}
