// `framesmith-cli export`: a frames tensor on disk becomes a video with its request recorded,
// and bad input exits with the bad-input code and a message naming the problem.
#include "support/CliRun.h"
#include "support/TestPaths.h"

#include "export/FfmpegVideoReader.h"
#include "export/TensorFrames.h"
#include "io/SafetensorsWriter.h"

#include "framesmith/Error.h"
#include "support/TestRegistry.h"

#include <ATen/ATen.h>
#include <QTemporaryDir>
#include <QTest>

namespace tst_ExportCommand {

using namespace framesmith;

class tst_ExportCommand : public QObject {
    Q_OBJECT

private:
    QTemporaryDir m_dir;

    QString path(const char* name) const { return m_dir.path() + "/" + name; }

    // [frames, 3, height, width]: a ramp per channel that moves with the frame index.
    static at::Tensor rampFrames(int frames, int height, int width)
    {
        auto x = at::linspace(0, 1, width).view({1, 1, 1, width});
        auto y = at::linspace(0, 1, height).view({1, 1, height, 1});
        auto f = at::arange(frames, at::kFloat).view({frames, 1, 1, 1}) / frames;
        return at::cat({x.expand({frames, 1, height, width}), y.expand({frames, 1, height, width}),
                        f.expand({frames, 1, height, width})}, 1).contiguous();
    }

private Q_SLOTS:
    void convertsTensorToRgbBytes()
    {
        at::Tensor frames = at::zeros({2, 3, 4, 5});
        frames[1][0][3][4] = 1.0;   // red at the bottom-right of frame 1
        frames[1][2][0][0] = 2.0;   // clamped to 255
        frames[0][1][2][1] = 0.5;   // 127.5 rounds to 128
        const VideoFrames rgb = videoFramesFromTensor(frames, 8, "t");
        QCOMPARE(rgb.frameCount, 2);
        QCOMPARE(rgb.width, 5);
        QCOMPARE(rgb.height, 4);
        QCOMPARE(int(rgb.frame(1)[(3 * 5 + 4) * 3 + 0]), 255);
        QCOMPARE(int(rgb.frame(1)[2]), 255);
        QCOMPARE(int(rgb.frame(0)[(2 * 5 + 1) * 3 + 1]), 128);
        QVERIFY_THROWS_EXCEPTION(ShapeError, videoFramesFromTensor(at::zeros({2, 4, 4, 4}), 8, "t"));
        frames[0][0][0][0] = std::numeric_limits<float>::quiet_NaN();
        QVERIFY_THROWS_EXCEPTION(NumericalError, videoFramesFromTensor(frames, 8, "t"));
    }

    void exportsAFramesFileWithItsRequest()
    {
        SafetensorsWriter writer;
        writer.add("frames", rampFrames(9, 48, 64));
        writer.setMetadata("request", "{\"prompt\": \"a lighthouse in fog\", \"seed\": 77, \"fps\": 16}");
        writer.write(path("frames.safetensors").toStdString());
        const test::CliRun run = test::runCli({"export", path("frames.safetensors"), "--format", "h264", "--out",
                                               path("cli.mp4"), "--crf", "20"},
                                              test::separateChannels());
        QVERIFY2(run.exitCode == 0, qPrintable(run.error));
        const VideoFrames video = FfmpegVideoReader::readAll(path("cli.mp4").toStdString());
        QCOMPARE(video.frameCount, 9);
        QCOMPARE(video.width, 64);
        QCOMPARE(video.fps, 16.0); // from the recorded request
        QCOMPARE(video.metadata.at("framesmith_seed"), std::string("77"));
        QVERIFY(QFile::exists(path("cli.mp4.json")));
    }

    void rejectsBadInputWithExitCode2()
    {
        SafetensorsWriter writer;
        writer.add("latents", at::zeros({1, 3, 4, 4}));
        writer.write(path("nolabel.safetensors").toStdString());
        const test::CliRun gif = test::runCli({"export", path("nolabel.safetensors"), "--format", "gif", "--out",
                                               path("x.gif")},
                                              test::separateChannels());
        QCOMPARE(gif.exitCode, 2);
        QVERIFY2(gif.error.contains("no tensor 'frames'"), qPrintable(gif.error));
        const test::CliRun avi = test::runCli({"export", path("nolabel.safetensors"), "--format", "avi", "--out",
                                               path("x.avi")},
                                              test::separateChannels());
        QCOMPARE(avi.exitCode, 2);
        QVERIFY2(avi.error.contains("unknown format 'avi'"), qPrintable(avi.error));
        QVERIFY(!QFile::exists(path("x.gif")));
    }
};

FRAMESMITH_TEST_GUILESS_MAIN(tst_ExportCommand)

} // namespace tst_ExportCommand
#include "tst_ExportCommand.moc"
