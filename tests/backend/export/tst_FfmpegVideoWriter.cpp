// Round trips every export format through FfmpegVideoReader, and checks that failures (bad
// path, full disk, cancel) name the path and leave nothing under the final name.
#include "SyntheticClip.h"

#include "export/FfmpegVideoReader.h"
#include "export/FfmpegVideoWriter.h"

#include "framesmith/Error.h"
#include "framesmith/VideoExport.h"
#include "support/TestRegistry.h"

#include <QTemporaryDir>
#include <QTest>

#include <csignal>
#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

Q_DECLARE_METATYPE(framesmith::ExportFormat)

namespace tst_FfmpegVideoWriter {

using namespace framesmith;
namespace fs = std::filesystem;

class tst_FfmpegVideoWriter : public QObject {
    Q_OBJECT

private:
    QTemporaryDir m_dir;

    std::string pathFor(const char* name) const { return (m_dir.path() + "/" + name).toStdString(); }

    static GenerationRequest request()
    {
        GenerationRequest r;
        r.prompt = "a red fox runs through snow, golden hour \xe2\x80\x94 \xe9\x9b\xaa"; // UTF-8 must survive
        r.negativePrompt = "blurry";
        r.seed = 1234;
        r.modelPath = "/models/CogVideoX-2b";
        r.preset = "balanced";
        return r;
    }

    static ExportOptions optionsFor(ExportFormat format, const std::string& path)
    {
        ExportOptions options;
        options.format = format;
        options.path = path;
        options.request = request();
        options.appVersion = "9.8.7";
        return options;
    }

    // Nothing named like the output is left behind: neither the final name nor a temporary.
    static QStringList leftovers(const std::string& folder, const std::string& stem)
    {
        QStringList found;
        for (const auto& entry : fs::directory_iterator(folder))
            if (entry.path().filename().string().rfind(stem, 0) == 0)
                found << QString::fromStdString(entry.path().string());
        return found;
    }

private Q_SLOTS:
    void roundTripsEveryFormat_data()
    {
        QTest::addColumn<ExportFormat>("format");
        QTest::addColumn<QString>("name");
        QTest::addColumn<bool>("hasTags");
        QTest::addColumn<double>("minPsnr");
        QTest::newRow("h264") << ExportFormat::H264Mp4 << "clip.mp4" << true << 35.0;
        QTest::newRow("h265") << ExportFormat::H265Mp4 << "clip265.mp4" << true << 33.0;
        QTest::newRow("vp9") << ExportFormat::Vp9WebM << "clip.webm" << true << 33.0;
        QTest::newRow("av1") << ExportFormat::Av1Mp4 << "clipav1.mp4" << true << 32.0;
        QTest::newRow("prores") << ExportFormat::ProResMov << "clip.mov" << true << 40.0;
        QTest::newRow("gif") << ExportFormat::Gif << "clip.gif" << false << 28.0;
        QTest::newRow("png") << ExportFormat::PngSequence << "clip_png" << true << 1000.0;
    }

