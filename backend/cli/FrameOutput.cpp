#include "cli/FrameOutput.h"

#include "framesmith/Error.h"
#include "framesmith/VideoExport.h"
#include "io/SafetensorsWriter.h"

#include <filesystem>

namespace framesmith::cli {

void FrameOutput::write(const std::string& path, const at::Tensor& frames, const GenerationResult& result)
{
    const std::string ext = std::filesystem::path(path).extension().string();
    if (ext == ".safetensors") {
        SafetensorsWriter writer;
        writer.add("frames", frames);
        writer.setMetadata("request", toJson(result.request));
        writer.setMetadata("latents_checkpoint", result.latentsCheckpointPath);
        writer.setMetadata("partial", result.isPartial ? "true" : "false");
        writer.write(path);
        return;
    }
    std::optional<ExportFormat> format = ext.size() > 1 ? exportFormatFromName(ext.substr(1)) : std::nullopt;
    if (!format)
        throw InvalidRequestError("--out", "'" + ext + "' is not a supported output (.safetensors, .mp4, .webm, "
                                                       ".mov, .gif)");
    ExportOptions options;
    options.format = *format;
    options.path = path;
    exportVideo(result, options);
}

} // namespace framesmith::cli
