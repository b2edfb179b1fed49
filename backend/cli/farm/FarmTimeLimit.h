#pragma once
// The time limit a farm task asks Slurm for. The planner knows each model's weights (footprint)
// but not how fast a node computes, so the estimate is arithmetic on the request with assumed,
// deliberately low throughputs, times a safety factor:
//   load     every weight byte read once from shared storage at kStorageBytesPerSecond;
//   denoise  steps x guidance passes x (2 x transformer parameters x tokens + 4 x blocks x tokens^2
//            x width) floating-point operations, tokens = latent frames x (H/16) x (W/16), width
//            from one block's size (a DiT block holds about 12 width^2 parameters);
//   decode   as much as two denoising steps;
// at kGpuFlops on a GPU node, kCpuFlops on a CPU-only one, then x kSafetyFactor, rounded up to a
// whole minute, never under kMinimumMinutes (start-up, a cold page cache). docs/farm.md states it.
// An admin who knows the nodes better passes --sbatch-arg=--time=... instead. Pure; any thread.
#include "framesmith/GenerationRequest.h"

#include <cstdint>
#include <string>

namespace framesmith::cli {

class FarmTimeLimit {
public:
    static constexpr double kGpuFlops = 20e12;             // sustained bf16, a consumer GPU's reach
    static constexpr double kCpuFlops = 50e9;              // a few cores in float32
    static constexpr double kStorageBytesPerSecond = 100e6; // NFS over gigabit
    static constexpr double kSafetyFactor = 3.0;
    static constexpr int kMinimumMinutes = 10;

    // Seconds one job is expected to take (before the safety factor). Throws like the planner for
    // a model folder it cannot read.
    static std::int64_t estimateSeconds(const GenerationRequest& request, bool onGpu);
    // The minutes to ask for, from the longest job's estimate.
    static int limitMinutes(std::int64_t longestEstimateSeconds);
    static std::string slurmTime(int minutes); // "D-HH:MM:00" / "HH:MM:00", as sbatch --time takes
};

} // namespace framesmith::cli
