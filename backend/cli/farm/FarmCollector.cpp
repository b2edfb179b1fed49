#include "cli/farm/FarmCollector.h"

#include "cli/farm/FarmFolder.h"
#include "cli/farm/FarmSubmissionCheck.h"
#include "export/AtomicOutput.h"
#include "framesmith/Error.h"
#include "framesmith/ExportOptions.h"

#include <nlohmann/json.hpp>

#include <ctime>
#include <filesystem>

namespace framesmith::cli {

namespace fs = std::filesystem;

namespace {

constexpr int kHistorySchemaVersion = 1; // ui/HistoryStore's

void makeFolder(const fs::path& folder)
{
    std::error_code ec;
    fs::create_directories(folder, ec);
}

void writeAtomically(const fs::path& path, const std::string& text)
{
    makeFolder(path.parent_path());
    AtomicOutput out(path.string(), AtomicOutput::Kind::File);
    out.writeText(text);
    out.commit();
}

std::string isoTimeOf(const fs::path& file)
{
    std::error_code ec;
    const auto written = fs::last_write_time(file, ec);
    const auto system = std::chrono::time_point_cast<std::chrono::system_clock::duration>(
        written - fs::file_time_type::clock::now() + std::chrono::system_clock::now());
    const std::time_t time = ec ? std::time(nullptr) : std::chrono::system_clock::to_time_t(system);
    std::tm tm{};
    gmtime_r(&time, &tm);
    char text[40];
    std::strftime(text, sizeof text, "%Y-%m-%dT%H:%M:%S.000Z", &tm);
    return text;
}

// The request the clip recorded (its resolved preset included); the job's own when unreadable.
// Both are read inside their folders with a cap (FarmFolder): a link or FIFO there is no request.
GenerationRequest recordedRequest(const FarmSubmission& sub, const std::string& clipName, const std::string& jobName)
{
    const std::string outFolder = FarmSubmissionCheck::outFolderOf(sub.folder);
    const std::pair<std::string, std::string> sources[] = {{outFolder, clipName.empty() ? "" : clipName + ".json"},
                                                           {sub.folder, "jobs/" + jobName}};
    for (const auto& [folder, relative] : sources) {
        if (relative.empty())
            continue;
        try {
            return requestFromJson(FarmFolder::readInside(folder, relative, FarmFolder::kMaxSmallFileBytes, "request"));
        } catch (const std::exception&) {
        }
    }
    throw FileError(ErrorCode::BadFile, sub.folder + "/jobs/" + jobName, "holds no readable request");
}

// The file name of a task's clip, when it names one directly in the submission's output folder.
std::string clipNameOf(const FarmSubmission& sub, const FarmJobStatus& job)
{
    const fs::path clip(job.outputPath);
    const std::string name = clip.filename().string();
    if (!FarmFolder::isPlainName(name) || clip.parent_path() != FarmSubmissionCheck::outFolderOf(sub.folder))
        throw FileError(ErrorCode::BadFile, job.outputPath, "is not a clip in the submission's output folder: refused");
    return name;
}

nlohmann::json entryJson(const std::string& id, const GenerationRequest& r, const std::string& createdAt)
{
    return {{"schemaVersion", kHistorySchemaVersion}, {"id", id}, {"title", ""}, {"createdAt", createdAt},
            {"request", toJson(r)}, {"seed", std::to_string(r.seed)},
            {"model", fs::path(r.modelPath).filename().string()}, {"preset", r.preset}, {"video", ""},
            {"thumbnail", ""}, {"frameCount", r.frameCount}, {"width", r.width}, {"height", r.height},
            {"stepsCompleted", r.steps}, {"isPartial", false}, {"latents", ""}, {"timings", nlohmann::json::array()}};
}

} // namespace

FarmCollector::FarmCollector(std::string dataRoot) : m_root(std::move(dataRoot)) {}

std::string FarmCollector::entryId(const FarmSubmission& submission, int index)
{
    // The id names files in the data folder: never a separator or "..", whoever built the record.
    if (!FarmFolder::isSubmissionId(submission.id) || index < 0)
        throw FileError(ErrorCode::BadFile, submission.folder, "id: '" + submission.id + "' is not a submission id: refused");
    return "farm-" + submission.id + "-" + std::to_string(index);
}

const char* FarmCollector::outcomeName(Outcome outcome)
{
    switch (outcome) {
    case Outcome::Collected: return "collected";
    case Outcome::AlreadyCollected: return "already";
    case Outcome::KeptLatents: return "latents";
    case Outcome::Failed: return "failed";
    case Outcome::NotFinished: return "waiting";
    }
    return "?";
}

FarmCollector::Row FarmCollector::collectClip(const FarmSubmission& submission, const FarmJobStatus& job)
{
    const std::string id = entryId(submission, job.index);
    const std::string clipName = clipNameOf(submission, job);
    const std::string ext = fs::path(clipName).extension().string();
    const auto format = ext.size() > 1 ? exportFormatFromName(ext.substr(1)) : std::nullopt;
    if (!format || exportFormatExtension(*format) != ext)
        throw FileError(ErrorCode::BadFile, job.outputPath, "is not a video the History shows: refused");
    const fs::path video = fs::path(m_root) / "clips" / (id + ext);
    const std::string jobName = fs::path(submission.task(job.index).jobFile).filename().string();
    const GenerationRequest request = recordedRequest(submission, clipName, jobName);
    const std::string outFolder = FarmSubmissionCheck::outFolderOf(submission.folder);
    makeFolder(video.parent_path());
    try {
        FarmFolder::copyInside(outFolder, clipName, video.string(), "clip");
        FarmFolder::copyInside(outFolder, clipName + ".json", exportSidecarPath(video.string()), "clip sidecar");
    } catch (const FileError& e) {
        if (e.code() != ErrorCode::MissingFile || !fs::exists(video)) { // a clip without a sidecar is fine
            std::error_code ec;
            fs::remove(video, ec); // no half-collected clip stays behind
            throw;
        }
    }
    nlohmann::json entry = entryJson(id, request, isoTimeOf(video));
    entry["video"] = (fs::path("clips") / (id + ext)).string();
    writeAtomically(fs::path(m_root) / "history" / (id + ".json"), entry.dump(2) + "\n");
    return {job.name, Outcome::Collected, video.string()};
}

FarmCollector::Row FarmCollector::collectLatents(const FarmSubmission& submission, const FarmJobStatus& job)
{
    const std::string id = entryId(submission, job.index);
    const std::string relative = "latents/" + std::to_string(job.index) + ".safetensors";
    if (job.latentsPath != submission.folder + "/" + relative) // only the task's own checkpoint
        throw FileError(ErrorCode::BadFile, job.latentsPath, "is not this task's " + relative + ": refused");
    const fs::path kept = fs::path(m_root) / "checkpoints" / (id + ".safetensors");
    const std::string jobName = fs::path(submission.task(job.index).jobFile).filename().string();
    const GenerationRequest request = recordedRequest(submission, "", jobName);
    makeFolder(kept.parent_path());
    FarmFolder::copyInside(submission.folder, relative, kept.string(), "latents checkpoint");
    nlohmann::json entry = entryJson(id, request, isoTimeOf(kept));
    entry["isPartial"] = true;
    entry["latents"] = (fs::path("checkpoints") / (id + ".safetensors")).string();
    writeAtomically(fs::path(m_root) / "history" / (id + ".json"), entry.dump(2) + "\n");
    return {job.name, Outcome::KeptLatents, job.reason + "; latents in " + kept.string() + " (Decode again in the History)"};
}

FarmCollector::Row FarmCollector::collectOne(const FarmSubmission& submission, const FarmJobStatus& job)
{
    try {
        if (job.state == FarmJobStatus::State::Ok)
            return collectClip(submission, job);
        if (!job.latentsPath.empty())
            return collectLatents(submission, job);
    } catch (const FileError& e) {
        if (e.code() != ErrorCode::BadFile && e.code() != ErrorCode::MissingFile)
            throw; // the data folder cannot be written: every other job would fail alike
        return {job.name, Outcome::Failed, e.what()}; // what the shared folder holds is refused, named
    }
    return {job.name, Outcome::Failed, job.reason};
}

std::vector<FarmCollector::Row> FarmCollector::collect(const FarmSubmission& submission, const std::vector<FarmJobStatus>& jobs)
{
    std::vector<Row> rows;
    for (const FarmJobStatus& job : jobs) {
        const fs::path entry = fs::path(m_root) / "history" / (entryId(submission, job.index) + ".json");
        std::error_code ec;
        if (!job.isFinished())
            rows.push_back({job.name, Outcome::NotFinished, FarmStatus::stateName(job.state)});
        else if (fs::exists(entry, ec))
            rows.push_back({job.name, Outcome::AlreadyCollected, entry.string()});
        else
            rows.push_back(collectOne(submission, job));
    }
    return rows;
}

} // namespace framesmith::cli
