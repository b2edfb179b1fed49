#include "ui/generation/RunPresenter.h"

#include "framesmith/Stage.h"
#include "framesmith/VramMonitor.h"
#include "ui/generation/GenerationController.h"
#include "ui/memory/MemoryGraphFeeder.h"
#include "widgets/PreviewPlayer.h"

#include <QLabel>
#include <QProgressBar>
#include <QStatusBar>

RunPresenter::RunPresenter(GenerationController* controller, PreviewPlayer* player, QStatusBar* statusBar,
                           framesmith::VramMonitor* monitor, QObject* parent)
    : QObject(parent), m_player(player), m_monitor(monitor)
{
    m_stageLabel = new QLabel(statusBar);
    m_stageLabel->setObjectName(QStringLiteral("runStageLabel"));
    m_progress = new QProgressBar(statusBar);
    m_progress->setObjectName(QStringLiteral("runProgressBar"));
    m_progress->setMaximumWidth(260);
    m_progress->setTextVisible(true);
    statusBar->addPermanentWidget(m_stageLabel);
    statusBar->addPermanentWidget(m_progress);
    m_stageLabel->hide();
    m_progress->hide();

    connect(controller, &GenerationController::started, this, &RunPresenter::onStarted);
    connect(controller, &GenerationController::stageStarted, this, &RunPresenter::onStageStarted);
    connect(controller, &GenerationController::graphMarkerRaised, this, [this](const QString& marker) {
        if (m_monitor)
            m_monitor->addMarker(marker.toStdString());
    });
    connect(controller, &GenerationController::stageProgress, this, &RunPresenter::onStageProgress);
    connect(controller, &GenerationController::stepFinished, this, &RunPresenter::onStepFinished);
    connect(controller, &GenerationController::previewReady, this, &RunPresenter::onPreviewReady);
    connect(controller, &GenerationController::finished, this, &RunPresenter::onEnded);
    connect(controller, &GenerationController::failed, this, &RunPresenter::onEndedWithoutClip);
    connect(controller, &GenerationController::cancelled, this, &RunPresenter::onEndedWithoutClip);
    connect(controller, &GenerationController::paused, this, &RunPresenter::onEndedWithoutClip); // no frozen "Step 6/20"
}

QString RunPresenter::stageText(int stage)
{
    switch (static_cast<framesmith::Stage>(stage)) {
    case framesmith::Stage::Loading: return tr("Loading the model");
    case framesmith::Stage::TextEncoding: return tr("Encoding the prompt");
    case framesmith::Stage::Denoising: return tr("Denoising");
    case framesmith::Stage::VaeDecoding: return tr("Decoding frames");
    case framesmith::Stage::Exporting: return tr("Saving the clip");
    default: return tr("Working");
    }
}

QString RunPresenter::durationText(double seconds)
{
    const int s = qMax(0, qRound(seconds));
    return s >= 60 ? tr("%1 min %2 s").arg(s / 60).arg(s % 60, 2, 10, QLatin1Char('0')) : tr("%1 s").arg(s);
}

QString RunPresenter::progressText() const
{
    return m_stageLabel->text() + QLatin1Char(' ') + m_progress->text();
}

void RunPresenter::onStarted()
{
    m_stage = 0;
    m_stepCount = 0;
    m_previewCount = 0;
    m_stageLabel->setText(tr("Starting…"));
    m_progress->setRange(0, 0); // busy until the first step reports its count
    m_progress->setFormat(QString());
    m_stageLabel->show();
    m_progress->show();
    m_previousFrames = m_player->frames();
    m_previousFps = m_player->fps();
    m_player->setForming(true);
    m_player->setFormingText(tr("Starting…"));
}

void RunPresenter::onStageStarted(int stage, const QString& detail)
{
    // The stage under way starting again is a component swapped in mid-stage (an expert taking
    // over): the backend's detail begins with that component's name.
    const bool isSwap = stage == m_stage;
    m_stage = stage;
    m_stageLabel->setText(stageText(stage));
    m_stageLabel->setToolTip(detail);
    // The marker's label is the backend's stable stage name: markers are data, not prose.
    if (m_monitor)
        m_monitor->addMarker(isSwap ? MemoryGraphFeeder::swapMarker(stage, detail.section(QLatin1Char(' '), 0, 0))
                                    : framesmith::stageName(static_cast<framesmith::Stage>(stage)));
    if (static_cast<framesmith::Stage>(stage) != framesmith::Stage::Denoising) {
        m_progress->setRange(0, 0);
        m_progress->setFormat(QString());
    }
}

void RunPresenter::onStageProgress(int stage, int done, int total)
{
    if (stage != m_stage || total <= 0)
        return;
    m_progress->setRange(0, total);
    m_progress->setValue(done);
    // The decoder reports after each tile's frame batch: "part" covers tiles and batches alike.
    m_progress->setFormat(tr("Part %1 of %2").arg(done).arg(total));
    m_progress->setToolTip(tr("The decoder works through the clip in %n part(s): tiles of the picture and "
                              "batches of frames", nullptr, total));
    if (static_cast<framesmith::Stage>(stage) == framesmith::Stage::VaeDecoding)
        m_player->setFormingText(tr("Decoding: part %1 of %2").arg(done).arg(total));
}

void RunPresenter::onStepFinished(int step, int stepCount, double seconds, double etaSeconds)
{
    m_stepCount = stepCount;
    m_progress->setRange(0, stepCount);
    m_progress->setValue(step);
    m_progress->setFormat(tr("Step %1/%2 · ETA %3").arg(step).arg(stepCount).arg(durationText(etaSeconds)));
    m_progress->setToolTip(tr("Last step took %1").arg(durationText(seconds)));
    m_player->setFormingText(tr("Step %1/%2").arg(step).arg(stepCount));
}

void RunPresenter::onPreviewReady(int step, const QVector<QImage>& frames)
{
    ++m_previewCount;
    m_player->setPreviewFrames(frames);
    if (m_stepCount > 0)
        m_player->setFormingText(tr("Step %1/%2").arg(step).arg(m_stepCount));
}

void RunPresenter::onEnded()
{
    if (m_monitor)
        m_monitor->addMarker(MemoryGraphFeeder::kRunEndMarker); // the last stage band closes here
    m_stageLabel->hide();
    m_progress->hide();
    m_player->setForming(false);
    m_previousFrames.clear();
}

void RunPresenter::onEndedWithoutClip()
{
    // No new clip: the one the user had before comes back instead of the last noisy preview.
    if (m_previewCount > 0 || m_player->frameCount() == 0)
        m_player->setFrames(m_previousFrames, m_previousFps);
    onEnded();
}
