#include "cli/batch/BatchJob.h"

#include "cli/FrameOutput.h"
#include "export/FfmpegVideoReader.h"
#include "framesmith/Error.h"
#include "framesmith/ExportOptions.h"
#include "io/BoundedFileReader.h"
#include "engine/planning/EnginePlanning.h"
#include "engine/checks/ModelFilesCheck.h"

#include <nlohmann/json.hpp>

#include <algorithm>
#include <filesystem>

namespace framesmith::cli {

namespace fs = std::filesystem;

namespace {

std::string readJobText(const std::string& path)
{
    return BoundedFileReader::read(path, BoundedFileReader::kMaxJobBytes, "job file");
}

// "a.mp4.json" beside "a.mp4" is that clip's sidecar, not a job to run again.
bool isClipSidecar(const fs::path& file)
{
    const std::string inner = file.stem().extension().string();
    return inner.size() > 1 && exportFormatFromName(inner.substr(1)).has_value();
}

std::string comparable(GenerationRequest request, bool keepResolvedPreset)
{
    if (!keepResolvedPreset)
        request.resolvedPreset.reset();
    for (LoraSpec& lora : request.loras) // the sidecar records each file's hash; the job need not
        lora.sha256.clear();
    return toJson(request);
}

// The clip decodes, at the size and to the frame count its sidecar records: a clip cut short (a
// full disk, a copy or a sync interrupted) is not a finished job, whatever its sidecar says.
bool isWholeClip(const std::string& clip, const nlohmann::json& sidecar)
{
    const nlohmann::json& exported = sidecar.at("export");
    const int frames = exported.at("frames").get<int>();
    FfmpegVideoReader reader(clip);
    if (frames <= 0 || reader.width() != exported.at("width").get<int>() ||
        reader.height() != exported.at("height").get<int>())
        return false;
    std::vector<std::uint8_t> rgb(static_cast<std::size_t>(reader.width()) * reader.height() * 3);
    int decoded = 0;
    while (decoded <= frames && reader.readFrame(rgb.data()))
        ++decoded;
    return decoded == frames;
}

} // namespace

std::string BatchJob::name() const { return fs::path(jobPath).filename().string(); }

std::vector<std::string> BatchJob::jobFiles(const std::vector<std::string>& paths)
{
    std::vector<std::string> files;
    for (const std::string& path : paths) {
        std::error_code ec;
        if (!fs::exists(path, ec))
            throw InvalidRequestError("JOBS", "'" + path + "' does not exist");
        if (!fs::is_directory(path, ec)) {
            files.push_back(path);
            continue;
        }
        std::vector<std::string> found;
        for (const auto& entry : fs::directory_iterator(path, ec))
            if (entry.path().extension() == ".json" && !isClipSidecar(entry.path()))
                found.push_back(entry.path().string());
        std::sort(found.begin(), found.end());
        files.insert(files.end(), found.begin(), found.end());
    }
    if (files.empty())
        throw InvalidRequestError("JOBS", "no job files (*.json) found");
    return files;
}

BatchJob BatchJob::load(const std::string& jobPath, const std::string& outFolder, const std::string& extension,
                        const std::string& modelFolder)
{
    BatchJob job;
    job.jobPath = jobPath;
    const fs::path job_ = jobPath;
    const fs::path folder = outFolder.empty() ? job_.parent_path() : fs::path(outFolder);
    job.outputPath = (folder / job_.stem()).string() + extension;
    try {
        job.request = requestFromJson(readJobText(jobPath));
        if (!modelFolder.empty())
            job.request.modelPath = modelFolder;
        if (job.request.modelPath.empty())
            throw InvalidRequestError("model", "is missing: the job names no model folder");
        EnginePlanning::validate(job.request, EnginePlanning::specOf(job.request.modelPath));
        ModelFilesCheck::requireReadable(job.request.modelPath);
        FrameOutput::check(job.outputPath, "--out-dir");
    } catch (const std::exception& e) {
        job.problem = e.what();
    }
    return job;
}

bool BatchJob::isDone() const
{
    std::error_code ec;
    const std::string sidecar = exportSidecarPath(outputPath);
    if (!fs::is_regular_file(outputPath, ec) || fs::file_size(outputPath, ec) == 0 || !fs::is_regular_file(sidecar, ec))
        return false;
    try {
        const std::string text = readJobText(sidecar);
        const auto json = nlohmann::json::parse(text, nullptr, false);
        if (json.is_discarded() || json.contains("warnings")) // a partial clip is not the job done
            return false;
        const GenerationRequest recorded = requestFromJson(text);
        const bool exact = request.resolvedPreset.has_value(); // a regeneration must have run that preset
        return comparable(recorded, exact) == comparable(request, exact) && isWholeClip(outputPath, json);
    } catch (const std::exception&) {
        return false; // an unreadable sidecar or clip: run the job again
    }
}

} // namespace framesmith::cli
