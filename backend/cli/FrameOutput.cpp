#include "cli/FrameOutput.h"

#include "export/VideoFileSupport.h"
#include "framesmith/Error.h"
#include "framesmith/VideoExport.h"
#include "io/SafetensorsWriter.h"

#include <nlohmann/json.hpp>

#include <cerrno>
#include <cstdlib>
#include <cstring>
#include <filesystem>

#include <unistd.h>

namespace framesmith::cli {

namespace {

const char* kSupported = ".safetensors, .mp4, .webm, .mov, .gif";

std::string extensionOf(const std::string& path)
{
    return std::filesystem::path(path).extension().string();
}

} // namespace

bool FrameOutput::wantsFloatFrames(const std::string& path)
{
    return extensionOf(path) == ".safetensors";
}

void FrameOutput::check(const std::string& path, const std::string& flag)
{
    const std::string ext = extensionOf(path);
    if (ext != ".safetensors" && !(ext.size() > 1 && exportFormatFromName(ext.substr(1))))
        throw InvalidRequestError(flag, "'" + path + "': '" + ext + "' is not a supported output (" + kSupported + ")");
    if (ext != ".safetensors")
        requireVideoFileSupport(flag, path); // a build without FFmpeg: refused before any weight loads
    checkFolder(path, flag);
}

void FrameOutput::checkFolder(const std::string& path, const std::string& flag)
{
    namespace fs = std::filesystem;
    std::error_code ec;
    if (fs::is_directory(path, ec))
        throw InvalidRequestError(flag, "'" + path + "' is a folder: give a file name");
    const fs::path folder = fs::absolute(path, ec).parent_path();
    if (!fs::is_directory(folder, ec))
        throw InvalidRequestError(flag, "'" + path + "': the folder " + folder.string() + " does not exist");
    if (::access(folder.c_str(), W_OK) != 0)
        throw InvalidRequestError(flag, "'" + path + "': the folder " + folder.string() + " is not writable");
    // access() says yes to root for /proc or a read-only mount: create the temporary the export
    // will write, as it will, before any model loads.
    std::string probe = (folder / (fs::path(path).filename().string() + ".tmp-XXXXXX")).string();
    const int fd = ::mkstemp(probe.data());
    if (fd < 0)
        throw InvalidRequestError(flag, "'" + path + "': no file can be created in " + folder.string() + " (" +
                                            std::strerror(errno) + ")");
    ::close(fd);
    ::unlink(probe.c_str());
}

void FrameOutput::write(const std::string& path, const at::Tensor& frames, const GenerationResult& result,
                        const CancelToken* cancel)
{
    check(path);
    if (wantsFloatFrames(path)) {
        SafetensorsWriter writer;
        writer.add("frames", frames);
        writer.setMetadata("request", toJson(result.request));
        writer.setMetadata("latents_checkpoint", result.latentsCheckpointPath);
        writer.setMetadata("partial", result.isPartial ? "true" : "false");
        if (!result.warnings.empty())
            writer.setMetadata("warnings", nlohmann::json(result.warnings).dump());
        writer.write(path);
        return;
    }
    ExportOptions options;
    options.format = *exportFormatFromName(extensionOf(path).substr(1));
    options.path = path;
    options.cancel = cancel;
    exportVideo(result, options);
}

} // namespace framesmith::cli
