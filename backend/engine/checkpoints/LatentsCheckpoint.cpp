#include "engine/checkpoints/LatentsCheckpoint.h"

#include "framesmith/DataFolders.h"
#include "framesmith/Error.h"
#include "io/SafetensorsReader.h"
#include "io/SafetensorsWriter.h"

#include <ATen/ATen.h>

#include <cerrno>
#include <cstring>
#include <chrono>
#include <cstdlib>
#include <ctime>
#include <filesystem>

#include <fcntl.h>
#include <unistd.h>

namespace framesmith {

namespace {

const char* kFormat = "framesmith-latents-checkpoint";
const std::string kSchedulerPrefix = "scheduler.";
const std::string kNoisePrefix = "noise.";

std::string metadataValue(const SafetensorsReader& reader, const std::string& key)
{
    auto it = reader.metadata().find(key);
    if (it == reader.metadata().end())
        throw FileError(ErrorCode::BadFile, reader.path(), "no \"" + key + "\" in the metadata: not a Framesmith latents checkpoint");
    return it->second;
}

// A count written by write(): decimal digits only, in int's range. std::atoi read "abc" as 0, so a
// tampered checkpoint re-ran every step on latents that were already denoised.
int metadataCount(const SafetensorsReader& reader, const std::string& key)
{
    auto it = reader.metadata().find(key);
    if (it == reader.metadata().end())
        return 0;
    const std::string& text = it->second;
    long long value = 0;
    const bool isDigits = !text.empty() && text.size() <= 9 &&
                          text.find_first_not_of("0123456789") == std::string::npos;
    if (isDigits)
        value = std::stoll(text);
    if (!isDigits || value > 1000000)
        throw FileError(ErrorCode::BadFile, reader.path(), "metadata \"" + key + "\" is '" + text.substr(0, 40) +
                                                               "', not a step count (0 to 1000000): the file is corrupt or was edited");
    return static_cast<int>(value);
}

bool metadataFlag(const SafetensorsReader& reader, const std::string& key)
{
    auto it = reader.metadata().find(key);
    if (it == reader.metadata().end())
        return false;
    if (it->second != "true" && it->second != "false")
        throw FileError(ErrorCode::BadFile, reader.path(), "metadata \"" + key + "\" is '" + it->second.substr(0, 40) +
                                                               "', expected true or false: the file is corrupt or was edited");
    return it->second == "true";
}

} // namespace

void LatentsCheckpoint::write(const std::string& path) const
{
    SafetensorsWriter writer;
    writer.add("latents", latents);
    writer.setMetadata("format", kFormat);
    writer.setMetadata("request", toJson(request));
    writer.setMetadata("family", family);
    writer.setMetadata("steps_completed", std::to_string(stepsCompleted));
    writer.setMetadata("step_count", std::to_string(stepCount));
    writer.setMetadata("partial", isPartial ? "true" : "false");
    if (isPaused) {
        writer.setMetadata("paused", "true");
        for (const auto& [key, tensor] : schedulerState)
            writer.add(kSchedulerPrefix + key, tensor);
        for (const auto& [key, tensor] : noiseState)
            writer.add(kNoisePrefix + key, tensor);
    }
    writer.write(path);
}

std::vector<std::string> LatentsCheckpoint::problems() const
{
    std::vector<std::string> found;
    if (isPartial || (stepCount > 0 && stepsCompleted < stepCount))
        found.push_back("partial denoise: " + std::to_string(stepsCompleted) + " of " + std::to_string(stepCount) +
                        " steps; the frames are unfinished");
    if (latents.defined() && latents.is_floating_point()) {
        const std::int64_t bad = (~at::isfinite(latents)).sum().item<std::int64_t>();
        if (bad > 0)
            found.push_back(std::to_string(bad) + " of " + std::to_string(latents.numel()) +
                            " latent values are NaN or infinite; the decoded frames are not a picture");
    }
    return found;
}

LatentsCheckpoint LatentsCheckpoint::read(const std::string& path)
{
    SafetensorsReader reader(path);
    if (!reader.find("latents"))
        throw FileError(ErrorCode::BadFile, path, "has no tensor \"latents\"");
    const at::ScalarType dtype = reader.view("latents").scalar_type();
    if (dtype != at::kFloat && dtype != at::kHalf && dtype != at::kBFloat16 && dtype != at::kDouble)
        throw FileError(ErrorCode::BadFile, path, std::string("tensor \"latents\" is ") + c10::toString(dtype) +
                                                      ": latents are floating point (F32, F16, BF16); the file is corrupt or was edited");
    LatentsCheckpoint c;
    c.latents = reader.view("latents").clone();
    try {
        c.request = requestFromJson(metadataValue(reader, "request"));
    } catch (const InvalidRequestError& e) {
        throw FileError(ErrorCode::BadFile, path, std::string("metadata \"request\": ") + e.what());
    }
    auto meta = reader.metadata();
    c.family = meta.count("family") ? meta["family"] : "";
    c.stepsCompleted = metadataCount(reader, "steps_completed");
    c.stepCount = metadataCount(reader, "step_count");
    c.isPartial = metadataFlag(reader, "partial");
    c.isPaused = metadataFlag(reader, "paused");
    for (const TensorEntry& e : reader.entries()) {
        if (e.name.rfind(kSchedulerPrefix, 0) == 0)
            c.schedulerState[e.name.substr(kSchedulerPrefix.size())] = reader.view(e.name).clone();
        else if (e.name.rfind(kNoisePrefix, 0) == 0)
            c.noiseState[e.name.substr(kNoisePrefix.size())] = reader.view(e.name).clone();
    }
    return c;
}

LatentsCheckpoint LatentsCheckpoint::readPaused(const std::string& path)
{
    LatentsCheckpoint c = read(path);
    if (!c.isPaused)
        throw FileError(ErrorCode::BadFile, path,
                        "is not a paused run (no \"paused\" in the metadata): decode it with `framesmith-cli decode`");
    if (c.stepCount <= 0 || c.stepsCompleted < 0 || c.stepsCompleted > c.stepCount)
        throw FileError(ErrorCode::BadFile, path, "metadata: " + std::to_string(c.stepsCompleted) + " of " +
                                                      std::to_string(c.stepCount) + " steps is not a paused run");
    if (c.noiseState.empty())
        throw FileError(ErrorCode::BadFile, path, "has no \"noise.*\" tensors: the paused run cannot continue");
    // Denoising NaN or infinite latents only spreads them; the transformer is not to blame.
    const std::int64_t bad = (~at::isfinite(c.latents)).sum().item<std::int64_t>();
    if (bad > 0)
        throw FileError(ErrorCode::BadFile, path, std::to_string(bad) + " of " + std::to_string(c.latents.numel()) +
                                                      " latent values are NaN or infinite: the paused run cannot continue "
                                                      "(the file is corrupt or was edited)");
    return c;
}

std::string LatentsCheckpoint::defaultFolder()
{
    namespace fs = std::filesystem;
    if (const char* env = std::getenv("FRAMESMITH_CHECKPOINT_DIR"); env && *env)
        return env;
    return dataFolder("checkpoints"); // not a cache: it may hold the only copy of a run's work
}

std::string LatentsCheckpoint::defaultPath(const GenerationRequest& request)
{
    return freshPathIn(defaultFolder(), request);
}

std::string LatentsCheckpoint::freshPathIn(const std::string& folder, const GenerationRequest& request)
{
    namespace fs = std::filesystem;
    const fs::path dir = folder;
    std::error_code ec;
    fs::create_directories(dir, ec);
    if (ec)
        throw FileError(ErrorCode::Io, dir.string(), "cannot create the checkpoint folder: " + ec.message());
    const auto clock = std::chrono::system_clock::now();
    const std::time_t now = std::chrono::system_clock::to_time_t(clock);
    const auto millis = std::chrono::duration_cast<std::chrono::milliseconds>(clock.time_since_epoch()).count() % 1000;
    char stamp[48];
    std::strftime(stamp, sizeof stamp, "%Y%m%d-%H%M%S", std::localtime(&now));
    // Milliseconds and a counter: two runs of one seed never share a checkpoint (a regeneration
    // must not overwrite the run it repeats).
    const std::string stem = std::string(stamp) + "-" + std::to_string(1000 + millis).substr(1) + "-seed" +
                             std::to_string(request.seed);
    // The name is reserved by creating it (O_EXCL): two processes that looked at the folder in the
    // same millisecond cannot both take it. The writer renames the finished file over it.
    for (int n = 1; n < 10000; ++n) {
        const fs::path path = dir / (stem + (n == 1 ? "" : "-" + std::to_string(n)) + ".latents.safetensors");
        const int fd = ::open(path.c_str(), O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0600);
        if (fd >= 0) {
            ::close(fd);
            return path.string();
        }
        if (errno != EEXIST)
            throw FileError(ErrorCode::Io, path.string(), std::string("cannot reserve the checkpoint name: ") + std::strerror(errno));
    }
    throw FileError(ErrorCode::Io, dir.string(), "no free checkpoint name for " + stem);
}

int LatentsCheckpoint::removeStaleTemporaries(const std::string& folder)
{
    namespace fs = std::filesystem;
    // Only our own leftovers: "<name>.latents.safetensors.tmp-XXXXXX" (SafetensorsWriter's), and
    // only those untouched for an hour: a live writer appends to its file every few milliseconds.
    const auto cutoff = fs::file_time_type::clock::now() - std::chrono::hours(1);
    const std::string marker = ".latents.safetensors.tmp-";
    int removed = 0;
    std::error_code ec;
    for (fs::directory_iterator it(folder, ec), end; !ec && it != end; it.increment(ec)) {
        const std::string name = it->path().filename().string();
        const std::size_t at = name.rfind(marker);
        std::error_code statError;
        if (at == std::string::npos || name.size() != at + marker.size() + 6 || !it->is_regular_file(statError) ||
            it->is_symlink(statError) || fs::last_write_time(it->path(), statError) > cutoff || statError)
            continue;
        if (fs::remove(it->path(), statError))
            ++removed;
    }
    return removed;
}

} // namespace framesmith
