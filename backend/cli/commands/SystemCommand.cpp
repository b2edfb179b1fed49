// `framesmith-cli system`: what this process found to compute with (CPU threads, the BLAS library
// and the OpenBLAS kernel it runs, the devices and their free memory) and the warnings a generation
// would start with; the first thing to ask for when a run is slower than it should be.
#include "cli/CliCommand.h"

#include "core/BlasProbe.h"
#include "core/ComputeThreads.h"
#include "framesmith/Engine.h"
#include "framesmith/Error.h"
#include "framesmith/OpenBlasKernel.h"

#include <iostream>

namespace framesmith::cli {

namespace {

const char* levelName(CpuVectorLevel level)
{
    switch (level) {
    case CpuVectorLevel::Avx512: return "AVX-512";
    case CpuVectorLevel::Avx2: return "AVX2";
    case CpuVectorLevel::Avx: return "AVX";
    default: return "SSE";
    }
}

void printBlas()
{
    const BlasInfo blas = BlasProbe::detect();
    std::cout << "blas: " << (blas.path.empty() ? std::string("none mapped") : blas.path) << "\n";
    const std::string kernel = OpenBlasKernel::active();
    if (kernel.empty())
        return;
    std::cout << "openblas kernel: " << kernel;
    const std::string replaced = OpenBlasKernel::replacedKernel();
    if (!replaced.empty())
        std::cout << " (OpenBLAS chose " << replaced << " for this CPU; Framesmith restarted with OPENBLAS_CORETYPE="
                  << kernel << ")";
    std::cout << "\n";
}

int runSystem(const std::vector<std::string>& argv)
{
    CliArgs args(argv, {});
    args.rejectUnknown({});
    if (!args.positionals().empty())
        throw InvalidRequestError("system", "takes no arguments");
    std::cout << "cpu threads: " << ComputeThreads::wanted() << "\ncpu vectors: "
              << levelName(OpenBlasKernel::hostLevel()) << "\n";
    printBlas();
    for (const DeviceInfo& device : Engine::devices())
        std::cout << "device: " << device.name << (device.isCuda() ? " (cuda:" + std::to_string(device.index) + ")" : "")
                  << ", " << device.freeBytes / (1 << 20) << " of " << device.totalBytes / (1 << 20) << " MiB free\n";
    for (const Warning& warning : Engine::environmentWarnings())
        std::cout << "warning: " << warning.message << "\n";
    return kExitOk;
}

} // namespace

FRAMESMITH_CLI_COMMAND("system", "system",
                       "what this machine gives Framesmith to compute with: CPU threads, the BLAS library and its "
                       "kernel, the devices with their free memory, and any warning about them",
                       runSystem);

} // namespace framesmith::cli
