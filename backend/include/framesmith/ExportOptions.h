#pragma once
// What an export should produce: format, path, rate, quality, size and the request it records.
// Plain values; filled by the GUI, the CLI or the pipeline and handed to the video writer.
#include "framesmith/CancelToken.h"
#include "framesmith/GenerationRequest.h"

#include <functional>
#include <optional>
#include <string>
#include <vector>

namespace framesmith {

enum class ExportFormat {
    Invalid,
    H264Mp4,     // libx264, yuv420p, CRF, +faststart
    H265Mp4,     // libx265, yuv420p, tagged hvc1 so Apple tools open it
    Vp9WebM,     // libvpx-vp9, constant quality
    Av1Mp4,      // libsvtav1, else libaom-av1
    ProResMov,   // prores_ks, ProRes 422 (standard), yuv422p10
    Gif,         // 256-colour median-cut palette of the whole clip
    PngSequence  // a folder of frame_00000.png ...
};

struct ExportOptions {
    ExportFormat format = ExportFormat::H264Mp4;
    std::string path;         // file, or folder for PngSequence
    double fps = 0;           // 0: the frames' own rate
    int quality = -1;         // CRF for H.264/H.265/VP9/AV1; -1: the format's default
    int width = 0;            // 0: the frames' size; otherwise scaled (bicubic)
    int height = 0;
    bool writeSidecar = true; // "<path>.json" with the full request beside the output
    std::optional<GenerationRequest> request; // written into tags and sidecar when present
    std::string appVersion;   // empty: this build's version
    std::vector<std::string> warnings; // written into the sidecar ("warnings"), e.g. a partial denoise
    const CancelToken* cancel = nullptr;              // StopNow aborts; nothing is left behind
    std::function<void(int framesDone, int frameCount)> onProgress; // called on the writing thread
};

// The quality (CRF) a format takes: lower is better. Not available (ProRes, GIF, PNG): defaultValue -1.
struct ExportQuality {
    int minimum = 0;
    int maximum = 0;
    int defaultValue = -1;
    bool isAvailable() const { return defaultValue >= 0; }
};

const char* exportFormatName(ExportFormat format);   // "h264", "h265", "vp9", "av1", "prores", "gif", "png"
std::optional<ExportFormat> exportFormatFromName(const std::string& name); // also accepts "mp4", "webm", "mov"
std::string exportFormatExtension(ExportFormat format); // ".mp4" ...; "" for a PNG folder
std::vector<ExportFormat> allExportFormats();
ExportQuality exportQuality(ExportFormat format);
// The sidecar written next to an export: the path plus ".json" ("clip.mp4" -> "clip.mp4.json").
std::string exportSidecarPath(const std::string& exportPath);

} // namespace framesmith
