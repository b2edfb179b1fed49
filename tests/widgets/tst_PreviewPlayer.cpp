// PreviewPlayer: playback follows the set fps, scrubbing and stepping land on exact frames,
// looping wraps, no-loop stops at the end, and live previews keep the playhead.
#include "widgets/PreviewPlayer.h"
#include "support/TestRegistry.h"

#include <QElapsedTimer>
#include <QSignalSpy>
#include <QSlider>
#include <QTest>

namespace tst_PreviewPlayer {

class tst_PreviewPlayer : public QObject {
    Q_OBJECT

private:
    // Frame i is a flat colour that encodes i, so the shown image identifies the frame.
    static QVector<QImage> numberedFrames(int count, int shade = 0)
    {
        QVector<QImage> frames;
        for (int i = 0; i < count; ++i) {
            QImage image(64, 48, QImage::Format_RGB32);
            image.fill(QColor(i * 5 % 256, shade, 255 - i % 256));
            frames << image;
        }
        return frames;
    }

    static int shownIndex(const PreviewPlayer& player)
    {
        const QImage image = player.canvas()->image();
        return image.isNull() ? -1 : qRed(image.pixel(0, 0)) / 5;
    }

private Q_SLOTS:
    void showsTheFirstFrameOfANewClip()
    {
        PreviewPlayer player;
        player.setFrames(numberedFrames(12), 16);
        QCOMPARE(player.frameCount(), 12);
        QCOMPARE(player.currentFrame(), 0);
        QCOMPARE(shownIndex(player), 0);
        QCOMPARE(player.fps(), 16.0);
        QVERIFY(!player.isForming());
    }

    void timerAdvancesFramesAtTheSetFps()
    {
        PreviewPlayer player;
        player.setFrames(numberedFrames(200), 25);
        QSignalSpy frames(&player, &PreviewPlayer::currentFrameChanged);
        QElapsedTimer clock;
        clock.start();
        player.play();
        QTest::qWait(800);
        const double expected = clock.nsecsElapsed() / 1e9 * 25;
        player.pause();
        const int advanced = player.currentFrame();
        // Clocked playback can never run ahead; on a loaded machine it may show fewer ticks
        // (skipping frames) but the position still follows elapsed time.
        QVERIFY2(advanced <= expected + 1, qPrintable(QString("%1 frames in %2 frame times").arg(advanced).arg(expected)));
        QVERIFY2(advanced >= expected * 0.7 - 1, qPrintable(QString("%1 frames in %2 frame times").arg(advanced).arg(expected)));
        QCOMPARE(shownIndex(player), advanced);
        QVERIFY(frames.count() >= 1);
    }

    void doublingTheFpsDoublesTheRate()
    {
        PreviewPlayer player;
        player.setFrames(numberedFrames(200), 10);
        player.play();
        QTest::qWait(600);
        const int slow = player.currentFrame();
        player.setCurrentFrame(0);
        player.setFps(20);
        QTest::qWait(600);
        const int fast = player.currentFrame();
        QVERIFY2(fast >= slow * 1.5 && fast <= slow * 2.5 + 2, qPrintable(QString("%1 vs %2").arg(slow).arg(fast)));
    }

    void scrubLandsOnTheExactFrame()
    {
        PreviewPlayer player;
        player.setFrames(numberedFrames(40), 8);
        player.slider()->setValue(17);
        QCOMPARE(player.currentFrame(), 17);
        QCOMPARE(shownIndex(player), 17);
        QCOMPARE(player.currentTimeSeconds(), 17 / 8.0);
        QVERIFY2(player.positionText().startsWith("18 / 40"), qPrintable(player.positionText()));
        player.setCurrentFrame(400);
        QCOMPARE(player.currentFrame(), 39);
        QCOMPARE(player.slider()->value(), 39);
    }

    void arrowKeysStepOneFrameAndPause()
    {
        PreviewPlayer player;
        player.setFrames(numberedFrames(5), 8);
        player.play();
        QTest::keyClick(&player, Qt::Key_Right);
        QVERIFY(!player.isPlaying());
        const int start = player.currentFrame();
        QTest::keyClick(&player, Qt::Key_Right);
        QCOMPARE(player.currentFrame(), std::min(start + 1, 4));
        player.setCurrentFrame(2);
        QTest::keyClick(&player, Qt::Key_Left);
        QCOMPARE(player.currentFrame(), 1);
        QCOMPARE(shownIndex(player), 1);
        QTest::keyClick(&player, Qt::Key_Left);
        QTest::keyClick(&player, Qt::Key_Left);
        QCOMPARE(player.currentFrame(), 0); // no wrap when stepping
        QTest::keyClick(&player, Qt::Key_End);
        QTest::keyClick(&player, Qt::Key_Right);
        QCOMPARE(player.currentFrame(), 4);
    }

