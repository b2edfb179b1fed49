#include "cli/farm/FarmTimeLimit.h"

#include "memory/planner/ModelPlanning.h"
#include "models/ModelRegistry.h"

#include <algorithm>
#include <cmath>
#include <cstdio>

namespace framesmith::cli {

namespace {

constexpr double kBytesPerParameter = 2.0; // the default preset's bfloat16

double denoiseFlopsPerStep(const ModelFootprint& f, const GenerationRequest& r)
{
    const double latentFrames = (std::max(r.frameCount, 1) - 1) / 4 + 1;
    const double tokens = latentFrames * std::ceil(r.height / 16.0) * std::ceil(r.width / 16.0);
    const double parameters = static_cast<double>(f.denoiser().bytes()) / kBytesPerParameter;
    const double blockParameters = static_cast<double>(f.denoiser().blocks.blockBytes) / kBytesPerParameter;
    const double width = std::sqrt(blockParameters / 12.0);
    const double passes = r.guidanceScale > 1.0 ? 2.0 : 1.0;
    return passes * (2.0 * parameters * tokens + 4.0 * f.denoiser().blocks.blockCount * tokens * tokens * width);
}

} // namespace

std::int64_t FarmTimeLimit::estimateSeconds(const GenerationRequest& request, bool onGpu)
{
    const ModelFootprint footprint = ModelRegistry::planning(request.modelPath)->footprint(MemoryPreset{});
    const double weightBytes = static_cast<double>(footprint.totalBytes());
    const double load = weightBytes / kStorageBytesPerSecond;
    const double flops = denoiseFlopsPerStep(footprint, request) * (std::max(request.steps, 1) + 2);
    const double compute = flops / (onGpu ? kGpuFlops : kCpuFlops);
    return static_cast<std::int64_t>(std::ceil(load + compute));
}

int FarmTimeLimit::limitMinutes(std::int64_t longestEstimateSeconds)
{
    const double minutes = std::ceil(static_cast<double>(longestEstimateSeconds) * kSafetyFactor / 60.0);
    return static_cast<int>(std::clamp(minutes, static_cast<double>(kMinimumMinutes), 366.0 * 24 * 60));
}

std::string FarmTimeLimit::slurmTime(int minutes)
{
    char text[32];
    const int days = minutes / (24 * 60);
    const int hours = minutes / 60 % 24;
    if (days > 0)
        std::snprintf(text, sizeof text, "%d-%02d:%02d:00", days, hours, minutes % 60);
    else
        std::snprintf(text, sizeof text, "%02d:%02d:00", hours, minutes % 60);
    return text;
}

} // namespace framesmith::cli
