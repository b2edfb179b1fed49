#include "pipeline/LatentsCheckpoint.h"

#include "framesmith/DataFolders.h"
#include "framesmith/Error.h"
#include "io/SafetensorsReader.h"
#include "io/SafetensorsWriter.h"

#include <ATen/ATen.h>

#include <chrono>
#include <cstdlib>
#include <ctime>
#include <filesystem>

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
    LatentsCheckpoint c;
    c.latents = reader.view("latents").clone();
    try {
        c.request = requestFromJson(metadataValue(reader, "request"));
    } catch (const InvalidRequestError& e) {
        throw FileError(ErrorCode::BadFile, path, std::string("metadata \"request\": ") + e.what());
    }
    auto meta = reader.metadata();
    c.family = meta.count("family") ? meta["family"] : "";
    c.stepsCompleted = meta.count("steps_completed") ? std::atoi(meta["steps_completed"].c_str()) : 0;
    c.stepCount = meta.count("step_count") ? std::atoi(meta["step_count"].c_str()) : 0;
    c.isPartial = meta.count("partial") && meta["partial"] == "true";
    c.isPaused = meta.count("paused") && meta["paused"] == "true";
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
    fs::path path = dir / (stem + ".latents.safetensors");
    for (int n = 2; fs::exists(path, ec); ++n)
        path = dir / (stem + "-" + std::to_string(n) + ".latents.safetensors");
    return path.string();
}

} // namespace framesmith
