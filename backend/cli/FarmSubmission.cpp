#include "cli/FarmSubmission.h"

#include "export/AtomicOutput.h"
#include "framesmith/DataFolders.h"
#include "framesmith/Error.h"

#include <nlohmann/json.hpp>

#include <algorithm>
#include <ctime>
#include <filesystem>
#include <fstream>
#include <sstream>
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

void makeFolder(const fs::path& folder)
{
    std::error_code ec;
    fs::create_directories(folder, ec);
    if (!fs::is_directory(folder, ec))
        throw FileError(ErrorCode::Io, folder.string(), "cannot be created (is the output folder writable?)");
}

std::string readText(const std::string& path)
{
    std::ifstream in(path);
    if (!in.is_open())
        throw FileError(ErrorCode::MissingFile, path, "cannot be read: not a farm submission folder");
    std::stringstream text;
    text << in.rdbuf();
    return text.str();
}

nlohmann::json settingsJson(const FarmSettings& s)
{
    return {{"outFolder", s.outFolder}, {"partition", s.partition}, {"gpusPerJob", s.gpusPerJob},
            {"sbatchArgs", s.sbatchArgs}, {"model", s.model}, {"device", s.device}, {"format", s.format}};
}

FarmSettings settingsFrom(const nlohmann::json& j)
{
    FarmSettings s;
    s.outFolder = j.at("outFolder").get<std::string>();
    s.partition = j.at("partition").get<std::string>();
    s.gpusPerJob = j.at("gpusPerJob").get<int>();
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
    std::error_code ec;
    s.id = stem;
    for (int n = 2; fs::exists(fs::absolute(settings.outFolder) / ".farm" / s.id, ec); ++n)
        s.id = stem + "-" + std::to_string(n); // two submissions in one second
    s.folder = (fs::absolute(settings.outFolder) / ".farm" / s.id).string();
    s.cliPath = fs::read_symlink("/proc/self/exe", ec).string();
    for (const char* sub : {"jobs", "state", "latents", "logs"})
        makeFolder(fs::path(s.folder) / sub);
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
    return s;
}

void FarmSubmission::save() const
{
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
    const std::string path = (fs::path(folder) / "submission.json").string();
    const nlohmann::json json = nlohmann::json::parse(readText(path), nullptr, false);
    FarmSubmission s;
    try {
        if (!json.is_object() || json.value("schemaVersion", 0) != 1)
            throw FileError(ErrorCode::BadFile, path, "is not a submission record this version reads");
        s.folder = fs::absolute(folder).lexically_normal().string();
        s.id = json.at("id").get<std::string>();
        s.arrayId = json.at("arrayId").get<std::string>();
        s.createdAt = json.at("createdAt").get<std::string>();
        s.cliPath = json.at("cli").get<std::string>();
        s.timeLimitMinutes = json.at("timeLimitMinutes").get<int>();
        s.settings = settingsFrom(json.at("settings"));
        for (const nlohmann::json& t : json.at("tasks"))
            s.tasks.push_back({t.at("index").get<int>(), t.at("name").get<std::string>(), t.at("job").get<std::string>(),
                               t.at("output").get<std::string>(), t.at("estimateSeconds").get<std::int64_t>()});
    } catch (const nlohmann::json::exception& e) {
        throw FileError(ErrorCode::BadFile, path, std::string("is damaged: ") + e.what());
    }
    return s;
}

std::vector<std::string> FarmSubmission::foldersIn(const std::string& outFolder)
{
    std::vector<std::string> folders;
    std::error_code ec;
    for (const auto& entry : fs::directory_iterator(fs::path(outFolder) / ".farm", ec))
        if (fs::is_regular_file(entry.path() / "submission.json", ec))
            folders.push_back(entry.path().string());
    std::sort(folders.begin(), folders.end()); // ids start with the UTC time
    return folders;
}

void FarmSubmission::remember() const
{
    const fs::path registry = dataFolder("farm");
    makeFolder(registry);
    writeAtomically((registry / (arrayId + ".path")).string(), folder + "\n");
}

std::string FarmSubmission::folderOf(const std::string& arrayId)
{
    const bool isId = !arrayId.empty() && arrayId.find_first_not_of("0123456789") == std::string::npos;
    std::ifstream in;
    if (isId)
        in.open(fs::path(dataFolder("farm")) / (arrayId + ".path"));
    std::string folder;
    if (!in.is_open() || !std::getline(in, folder))
        throw InvalidRequestError("ID", "'" + arrayId + "' is not an array this machine submitted: give the output folder instead");
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

std::string FarmSubmission::logPattern() const { return (fs::path(folder) / "logs" / "%A_%a.out").string(); }

const FarmTask& FarmSubmission::task(int index) const
{
    for (const FarmTask& t : tasks)
        if (t.index == index)
            return t;
    throw InvalidRequestError("--task", std::to_string(index) + " is not a task of " + folder + " (0.." +
                                            std::to_string(static_cast<int>(tasks.size()) - 1) + ")");
}

} // namespace framesmith::cli
