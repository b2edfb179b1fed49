#include "cli/farm/FarmSubmissionCheck.h"

#include "cli/farm/FarmFolder.h"
#include "framesmith/Error.h"
#include "framesmith/ExportOptions.h"

#include <filesystem>
#include <set>

namespace framesmith::cli {

namespace fs = std::filesystem;

namespace {

constexpr int kMaxTasks = 1'000'000;

[[noreturn]] void refuse(const std::string& recordPath, const std::string& field, const std::string& value,
                         const std::string& why)
{
    throw FileError(ErrorCode::BadFile, recordPath,
                    field + ": '" + value + "' " + why +
                        " (the farm folder is shared storage: this record was not written by farm submit, or was "
                        "changed since; refused)");
}

bool isVideoFile(const fs::path& name)
{
    const std::string ext = name.extension().string();
    const auto format = ext.size() > 1 ? exportFormatFromName(ext.substr(1)) : std::nullopt;
    return format && *format != ExportFormat::PngSequence && exportFormatExtension(*format) == ext;
}

std::string normal(const std::string& path) { return fs::path(path).lexically_normal().string(); }

void confineTask(FarmTask& task, const std::string& field, const FarmSubmission& s, const std::string& recordedOut,
                 const std::string& recordPath)
{
    if (!FarmFolder::isPlainName(task.name))
        refuse(recordPath, field + ".name", task.name, "is not a plain file name");
    const fs::path job(task.jobFile), output(task.outputPath);
    const std::string recordedJobs = recordedOut + "/.farm/" + s.id + "/jobs";
    if (!FarmFolder::isPlainName(job.filename().string()) || job.extension() != ".json" ||
        normal(job.parent_path().string()) != recordedJobs || normal(task.jobFile) != task.jobFile)
        refuse(recordPath, field + ".job", task.jobFile, "is not a job file in this submission's jobs/ folder");
    if (!FarmFolder::isPlainName(output.filename().string()) || !isVideoFile(output.filename()) ||
        normal(output.parent_path().string()) != recordedOut || normal(task.outputPath) != task.outputPath)
        refuse(recordPath, field + ".output", task.outputPath,
               "is not a clip (NAME.mp4, .webm, .mov, .gif) directly in the output folder " + recordedOut);
    if (output.stem() != job.stem()) // run-task names the clip after the job file
        refuse(recordPath, field + ".output", task.outputPath, "is not named after its job file " + job.filename().string());
    if (task.estimateSeconds < 0)
        refuse(recordPath, field + ".estimateSeconds", std::to_string(task.estimateSeconds), "is negative");
    task.jobFile = s.folder + "/jobs/" + job.filename().string();
    task.outputPath = FarmSubmissionCheck::outFolderOf(s.folder) + "/" + output.filename().string();
}

} // namespace

std::string FarmSubmissionCheck::outFolderOf(const std::string& submissionFolder)
{
    return fs::path(submissionFolder).parent_path().parent_path().string();
}

void FarmSubmissionCheck::confine(FarmSubmission& s, const std::string& recordPath)
{
    const fs::path folder(s.folder);
    if (!FarmFolder::isSubmissionId(s.id) || s.id != folder.filename().string())
        refuse(recordPath, "id", s.id, "is not this submission folder's name (" + folder.filename().string() + ")");
    if (folder.parent_path().filename() != ".farm")
        throw FileError(ErrorCode::BadFile, s.folder, "is not a submission folder (<out>/.farm/<id>)");
    if (s.arrayId.size() > 20 || s.arrayId.find_first_not_of("0123456789") != std::string::npos)
        refuse(recordPath, "arrayId", s.arrayId, "is not a Slurm job id (digits)");
    std::string recordedOut = s.settings.outFolder; // "/shared/out/" as typed: the same folder
    while (recordedOut.size() > 1 && recordedOut.back() == '/')
        recordedOut.pop_back();
    if (!fs::path(recordedOut).is_absolute() || normal(recordedOut) != recordedOut || recordedOut == "/")
        refuse(recordPath, "settings.outFolder", recordedOut, "is not an absolute, normal folder path");
    if (const auto format = exportFormatFromName(s.settings.format); !format || *format == ExportFormat::PngSequence)
        refuse(recordPath, "settings.format", s.settings.format, "is not a video format");
    if (s.tasks.empty() || s.tasks.size() > static_cast<std::size_t>(kMaxTasks))
        refuse(recordPath, "tasks", std::to_string(s.tasks.size()) + " tasks", "is not 1 to 1000000 tasks");
    std::set<int> indexes;
    std::set<std::string> outputs;
    for (std::size_t i = 0; i < s.tasks.size(); ++i) {
        FarmTask& task = s.tasks[i];
        const std::string field = "tasks[" + std::to_string(i) + "]";
        if (task.index < 0 || task.index >= kMaxTasks || !indexes.insert(task.index).second)
            refuse(recordPath, field + ".index", std::to_string(task.index), "is negative, too large or given twice");
        confineTask(task, field, s, recordedOut, recordPath);
        if (!outputs.insert(task.outputPath).second)
            refuse(recordPath, field + ".output", task.outputPath, "is the clip of another task too");
    }
    s.settings.outFolder = outFolderOf(s.folder);
}

bool FarmSubmissionCheck::isOwnLatents(const FarmSubmission& s, int index, const std::string& latentsField)
{
    const fs::path p(latentsField);
    const fs::path folder = p.parent_path().parent_path();
    return p.is_absolute() && p.lexically_normal() == p && p.filename() == std::to_string(index) + ".safetensors" &&
           p.parent_path().filename() == "latents" && folder.filename() == s.id &&
           folder.parent_path().filename() == ".farm";
}

} // namespace framesmith::cli