    void loopWrapsToTheFirstFrame()
    {
        PreviewPlayer player;
        player.setFrames(numberedFrames(6), 50);
        player.setLooping(true);
        player.setCurrentFrame(4);
        QSignalSpy frames(&player, &PreviewPlayer::currentFrameChanged);
        player.play();
        QTRY_VERIFY_WITH_TIMEOUT(frames.count() >= 3, 3000);
        player.pause();
        QList<int> seen;
        for (const auto& args : frames)
            seen << args.at(0).toInt();
        QVERIFY2(seen.contains(0), "playback must wrap from the last frame to the first");
        QVERIFY(player.isLooping());
    }

    void noLoopStopsOnTheLastFrame()
    {
        PreviewPlayer player;
        player.setFrames(numberedFrames(8), 50);
        player.setLooping(false);
        player.setCurrentFrame(5);
        QSignalSpy finished(&player, &PreviewPlayer::playbackFinished);
        QSignalSpy playing(&player, &PreviewPlayer::playingChanged);
        player.play();
        QTRY_VERIFY_WITH_TIMEOUT(!player.isPlaying(), 3000);
        QCOMPARE(player.currentFrame(), 7);
        QCOMPARE(shownIndex(player), 7);
        QCOMPARE(finished.count(), 1);
        QCOMPARE(playing.count(), 2); // started, stopped
        player.play(); // at the end without looping: replay from the start
        QCOMPARE(player.currentFrame(), 0);
    }

    void previewFramesKeepThePlayheadAndShowForming()
    {
        PreviewPlayer player;
        player.setFrames(numberedFrames(10), 8);
        player.setCurrentFrame(6);
        player.setFormingText("Forming… step 12/50");
        player.setPreviewFrames(numberedFrames(10, 99));
        QCOMPARE(player.currentFrame(), 6);
        QCOMPARE(qGreen(player.canvas()->image().pixel(0, 0)), 99); // the new preview is shown
        QVERIFY(player.isForming());
        QCOMPARE(player.canvas()->overlayText(), QString("Forming… step 12/50"));
        player.setPreviewFrames(numberedFrames(4, 99));
        QCOMPARE(player.currentFrame(), 3); // clamped to the shorter preview
        player.setFrames(numberedFrames(10));
        QVERIFY(!player.isForming());
        QVERIFY(player.canvas()->overlayText().isEmpty());
        QCOMPARE(player.currentFrame(), 0);
    }

    void zoomFitsOrShowsPixelsOneToOne()
    {
        PreviewPlayer player;
        player.resize(640, 480);
        player.setFrames(numberedFrames(2), 8);
        player.show();
        QVERIFY(QTest::qWaitForWindowExposed(&player));
        QCOMPARE(player.zoomMode(), PreviewPlayer::ZoomMode::Fit);
        const QRect fit = player.canvas()->imageRect();
        QVERIFY(fit.width() > 64 && fit.height() > 48);
        QVERIFY(std::abs(fit.width() * 48 - fit.height() * 64) <= 64); // aspect kept within a pixel
        player.setZoomMode(PreviewPlayer::ZoomMode::Actual);
        QCOMPARE(player.canvas()->imageRect().size(), QSize(64, 48));
        const QImage grab = player.canvas()->grab().toImage();
        const QPoint centre = player.canvas()->imageRect().center();
        QCOMPARE(QColor(grab.pixel(centre)), QColor(0, 0, 255)); // frame 0 painted, not blank
    }

    void fpsControlDrivesTheRate()
    {
        PreviewPlayer player;
        QSignalSpy changed(&player, &PreviewPlayer::fpsChanged);
        player.setFps(12);
        QCOMPARE(player.fps(), 12.0);
        QCOMPARE(changed.count(), 1);
        player.setFps(1000);
        QCOMPARE(player.fps(), 120.0); // clamped to the control's range
    }
};

FRAMESMITH_TEST_MAIN(tst_PreviewPlayer)

} // namespace tst_PreviewPlayer
#include "tst_PreviewPlayer.moc"