    void roundTripsEveryFormat()
    {
        QFETCH(ExportFormat, format);
        QFETCH(QString, name);
        QFETCH(bool, hasTags);
        QFETCH(double, minPsnr);
        const VideoFrames source = test::syntheticClip(13, 128, 96, 12);
        const std::string path = pathFor(qPrintable(name));
        ExportOptions options = optionsFor(format, path);
        if (format == ExportFormat::H264Mp4)
            options.quality = 18;
        int progressDone = 0, progressTotal = 0;
        options.onProgress = [&](int done, int total) { progressDone = done, progressTotal = total; };
        FfmpegVideoWriter::write(source, options);
        QCOMPARE(progressDone, 13);
        QCOMPARE(progressTotal, 13);

        const VideoFrames decoded = readVideo(path);
        QCOMPARE(decoded.frameCount, source.frameCount); // the encoder was drained: no last frame lost
        QCOMPARE(decoded.width, source.width);
        QCOMPARE(decoded.height, source.height);
        QVERIFY2(std::abs(decoded.fps - 12) < 0.6, qPrintable(QString::number(decoded.fps)));
        for (int f : {0, 6, 12}) {
            const double value = test::psnr(source, decoded, f);
            QVERIFY2(value > minPsnr, qPrintable(QString("frame %1: PSNR %2 dB").arg(f).arg(value)));
        }
        if (hasTags) {
            QCOMPARE(decoded.metadata.at("framesmith_seed"), std::string("1234"));
            QCOMPARE(decoded.metadata.at("framesmith_version"), std::string("9.8.7"));
            QCOMPARE(decoded.metadata.at("framesmith_model"), request().modelPath);
            // FFmpeg 5.1 does not decode PNG iTXt, where the UTF-8 prompt lives (tst_PngTextChunks checks it).
            if (format != ExportFormat::PngSequence) {
                QCOMPARE(decoded.metadata.at("framesmith_prompt"), request().prompt);
                QCOMPARE(decoded.metadata.at("description"), request().prompt);
            }
        }
        std::ifstream sidecar(exportSidecarPath(path));
        const auto json = nlohmann::json::parse(sidecar, nullptr, false);
        QVERIFY(!json.is_discarded());
        QCOMPARE(json["request"]["seed"].get<std::uint64_t>(), std::uint64_t(1234));
        QCOMPARE(json["request"]["negativePrompt"].get<std::string>(), std::string("blurry"));
        QCOMPARE(json["request"]["preset"].get<std::string>(), std::string("balanced"));
        QCOMPARE(json["appVersion"].get<std::string>(), std::string("9.8.7"));
        QCOMPARE(json["export"]["format"].get<std::string>(), std::string(exportFormatName(format)));
        QCOMPARE(leftovers(m_dir.path().toStdString(), path.substr(path.rfind('/') + 1) + ".tmp").size(), 0);
    }

    void padsOddSizesForYuv420AndKeepsThemForGifAndPng_data()
    {
        QTest::addColumn<ExportFormat>("format");
        QTest::addColumn<QString>("name");
        QTest::addColumn<int>("width");
        QTest::addColumn<int>("height");
        QTest::newRow("h264") << ExportFormat::H264Mp4 << "odd.mp4" << 98 << 64;
        QTest::newRow("vp9") << ExportFormat::Vp9WebM << "odd.webm" << 98 << 64;
        QTest::newRow("prores") << ExportFormat::ProResMov << "odd.mov" << 98 << 64;
        QTest::newRow("gif") << ExportFormat::Gif << "odd.gif" << 97 << 63;
        QTest::newRow("png") << ExportFormat::PngSequence << "odd_png" << 97 << 63;
    }

    void padsOddSizesForYuv420AndKeepsThemForGifAndPng()
    {
        QFETCH(ExportFormat, format);
        QFETCH(QString, name);
        QFETCH(int, width);
        QFETCH(int, height);
        const VideoFrames source = test::syntheticClip(5, 97, 63);
        const std::string path = pathFor(qPrintable(name));
        const ExportSummary summary = FfmpegVideoWriter::write(source, optionsFor(format, path));
        const VideoFrames decoded = readVideo(path);
        QCOMPARE(decoded.frameCount, 5);
        QCOMPARE(decoded.width, width);
        QCOMPARE(decoded.height, height);
        QCOMPARE(summary.sizeNote.empty(), width == 97);
        QVERIFY2(test::psnr(source, decoded, 4) > 28, "the visible 97x63 area must match the source");
        // The repeated edge: the padded column equals the last source column.
        if (width == 98) {
            const std::uint8_t* row = decoded.frame(2) + 30 * decoded.width * 3;
            for (int c = 0; c < 3; ++c)
                QVERIFY(std::abs(int(row[97 * 3 + c]) - int(row[96 * 3 + c])) <= 6);
        }
    }

    void scalesToTheRequestedSize()
    {
        const std::string path = pathFor("scaled.mp4");
        ExportOptions options = optionsFor(ExportFormat::H264Mp4, path);
        options.width = 64;
        options.height = 48;
        options.fps = 24;
        FfmpegVideoWriter::write(test::syntheticClip(4, 128, 96), options);
        FfmpegVideoReader reader(path);
        QCOMPARE(reader.width(), 64);
        QCOMPARE(reader.height(), 48);
        QCOMPARE(reader.fps(), 24.0);
        QCOMPARE(reader.codecName(), std::string("h264"));
    }

