#include "cli/FarmCollector.h"

#include "export/AtomicOutput.h"
#include "framesmith/Error.h"
#include "framesmith/ExportOptions.h"

#include <nlohmann/json.hpp>

#include <ctime>
#include <filesystem>
#include <fstream>
#include <sstream>

namespace framesmith::cli {

namespace fs = std::filesystem;

namespace {

constexpr int kHistorySchemaVersion = 1; // ui/HistoryStore's

void copyAtomically(const fs::path& from, const fs::path& to)
{
    std::error_code ec;
    fs::create_directories(to.parent_path(), ec);
    const fs::path temp = to.string() + ".tmp-collect";
    fs::copy_file(from, temp, fs::copy_options::overwrite_existing, ec);
    if (!ec)
        fs::rename(temp, to, ec);
    if (ec) {
        const std::string reason = ec.message();
        fs::remove(temp, ec);
        throw FileError(ErrorCode::Io, to.string(), "cannot be written (" + reason + ")");
    }
}

void writeAtomically(const fs::path& path, const std::string& text)
{
    std::error_code ec;
    fs::create_directories(path.parent_path(), ec);
    AtomicOutput out(path.string(), AtomicOutput::Kind::File);
    out.writeText(text);
    out.commit();
}

std::string readText(const std::string& path)
{
    std::ifstream in(path);
    std::stringstream text;
    text << in.rdbuf();
    return text.str();
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
GenerationRequest recordedRequest(const std::string& clip, const std::string& jobFile)
{
    for (const std::string& source : {exportSidecarPath(clip), jobFile}) {
        try {
            return requestFromJson(readText(source));
        } catch (const std::exception&) {
        }
    }
    throw FileError(ErrorCode::BadFile, jobFile, "holds no readable request");
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
    const std::string ext = fs::path(job.outputPath).extension().string();
    const fs::path video = fs::path(m_root) / "clips" / (id + ext);
    const GenerationRequest request = recordedRequest(job.outputPath, submission.task(job.index).jobFile);
    copyAtomically(job.outputPath, video);
    if (fs::exists(exportSidecarPath(job.outputPath)))
        copyAtomically(exportSidecarPath(job.outputPath), exportSidecarPath(video.string()));
    nlohmann::json entry = entryJson(id, request, isoTimeOf(job.outputPath));
    entry["video"] = (fs::path("clips") / (id + ext)).string();
    writeAtomically(fs::path(m_root) / "history" / (id + ".json"), entry.dump(2) + "\n");
    return {job.name, Outcome::Collected, video.string()};
}

FarmCollector::Row FarmCollector::collectLatents(const FarmSubmission& submission, const FarmJobStatus& job)
{
    const std::string id = entryId(submission, job.index);
    const fs::path kept = fs::path(m_root) / "checkpoints" / (id + ".safetensors");
    const GenerationRequest request = recordedRequest("", submission.task(job.index).jobFile);
    copyAtomically(job.latentsPath, kept);
    nlohmann::json entry = entryJson(id, request, isoTimeOf(job.latentsPath));
    entry["isPartial"] = true;
    entry["latents"] = (fs::path("checkpoints") / (id + ".safetensors")).string();
    writeAtomically(fs::path(m_root) / "history" / (id + ".json"), entry.dump(2) + "\n");
    return {job.name, Outcome::KeptLatents, job.reason + "; latents in " + kept.string() + " (Decode again in the History)"};
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
        else if (job.state == FarmJobStatus::State::Ok)
            rows.push_back(collectClip(submission, job));
        else if (!job.latentsPath.empty())
            rows.push_back(collectLatents(submission, job));
        else
            rows.push_back({job.name, Outcome::Failed, job.reason});
    }
    return rows;
}

} // namespace framesmith::cli
