// framesmith-cli export: decoded frames (a safetensors tensor) to a video file editors open.
#include "cli/CliCommand.h"

#include "export/FfmpegVideoWriter.h"
#include "export/TensorFrames.h"
#include "io/SafetensorsReader.h"

#include "framesmith/Error.h"
#include "io/BoundedFileReader.h"

#include <ATen/ATen.h>

#include <fstream>
#include <iostream>
#include <sstream>

namespace framesmith::cli {

static std::string formatList()
{
    std::string names;
    for (ExportFormat format : allExportFormats())
        names += (names.empty() ? "" : ", ") + std::string(exportFormatName(format));
    return names;
}

// The request to record: --job FILE, else a "request" JSON in the safetensors metadata.
static std::optional<GenerationRequest> requestFor(const CliArgs& args, const SafetensorsReader& reader)
{
    if (auto job = args.value("--job")) // regular, at most 1 MiB: a FIFO or /dev/zero is refused unread
        return requestFromJson(BoundedFileReader::read(*job, BoundedFileReader::kMaxJobBytes, "job file"));
    auto it = reader.metadata().find("request");
    if (it != reader.metadata().end())
        return requestFromJson(it->second);
    return std::nullopt;
}

static void parseSize(const std::string& text, ExportOptions& options)
{
    const auto x = text.find('x');
    try {
        if (x == std::string::npos)
            throw std::invalid_argument(text);
        options.width = std::stoi(text.substr(0, x));
        options.height = std::stoi(text.substr(x + 1));
    } catch (const std::exception&) {
        throw InvalidRequestError("--size", "'" + text + "' is not WIDTHxHEIGHT, e.g. 1280x720");
    }
}

static int runExport(const std::vector<std::string>& argv)
{
    CliArgs args(argv, {"--no-sidecar"});
    args.rejectUnknown({"--format", "--out", "--fps", "--crf", "--size", "--job", "--no-sidecar"});
    if (args.positionals().size() != 1)
        throw InvalidRequestError("FRAMES", "give exactly one FRAMES.safetensors");
    const std::string formatName = args.require("--format");
    const auto format = exportFormatFromName(formatName);
    if (!format)
        throw InvalidRequestError("--format", "unknown format '" + formatName + "' (known: " + formatList() + ")");
    SafetensorsReader reader(args.positionals().front());
    if (!reader.find("frames"))
        throw FileError(ErrorCode::BadFile, reader.path(), "has no tensor 'frames' ([frames, 3, height, width] in 0..1)");
    ExportOptions options;
    options.format = *format;
    options.path = args.require("--out");
    options.quality = args.intValue("--crf", -1);
    options.request = requestFor(args, reader);
    options.writeSidecar = !args.has("--no-sidecar");
    if (auto size = args.value("--size"))
        parseSize(*size, options);
    const double fps = args.doubleValue("--fps", options.request ? options.request->fps : 8);
    const VideoFrames frames = videoFramesFromTensor(reader.view("frames"), fps, reader.path() + ": frames");
    const ExportSummary summary = FfmpegVideoWriter::write(frames, options);
    std::cout << "wrote " << summary.frameCount << " frames " << summary.width << "x" << summary.height << " at "
              << summary.fps << " fps (" << summary.encoder << ") to " << options.path << "\n";
    if (!summary.sizeNote.empty())
        std::cout << "note: " << summary.sizeNote << "\n";
    return kExitOk;
}

FRAMESMITH_CLI_COMMAND("export",
                       "export FRAMES.safetensors --format FMT --out FILE [--fps N] [--crf N] [--size WxH] "
                       "[--job JOB.json] [--no-sidecar]",
                       "write decoded frames (tensor 'frames', float [F, 3, H, W] in 0..1) as h264, h265, vp9, "
                       "av1, prores, gif or png (a folder); sidecar FILE.json holds the request",
                       runExport);

} // namespace framesmith::cli
