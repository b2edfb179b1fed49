#include "framesmith/OpenBlasKernel.h"

#include <dlfcn.h>
#include <unistd.h>

#include <cstdlib>
#include <map>

namespace framesmith {

namespace {

// Set across the restart so that the restarted process can say what it replaced: "Prescott>SkylakeX".
// Children inherit it; it holds for them only while OPENBLAS_CORETYPE still names what it asked for.
constexpr const char* kReplacedVariable = "FRAMESMITH_OPENBLAS_REPLACED";

// OpenBLAS's kernels by the vector instructions they use (corenames of OpenBLAS 0.3.x).
CpuVectorLevel levelOf(const std::string& kernel)
{
    static const std::map<std::string, CpuVectorLevel> levels = {
        {"SkylakeX", CpuVectorLevel::Avx512},   {"Cooperlake", CpuVectorLevel::Avx512},
        {"SapphireRapids", CpuVectorLevel::Avx512}, {"Haswell", CpuVectorLevel::Avx2},
        {"Zen", CpuVectorLevel::Avx2},          {"Excavator", CpuVectorLevel::Avx2},
        {"Sandybridge", CpuVectorLevel::Avx},   {"Bulldozer", CpuVectorLevel::Avx},
        {"Piledriver", CpuVectorLevel::Avx},    {"Steamroller", CpuVectorLevel::Avx},
    };
    const auto it = levels.find(kernel);
    return it == levels.end() ? CpuVectorLevel::Sse : it->second;
}

} // namespace

std::string OpenBlasKernel::active()
{
    using CoreName = char* (*)();
    const auto coreName = reinterpret_cast<CoreName>(dlsym(RTLD_DEFAULT, "openblas_get_corename"));
    const char* name = coreName ? coreName() : nullptr;
    return name ? std::string(name) : std::string();
}

CpuVectorLevel OpenBlasKernel::hostLevel()
{
#if defined(__x86_64__) || defined(__i386__)
    __builtin_cpu_init();
    // GCC's checks include the OS's XGETBV support for the wider registers.
    if (__builtin_cpu_supports("avx512f") && __builtin_cpu_supports("avx512bw") &&
        __builtin_cpu_supports("avx512vl") && __builtin_cpu_supports("avx512dq"))
        return CpuVectorLevel::Avx512;
    if (__builtin_cpu_supports("avx2") && __builtin_cpu_supports("fma"))
        return CpuVectorLevel::Avx2;
    if (__builtin_cpu_supports("avx"))
        return CpuVectorLevel::Avx;
#endif
    return CpuVectorLevel::Sse;
}

std::string OpenBlasKernel::better(const std::string& active, CpuVectorLevel host)
{
    // Only a generic SSE/AVX kernel on an AVX2 or AVX-512 CPU is a fallback worth undoing: a choice
    // among modern kernels (Haswell's on an AVX-512 CPU, say) is OpenBLAS's own and may be deliberate.
    if (active.empty() || levelOf(active) >= CpuVectorLevel::Avx2)
        return {};
    if (host == CpuVectorLevel::Avx512)
        return "SkylakeX";
    if (host == CpuVectorLevel::Avx2)
        return "Haswell";
    return {};
}

void OpenBlasKernel::restartWithBetterKernel(char** argv)
{
    if (std::getenv("OPENBLAS_CORETYPE"))
        return; // the user's choice, or ours already: never a second restart
    const std::string current = active();
    const std::string wanted = better(current, hostLevel());
    if (wanted.empty())
        return;
    setenv("OPENBLAS_CORETYPE", wanted.c_str(), 1);
    setenv(kReplacedVariable, (current + ">" + wanted).c_str(), 1);
    execv("/proc/self/exe", argv);
    // No restart (no /proc, the binary replaced on disk): run on with what OpenBLAS chose.
    unsetenv("OPENBLAS_CORETYPE");
    unsetenv(kReplacedVariable);
}

std::string OpenBlasKernel::replacedKernel()
{
    const char* replaced = std::getenv(kReplacedVariable);
    const char* asked = std::getenv("OPENBLAS_CORETYPE");
    if (!replaced || !asked)
        return {};
    const std::string record(replaced);
    const std::size_t arrow = record.find('>');
    if (arrow == std::string::npos || record.substr(arrow + 1) != asked)
        return {};
    return record.substr(0, arrow);
}

std::string OpenBlasKernel::advice()
{
    const std::string current = active();
    const std::string wanted = better(current, hostLevel());
    if (wanted.empty())
        return {};
    return "OpenBLAS runs its generic " + current + " kernels: it does not recognise this CPU, so matrix "
           "products on the CPU run several times slower than they could. Start with OPENBLAS_CORETYPE=" +
           wanted + " set (Framesmith does so itself unless OPENBLAS_CORETYPE is already set), or install a newer "
           "OpenBLAS.";
}

} // namespace framesmith