    void readsOneFrameAsAStartImage()
    {
        const VideoFrames source = test::syntheticClip(6, 64, 48);
        const std::string path = pathFor("frames_png");
        FfmpegVideoWriter::write(source, optionsFor(ExportFormat::PngSequence, path));
        const VideoFrames frame = readVideoFrame(path, 4);
        QCOMPARE(frame.frameCount, 1);
        QVERIFY(std::equal(frame.rgb.begin(), frame.rgb.end(), source.frame(4))); // PNG is lossless
        QVERIFY_THROWS_EXCEPTION(InvalidRequestError, readVideoFrame(path, 6));
        QVERIFY_THROWS_EXCEPTION(FileError, readVideo(pathFor("missing.mp4")));
    }

    void unwritablePathNamesThePathAndReason()
    {
        for (const std::string& path : {std::string("/proc/framesmith-clip.mp4"), pathFor("no/such/folder/clip.mp4")}) {
            try {
                FfmpegVideoWriter::write(test::syntheticClip(2, 32, 32), optionsFor(ExportFormat::H264Mp4, path));
                QFAIL("writing to an unwritable path must throw");
            } catch (const FileError& error) {
                QCOMPARE(error.path(), path);
                QVERIFY2(QString(error.what()).contains("cannot create a file in"), error.what());
            }
            QVERIFY(!fs::exists(path));
        }
    }

    void fullDiskLeavesNoFileUnderTheFinalName_data()
    {
        QTest::addColumn<ExportFormat>("format");
        QTest::addColumn<QString>("name");
        QTest::newRow("h264") << ExportFormat::H264Mp4 << "full.mp4";
        QTest::newRow("prores") << ExportFormat::ProResMov << "full.mov";
        QTest::newRow("vp9") << ExportFormat::Vp9WebM << "full.webm";
        QTest::newRow("gif") << ExportFormat::Gif << "full.gif";
        QTest::newRow("png") << ExportFormat::PngSequence << "full_png";
    }

    void fullDiskLeavesNoFileUnderTheFinalName()
    {
        // A real short write: a child process whose file-size limit is 4 KiB (SIGXFSZ ignored,
        // so write() fails with EFBIG like a full disk fails with ENOSPC).
        QFETCH(ExportFormat, format);
        QFETCH(QString, name);
        const std::string path = pathFor(qPrintable(name));
        VideoFrames clip = test::syntheticClip(8, 256, 192);
        std::uint32_t noise = 12345;
        for (auto& byte : clip.rgb) // incompressible content: every format needs far more than 4 KiB
            byte ^= (noise = noise * 1664525u + 1013904223u) >> 27;
        const pid_t child = fork();
        QVERIFY(child >= 0);
        if (child == 0) {
            std::signal(SIGXFSZ, SIG_IGN);
            rlimit limit{4096, 4096};
            setrlimit(RLIMIT_FSIZE, &limit);
            try {
                FfmpegVideoWriter::write(clip, optionsFor(format, path));
            } catch (const FileError& error) {
                const bool named = error.path() == path && std::string(error.what()).find("too large") != std::string::npos;
                _exit(named ? 0 : 3);
            } catch (...) {
                _exit(2);
            }
            _exit(1);
        }
        int status = 0;
        QCOMPARE(waitpid(child, &status, 0), child);
        QVERIFY(WIFEXITED(status));
        QVERIFY2(WEXITSTATUS(status) == 0, qPrintable(QString("child exit %1 (1: no error, 2: wrong type, 3: "
                                                              "message lacks path or reason)").arg(WEXITSTATUS(status))));
        QCOMPARE(leftovers(m_dir.path().toStdString(), name.toStdString()), QStringList());
    }

    void cancelLeavesNothingBehind()
    {
        const std::string path = pathFor("cancelled.webm");
        CancelToken cancel;
        ExportOptions options = optionsFor(ExportFormat::Vp9WebM, path);
        options.cancel = &cancel;
        options.onProgress = [&](int done, int) {
            if (done == 3)
                cancel.request(CancelMode::StopNow);
        };
        QVERIFY_THROWS_EXCEPTION(CancelledError, FfmpegVideoWriter::write(test::syntheticClip(8, 64, 48), options));
        QCOMPARE(leftovers(m_dir.path().toStdString(), "cancelled"), QStringList());
    }

