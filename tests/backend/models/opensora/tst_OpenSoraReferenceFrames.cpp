// OpenSoraReferenceFrames: the image path against Pillow's resize_crop_to_fill bytes (including a
// crop offset of 2.5 that Python rounds to 2), the video path against bilinear interpolation and
// the truncated crop worked out by hand, and the choice of path by extension.
#include "export/FfmpegVideoReader.h"
#include "export/FfmpegVideoWriter.h"
#include "framesmith/Error.h"
#include "models/opensora/conditioning/OpenSoraReferenceFrames.h"
#include "support/TestPaths.h"
#include "support/TestRegistry.h"

#include <ATen/ATen.h>
#include <QTemporaryDir>
#include <QtTest/QtTest>
#include <nlohmann/json.hpp>

#include <cmath>
#include <fstream>

namespace tst_OpenSoraReferenceFrames {

using namespace framesmith;

namespace {

at::Tensor pattern(int h, int w)
{
    at::Tensor t = at::empty({h, w, 3}, at::kByte);
    auto a = t.accessor<std::uint8_t, 3>();
    for (int y = 0; y < h; ++y)
        for (int x = 0; x < w; ++x)
            for (int c = 0; c < 3; ++c)
                a[y][x][c] = static_cast<std::uint8_t>((x * 37 + y * 91 + c * 53 + x * y * 7) % 256);
    return t;
}

// torch's bilinear source coordinate for align_corners=False: clamped below at 0.
std::pair<int, double> source(int out, int inSize, int outSize)
{
    const double s = std::max((out + 0.5) * inSize / outSize - 0.5, 0.0);
    const int i0 = static_cast<int>(s);
    return {i0, s - i0};
}

} // namespace

class TestOpenSoraReferenceFrames : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void imageMatchesPillowsResizeCrop()
    {
        std::ifstream in(test::fixturesDir() + "/opensora/conditioning/pil_resize_crop.json");
        int checked = 0, halfOffsets = 0;
        const nlohmann::json cases = nlohmann::json::parse(in)["cases"];
        for (const auto& c : cases) {
            const int th = c["target_height"], tw = c["target_width"];
            const at::Tensor out = OpenSoraReferenceFrames::fromImage(pattern(c["height"], c["width"]), th, tw);
            QCOMPARE(out.sizes(), (at::IntArrayRef{3, 1, th, tw}));
            // ToTensor + Normalize(0.5, 0.5) of Pillow's bytes, in float32 as torchvision computes it.
            const at::Tensor expected = at::tensor(c["output"].get<std::vector<int>>(), at::kInt)
                                            .to(at::kFloat).div(255).sub(0.5).div(0.5).view({th, tw, 3})
                                            .permute({2, 0, 1}).unsqueeze(1);
            QVERIFY2(at::equal(out, expected), qPrintable(QString("case %1").arg(checked)));
            const int scaledW = c["scaled"][1];
            halfOffsets += (scaledW - tw) % 2 == 1 && ((scaledW - tw) / 2) % 2 == 0 ? 1 : 0;
            ++checked;
        }
        QCOMPARE(checked, 7);
        QVERIFY(halfOffsets >= 1); // a case where round-half-up would crop one column further
    }

    void videoIsBilinearThenTruncatedCrop()
    {
        // 2 frames of 2 x 3 to 4 x 3: cover size 4 x 6, crop offset int((6 − 3) / 2) = 1.
        at::Tensor frames = at::randint(0, 256, {2, 2, 3, 3}, at::kLong).to(at::kByte);
        const at::Tensor out = OpenSoraReferenceFrames::fromVideo(frames, 4, 3);
        QCOMPARE(out.sizes(), (at::IntArrayRef{3, 2, 4, 3}));
        auto px = frames.accessor<std::uint8_t, 4>();
        double worst = 0;
        for (int f = 0; f < 2; ++f)
            for (int y = 0; y < 4; ++y)
                for (int x = 0; x < 3; ++x)
                    for (int c = 0; c < 3; ++c) {
                        const auto [y0, ly] = source(y, 2, 4);
                        const auto [x0, lx] = source(x + 1, 3, 6); // column x + 1 of the scaled frame
                        const int y1 = std::min(y0 + 1, 1), x1 = std::min(x0 + 1, 2);
                        auto v = [&](int yy, int xx) { return px[f][yy][xx][c] / 255.0; };
                        const double value = (1 - ly) * ((1 - lx) * v(y0, x0) + lx * v(y0, x1)) +
                                             ly * ((1 - lx) * v(y1, x0) + lx * v(y1, x1));
                        worst = std::max(worst, std::abs(out[c][f][y][x].item<double>() - (value - 0.5) / 0.5));
                    }
        QVERIFY2(worst < 1e-6, qPrintable(QString::number(worst)));
    }

    // A video file is fitted frame by frame as it is read: the same as fromVideo on all its frames
    // at once; one frame more than the limit is refused naming the file.
    void videoFileIsReadFrameByFrame()
    {
        QTemporaryDir dir;
        const std::string path = dir.filePath("clip.mp4").toStdString();
        VideoFrames clip;
        clip.frameCount = 6;
        clip.width = 40;
        clip.height = 22;
        clip.fps = 24;
        const at::Tensor pixels = at::randint(0, 256, {6, 22, 40, 3}, at::kLong).to(at::kByte);
        clip.rgb.assign(pixels.data_ptr<std::uint8_t>(), pixels.data_ptr<std::uint8_t>() + pixels.numel());
        ExportOptions options;
        options.path = path;
        options.writeSidecar = false;
        FfmpegVideoWriter::write(clip, options);

        const at::Tensor read = OpenSoraReferenceFrames::read(path, 16, 24);
        QCOMPARE(read.sizes(), (at::IntArrayRef{3, 6, 16, 24}));
        VideoFrames decoded = FfmpegVideoReader::readAll(path);
        const at::Tensor all = at::from_blob(decoded.rgb.data(), {decoded.frameCount, decoded.height, decoded.width, 3}, at::kByte);
        QVERIFY(at::equal(read, OpenSoraReferenceFrames::fromVideo(all, 16, 24)));
        QVERIFY_THROWS_EXCEPTION(InvalidRequestError, OpenSoraReferenceFrames::read(path, 16, 24, 5));
        QCOMPARE(OpenSoraReferenceFrames::read(path, 16, 24, 6).size(1), 6);
    }

    void pathDecidesImageOrVideo()
    {
        QVERIFY(OpenSoraReferenceFrames::isVideoPath("/a/clip.MP4"));
        QVERIFY(OpenSoraReferenceFrames::isVideoPath("clip.mkv"));
        QVERIFY(!OpenSoraReferenceFrames::isVideoPath("still.png"));
        QVERIFY(!OpenSoraReferenceFrames::isVideoPath("still.jpg"));
    }

    void unreadableFilesAreNamed()
    {
        for (const std::string path : {"/nonexistent/ref.png", "/nonexistent/ref.mp4"}) {
            try {
                OpenSoraReferenceFrames::probe(path);
                QFAIL("no error for a missing reference");
            } catch (const FileError& e) {
                QVERIFY2(QString(e.what()).contains(QString::fromStdString(path)), e.what());
            }
        }
    }
};

FRAMESMITH_TEST_GUILESS_MAIN(TestOpenSoraReferenceFrames)

} // namespace tst_OpenSoraReferenceFrames
#include "tst_OpenSoraReferenceFrames.moc"
