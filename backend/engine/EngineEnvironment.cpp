#include "framesmith/Engine.h"
#include "framesmith/OpenBlasKernel.h"

#include "core/BlasProbe.h"
#include "memory/monitor/DeviceMemory.h"

namespace framesmith {

std::vector<Warning> Engine::environmentWarnings()
{
    std::vector<Warning> warnings;
    std::string blas = BlasProbe::advice(BlasProbe::detect());
    if (!blas.empty())
        warnings.push_back({WarningKind::SlowBlas, blas});
    const std::string kernel = OpenBlasKernel::advice();
    if (!kernel.empty())
        warnings.push_back({WarningKind::SlowBlas, kernel});
    // A CUDA build on a machine whose NVIDIA driver is missing or broken (or that has no GPU) must
    // say so before anyone waits for a CPU run they did not expect.
    if (DeviceMemory::builtWithCuda() && !DeviceMemory::hasCuda())
        warnings.push_back({WarningKind::General,
                            "no GPU found: this build uses CUDA, but no NVIDIA GPU is visible (driver missing, "
                            "not loaded or too old for CUDA 12?); everything runs on the CPU, which is very "
                            "slow for real models. Check `nvidia-smi`."});
    return warnings;
}

} // namespace framesmith
