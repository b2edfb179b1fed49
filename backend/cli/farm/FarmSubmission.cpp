#include "cli/farm/FarmSubmission.h"

#include "cli/farm/FarmFolder.h"
#include "cli/farm/FarmSubmissionCheck.h"
#include "core/Utf8.h"
#include "export/AtomicOutput.h"
#include "framesmith/DataFolders.h"
#include "framesmith/Error.h"
#include "io/BoundedFileReader.h"
#include "io/JsonGuard.h"

#include <nlohmann/json.hpp>

#include <algorithm>
#include <ctime>
#include <filesystem>
#include <unistd.h>

namespace framesmith::cli {

namespace fs = std::filesystem;

namespace {

std::string utcStamp(const char* format)
{
    const std::time_t now = std::time(nullptr);
    std::tm tm{};
    gmtime_r(&now, &tm);
    char text[40];
    std::strftime(text, sizeof text, format, &tm);
    return text;
}

void writeAtomically(const std::string& path, const std::string& text)
{
    AtomicOutput out(path, AtomicOutput::Kind::File);
    out.writeText(text);
    out.commit();
}

void makeSubmissionFolder(const fs::path& folder)
{
    std::error_code ec;
    fs::create_directories(folder, ec);
    if (!fs::is_directory(folder, ec))
        throw FileError(ErrorCode::Io, folder.string(), "cannot be created (is the output folder writable?)");
}

// An integer field of the record as written: a float, text or out-of-range value is refused (a
// float converted to int is undefined behaviour; a wrapped 2^32 + 1 would pass a later check).
std::int64_t integerAt(const nlohmann::json& j, const char* key, std::int64_t low, std::int64_t high,
                       const std::string& field, const std::string& path)
{
    const nlohmann::json& v = j.at(key);
    const bool fits = v.is_number_integer() &&
                      (v.is_number_unsigned() ? v.get<std::uint64_t>() <= static_cast<std::uint64_t>(high)
                                              : v.get<std::int64_t>() >= low && v.get<std::int64_t>() <= high);
    if (!fits)
        throw FileError(ErrorCode::BadFile, path, field + ": '" + v.dump() + "' is not an integer from " +
                                                      std::to_string(low) + " to " + std::to_string(high) + " (refused)");
    return v.get<std::int64_t>();
}

// submission.json is JSON text, but Linux names may hold any bytes: a name or path that is not UTF-8
// is refused here, named, instead of as nlohmann's "type_error.316" from dump().
void requireUtf8(const std::string& value, const std::string& field)
{
    std::size_t offset = 0;
    if (!Utf8::isValid(value, &offset))
        throw InvalidRequestError(field, "'" + value + "' is not valid UTF-8 (bad byte at offset " + std::to_string(offset) +
                                             "): the farm's submission.json records it as JSON text; use a UTF-8 name");
}

void requireUtf8(const FarmSubmission& s)
{
    requireUtf8(s.cliPath, "framesmith-cli's own path");
    requireUtf8(s.settings.outFolder, "--out");
    requireUtf8(s.settings.partition, "--partition");
    for (const std::string& arg : s.settings.sbatchArgs)
        requireUtf8(arg, "--sbatch-arg");
    requireUtf8(s.settings.model, "--model");
    requireUtf8(s.settings.device, "--device");
    for (const FarmTask& t : s.tasks) {
        requireUtf8(t.name, "job file name");
        requireUtf8(t.jobFile, "job file name");
        requireUtf8(t.outputPath, "clip name");
    }
}

nlohmann::json settingsJson(const FarmSettings& s)
{
    return {{"outFolder", s.outFolder}, {"partition", s.partition}, {"gpusPerJob", s.gpusPerJob},
            {"sbatchArgs", s.sbatchArgs}, {"model", s.model}, {"device", s.device}, {"format", s.format}};
}

FarmSettings settingsFrom(const nlohmann::json& j, const std::string& path)
{
    FarmSettings s;
    s.outFolder = j.at("outFolder").get<std::string>();
    s.partition = j.at("partition").get<std::string>();
    s.gpusPerJob = static_cast<int>(integerAt(j, "gpusPerJob", 0, 64, "settings.gpusPerJob", path));
    s.sbatchArgs = j.at("sbatchArgs").get<std::vector<std::string>>();
    s.model = j.at("model").get<std::string>();
    s.device = j.at("device").get<std::string>();
    s.format = j.at("format").get<std::string>();
    return s;
}

} // namespace

FarmSubmission FarmSubmission::create(const FarmSettings& settings, const std::vector<BatchJob>& jobs,
                                      const std::vector<std::int64_t>& estimates)
{
    FarmSubmission s;
    s.settings = settings;
    const std::string stem = utcStamp("%Y%m%d-%H%M%S-") + std::to_string(::getpid());
    s.createdAt = utcStamp("%Y-%m-%dT%H:%M:%SZ");
    const fs::path farm = fs::absolute(settings.outFolder) / ".farm";
    makeSubmissionFolder(farm);
    std::error_code ec;
    if (fs::is_symlink(farm, ec)) // someone else's folder would receive our jobs
        throw FileError(ErrorCode::BadFile, farm.string(), "is a symbolic link; it must be a real folder of the output folder");
    // mkdir, not "create if missing": a name planted in advance (a link) is never written through.
    s.id = stem;
    for (int n = 2; !FarmFolder::makeNewFolder((farm / s.id).string()); ++n)
        s.id = stem + "-" + std::to_string(n); // two submissions in one second
    s.folder = (farm / s.id).string();
    s.cliPath = fs::read_symlink("/proc/self/exe", ec).string();
    try {
        for (const char* sub : {"jobs", "state", "latents", "logs"})
            if (!FarmFolder::makeNewFolder((fs::path(s.folder) / sub).string()))
                throw FileError(ErrorCode::Io, s.folder, std::string("already holds ") + sub + "/");
        for (size_t i = 0; i < jobs.size(); ++i) {
            FarmTask task;
            task.index = static_cast<int>(i);
            task.name = jobs[i].name();
            task.jobFile = (fs::path(s.folder) / "jobs" / (fs::path(jobs[i].jobPath).stem().string() + ".json")).string();
            task.outputPath = fs::absolute(jobs[i].outputPath).string();
            task.estimateSeconds = i < estimates.size() ? estimates[i] : 0;
            writeAtomically(task.jobFile, toJson(jobs[i].request) + "\n");
            s.tasks.push_back(task);
        }
    } catch (...) {
        fs::remove_all(s.folder, ec); // a full disk half-way: no half-made submission stays behind
        throw;
    }
    return s;
}

void FarmSubmission::save() const
{
    requireUtf8(*this);
    nlohmann::json tasksJson = nlohmann::json::array();
    for (const FarmTask& t : tasks)
        tasksJson.push_back({{"index", t.index}, {"name", t.name}, {"job", t.jobFile},
                             {"output", t.outputPath}, {"estimateSeconds", t.estimateSeconds}});
    const nlohmann::json json = {{"schemaVersion", 1}, {"id", id}, {"arrayId", arrayId},
                                 {"createdAt", createdAt}, {"cli", cliPath},
                                 {"timeLimitMinutes", timeLimitMinutes}, {"settings", settingsJson(settings)},
                                 {"tasks", tasksJson}};
    writeAtomically((fs::path(folder) / "submission.json").string(), json.dump(2) + "\n");
}

FarmSubmission FarmSubmission::load(const std::string& folder)
{
    FarmSubmission s;
    s.folder = fs::absolute(folder).lexically_normal().string();
    while (s.folder.size() > 1 && s.folder.back() == '/')
        s.folder.pop_back();
    const std::string path = s.folder + "/submission.json";
    std::string text;
    try {
        text = FarmFolder::readInside(s.folder, "submission.json", FarmFolder::kMaxRecordBytes, "submission record");
    } catch (const FileError& e) {
        if (e.code() != ErrorCode::MissingFile)
            throw;
        throw FileError(ErrorCode::MissingFile, path, "cannot be read: not a farm submission folder");
    }
    const nlohmann::json json = JsonGuard::parse(text.data(), text.size(), 8, path, "the submission record");
    try {
        if (!json.is_object() || json.value("schemaVersion", 0) != 1)
            throw FileError(ErrorCode::BadFile, path, "is not a submission record this version reads");
        s.id = json.at("id").get<std::string>();
        s.arrayId = json.at("arrayId").get<std::string>();
        s.createdAt = json.at("createdAt").get<std::string>();
        s.cliPath = json.at("cli").get<std::string>();
        s.timeLimitMinutes = static_cast<int>(integerAt(json, "timeLimitMinutes", 0, 1'000'000, "timeLimitMinutes", path));
        s.settings = settingsFrom(json.at("settings"), path);
        for (const nlohmann::json& t : json.at("tasks")) {
            const std::string field = "tasks[" + std::to_string(s.tasks.size()) + "]";
            s.tasks.push_back({static_cast<int>(integerAt(t, "index", -1, 1'000'000, field + ".index", path)),
                               t.at("name").get<std::string>(), t.at("job").get<std::string>(),
                               t.at("output").get<std::string>(),
                               integerAt(t, "estimateSeconds", 0, 1ll << 40, field + ".estimateSeconds", path)});
        }
    } catch (const nlohmann::json::exception& e) {
        throw FileError(ErrorCode::BadFile, path, std::string("is damaged: ") + e.what());
    }
    FarmSubmissionCheck::confine(s, path);
    return s;
}

std::vector<std::string> FarmSubmission::foldersIn(const std::string& outFolder)
{
    std::vector<std::string> folders;
    std::error_code ec;
    for (const auto& entry : fs::directory_iterator(fs::path(outFolder) / ".farm", ec))
        if (!entry.is_symlink(ec) && entry.is_directory(ec) && fs::exists(entry.path() / "submission.json", ec))
            folders.push_back(entry.path().string()); // load() judges the record itself
    std::sort(folders.begin(), folders.end()); // ids start with the UTC time
    return folders;
}

void FarmSubmission::remember() const
{
    const fs::path registry = dataFolder("farm");
    makeSubmissionFolder(registry);
    writeAtomically((registry / (arrayId + ".path")).string(), folder + "\n");
}

std::string FarmSubmission::folderOf(const std::string& arrayId)
{
    const bool isId = !arrayId.empty() && arrayId.size() <= 20 && arrayId.find_first_not_of("0123456789") == std::string::npos;
    const auto unknown = [&] {
        return InvalidRequestError("ID", "'" + arrayId + "' is not an array this machine submitted: give the output folder instead");
    };
    if (!isId)
        throw unknown();
    const std::string pathFile = (fs::path(dataFolder("farm")) / (arrayId + ".path")).string();
    std::string text;
    try {
        text = BoundedFileReader::read(pathFile, FarmFolder::kMaxSmallFileBytes, "farm array record");
    } catch (const FileError& e) {
        if (e.code() == ErrorCode::MissingFile)
            throw unknown();
        throw;
    }
    const std::string folder = text.substr(0, text.find('\n'));
    const fs::path where(folder);
    // Only what remember() writes: an absolute <out>/.farm/<id>.
    if (!where.is_absolute() || where.lexically_normal() != where || where.parent_path().filename() != ".farm" ||
        !FarmFolder::isSubmissionId(where.filename().string()))
        throw FileError(ErrorCode::BadFile, pathFile, "does not name a submission folder (<out>/.farm/<id>)");
    return folder;
}

std::string FarmSubmission::scriptPath() const { return (fs::path(folder) / "farm.sbatch").string(); }

std::string FarmSubmission::statePath(int index) const
{
    return (fs::path(folder) / "state" / (std::to_string(index) + ".json")).string();
}

std::string FarmSubmission::latentsPath(int index) const
{
    return (fs::path(folder) / "latents" / (std::to_string(index) + ".safetensors")).string();
}

std::string FarmSubmission::logPath(int index) const
{
    return (fs::path(folder) / "logs" / (arrayId + "_" + std::to_string(index) + ".out")).string();
}

std::string FarmSubmission::logPattern() const
{
    // Slurm expands '%' in --output (%j, %u, %N ...): a '%' of the folder's own is written "%%".
    std::string escaped;
    for (const char c : folder)
        escaped += c == '%' ? std::string("%%") : std::string(1, c);
    return escaped + "/logs/%A_%a.out";
}

const FarmTask& FarmSubmission::task(int index) const
{
    for (const FarmTask& t : tasks)
        if (t.index == index)
            return t;
    throw InvalidRequestError("--task", std::to_string(index) + " is not a task of " + folder + " (0.." +
                                            std::to_string(static_cast<int>(tasks.size()) - 1) + ")");
}

} // namespace framesmith::cli
