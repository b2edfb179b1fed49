// Names and extensions of the export formats (framesmith/ExportOptions.h).
#include "framesmith/ExportOptions.h"

#include <algorithm>
#include <cctype>

namespace framesmith {

namespace {
struct FormatName {
    ExportFormat format;
    const char* name;
    const char* alias; // the container, for users who think in extensions
    const char* extension;
};

constexpr FormatName kFormats[] = {
    {ExportFormat::H264Mp4, "h264", "mp4", ".mp4"},
    {ExportFormat::H265Mp4, "h265", "hevc", ".mp4"},
    {ExportFormat::Vp9WebM, "vp9", "webm", ".webm"},
    {ExportFormat::Av1Mp4, "av1", "av1", ".mp4"},
    {ExportFormat::ProResMov, "prores", "mov", ".mov"},
    {ExportFormat::Gif, "gif", "gif", ".gif"},
    {ExportFormat::PngSequence, "png", "png-sequence", ""},
};
} // namespace

const char* exportFormatName(ExportFormat format)
{
    for (const auto& f : kFormats)
        if (f.format == format)
            return f.name;
    return "invalid";
}

std::optional<ExportFormat> exportFormatFromName(const std::string& name)
{
    std::string lower = name;
    std::transform(lower.begin(), lower.end(), lower.begin(), [](unsigned char c) { return std::tolower(c); });
    for (const auto& f : kFormats)
        if (lower == f.name || lower == f.alias)
            return f.format;
    return std::nullopt;
}

std::string exportFormatExtension(ExportFormat format)
{
    for (const auto& f : kFormats)
        if (f.format == format)
            return f.extension;
    return "";
}

std::vector<ExportFormat> allExportFormats()
{
    std::vector<ExportFormat> formats;
    for (const auto& f : kFormats)
        formats.push_back(f.format);
    return formats;
}

std::string exportSidecarPath(const std::string& exportPath)
{
    std::string path = exportPath;
    while (path.size() > 1 && path.back() == '/')
        path.pop_back(); // "frames/" names the same folder as "frames"
    return path + ".json";
}

} // namespace framesmith