    void abandonedWriterRemovesItsTemporary()
    {
        const std::string path = pathFor("abandoned.mp4");
        {
            FfmpegVideoWriter writer(optionsFor(ExportFormat::H264Mp4, path));
            const VideoFrames clip = test::syntheticClip(2, 64, 48);
            writer.open(64, 48, 8);
            writer.addFrame(clip.frame(0));
            QCOMPARE(leftovers(m_dir.path().toStdString(), "abandoned").size(), 1); // the temporary
        }
        QCOMPARE(leftovers(m_dir.path().toStdString(), "abandoned"), QStringList());
    }

    void replacesAnOlderExportCompletely()
    {
        const std::string path = pathFor("again_png");
        FfmpegVideoWriter::write(test::syntheticClip(6, 32, 32), optionsFor(ExportFormat::PngSequence, path));
        FfmpegVideoWriter::write(test::syntheticClip(3, 32, 32), optionsFor(ExportFormat::PngSequence, path));
        QCOMPARE(readVideo(path).frameCount, 3); // no stale frame_00003.png from the first export
        QStringList left = leftovers(m_dir.path().toStdString(), "again_png");
        left.sort();
        QCOMPARE(left, QStringList({QString::fromStdString(path), QString::fromStdString(path + ".json")}));
    }

    void exportsAGenerationResultWithItsRequest()
    {
        const VideoFrames clip = test::syntheticClip(4, 64, 48);
        GenerationResult result;
        result.request = request();
        result.clip = clip;
        result.clip.fps = 16;
        ExportOptions options;
        options.format = ExportFormat::Vp9WebM;
        options.path = pathFor("result.webm");
        exportVideo(result, options);
        const VideoFrames decoded = readVideo(options.path);
        QCOMPARE(decoded.frameCount, 4);
        QCOMPARE(decoded.fps, 16.0);
        QCOMPARE(decoded.metadata.at("framesmith_model"), request().modelPath);
    }

    void rejectsBadOptionsByField()
    {
        const VideoFrames clip = test::syntheticClip(2, 64, 48);
        auto fieldOf = [&](ExportOptions options) -> std::string {
            try {
                FfmpegVideoWriter::write(clip, options);
            } catch (const InvalidRequestError& error) {
                return error.field();
            }
            return "(accepted)";
        };
        ExportOptions crfTooHigh = optionsFor(ExportFormat::H264Mp4, pathFor("bad.mp4"));
        crfTooHigh.quality = 70;
        QCOMPARE(fieldOf(crfTooHigh), std::string("quality"));
        ExportOptions crfForProRes = optionsFor(ExportFormat::ProResMov, pathFor("bad.mov"));
        crfForProRes.quality = 10;
        QCOMPARE(fieldOf(crfForProRes), std::string("quality"));
        ExportOptions noFps = optionsFor(ExportFormat::Gif, pathFor("bad.gif"));
        noFps.fps = 1000;
        QCOMPARE(fieldOf(noFps), std::string("fps"));
        ExportOptions halfSize = optionsFor(ExportFormat::H264Mp4, pathFor("bad.mp4"));
        halfSize.width = 64;
        QCOMPARE(fieldOf(halfSize), std::string("size"));
        VideoFrames truncated = clip;
        truncated.rgb.resize(100);
        QVERIFY_THROWS_EXCEPTION(InvalidRequestError,
                                 FfmpegVideoWriter::write(truncated, optionsFor(ExportFormat::Gif, pathFor("t.gif"))));
        QVERIFY(!fs::exists(pathFor("bad.mp4")) && !fs::exists(pathFor("bad.mov")));
    }

    void formatNamesRoundTrip()
    {
        for (ExportFormat format : allExportFormats()) {
            QCOMPARE(exportFormatFromName(exportFormatName(format)), std::optional<ExportFormat>(format));
            QVERIFY2(isExportFormatAvailable(format), exportFormatName(format));
        }
        QCOMPARE(exportFormatFromName("WebM"), std::optional<ExportFormat>(ExportFormat::Vp9WebM));
        QVERIFY(!exportFormatFromName("avi"));
        QCOMPARE(exportSidecarPath("out/frames/"), std::string("out/frames.json"));
    }
};

FRAMESMITH_TEST_GUILESS_MAIN(tst_FfmpegVideoWriter)

} // namespace tst_FfmpegVideoWriter
#include "tst_FfmpegVideoWriter.moc"
