// Export time per format for a 49-frame 720x480 clip (CogVideoX's default output), including the
// atomic rename and the sidecar; then the lowest per-frame PSNR of the decoded file. Usage: bench_export [OUTPUT_FOLDER] [REPEATS]
#include "export/FfmpegVideoReader.h"
#include "export/FfmpegVideoWriter.h"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <filesystem>
#include <string>

using namespace framesmith;

// Gradients plus a moving disc: like the export tests, a clip a codec can compress sensibly.
static VideoFrames clip(int frameCount, int width, int height)
{
    VideoFrames frames{frameCount, width, height, 8, {}, {}};
    frames.rgb.resize(frames.frameBytes() * frameCount);
    for (int f = 0; f < frameCount; ++f) {
        std::uint8_t* out = frames.frame(f);
        const double cx = width * (0.2 + 0.6 * f / (frameCount - 1)), cy = height / 2.0, r = height / 5.0;
        for (int y = 0; y < height; ++y)
            for (int x = 0; x < width; ++x, out += 3) {
                const double disc = std::clamp((r - std::hypot(x - cx, y - cy)) / 3.0, 0.0, 1.0);
                const double u = double(x) / width, v = double(y) / height;
                out[0] = std::uint8_t((40 + 170 * u) * (1 - disc) + 230 * disc);
                out[1] = std::uint8_t((60 + 120 * v + 2 * f) * (1 - disc) + 200 * disc);
                out[2] = std::uint8_t((200 - 150 * u * v) * (1 - disc) + 60 * disc);
            }
    }
    return frames;
}

// Lowest PSNR over all frames of the decoded export (capped at 99 dB: lossless).
static double minimumPsnr(const VideoFrames& source, const std::string& path)
{
    const VideoFrames decoded = FfmpegVideoReader::readAll(path);
    if (decoded.frameCount != source.frameCount)
        return -1;
    double lowest = 99;
    for (int f = 0; f < source.frameCount; ++f) {
        double squared = 0;
        for (int y = 0; y < source.height; ++y)
            for (int x = 0; x < source.width * 3; ++x) {
                const double d = double(source.frame(f)[y * source.width * 3 + x]) -
                                 decoded.frame(f)[y * decoded.width * 3 + x];
                squared += d * d;
            }
        const double mse = squared / (double(source.width) * source.height * 3);
        lowest = std::min(lowest, mse == 0 ? 99.0 : 10 * std::log10(255.0 * 255.0 / mse));
    }
    return lowest;
}

static std::uintmax_t sizeOf(const std::string& path)
{
    namespace fs = std::filesystem;
    if (!fs::is_directory(path))
        return fs::file_size(path);
    std::uintmax_t total = 0;
    for (const auto& entry : fs::directory_iterator(path))
        total += entry.file_size();
    return total;
}

int main(int argc, char** argv)
{
    const std::string folder = argc > 1 ? argv[1] : std::filesystem::temp_directory_path().string();
    const int repeats = argc > 2 ? std::max(1, std::atoi(argv[2])) : 1;
    const VideoFrames frames = clip(49, 720, 480);
    std::printf("| format | encoder | seconds (best of %d) | frames/s | size | min PSNR |\n|---|---|---|---|---|---|\n",
                repeats);
    for (ExportFormat format : allExportFormats()) {
        ExportOptions options;
        options.format = format;
        options.path = folder + "/bench_export_" + exportFormatName(format) + exportFormatExtension(format);
        double best = 1e9;
        ExportSummary summary;
        for (int r = 0; r < repeats; ++r) {
            const auto start = std::chrono::steady_clock::now();
            summary = FfmpegVideoWriter::write(frames, options);
            best = std::min(best, std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count());
        }
        std::printf("| %s | %s | %.2f | %.1f | %.0f KiB | %.1f dB |\n", exportFormatName(format),
                    summary.encoder.c_str(), best, 49 / best, sizeOf(options.path) / 1024.0,
                    minimumPsnr(frames, options.path));
        std::fflush(stdout);
        std::filesystem::remove_all(options.path);
        std::filesystem::remove(exportSidecarPath(options.path));
    }
}
