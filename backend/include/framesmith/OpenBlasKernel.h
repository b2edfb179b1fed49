#pragma once
// Which OpenBLAS kernel this process runs, and the fix when OpenBLAS did not recognise the CPU.
// Debian 12's OpenBLAS 0.3.21 takes a CPU it does not know (Intel Emerald Rapids, family 6 model
// 207, say) for a Pentium 4 and runs its SSE3 "Prescott" kernels: fp32 matrix products ~4.5x slower
// than the AVX-512 ones the CPU can run (63 vs 280 GFLOP/s on 2 cores). OpenBLAS chooses its kernel
// once, when it is loaded, from OPENBLAS_CORETYPE, so the only fix is to start again with it set.
#include <string>

namespace framesmith {

// What the CPU can run (and the operating system enables), in OpenBLAS's classes of kernels.
enum class CpuVectorLevel { Sse = 0, Avx = 1, Avx2 = 2, Avx512 = 3 };

class OpenBlasKernel {
public:
    static std::string active();          // the kernel OpenBLAS runs; empty when it is not loaded
    static CpuVectorLevel hostLevel();     // from cpuid, with the OS's register support
    // The kernel to ask for instead of `active`: empty when OpenBLAS's own choice stands (it is not
    // a generic fallback, or the CPU has nothing better). Pure, for tests.
    static std::string better(const std::string& active, CpuVectorLevel host);
    // At the top of main(): when OpenBLAS fell back to a generic kernel this CPU can beat, and the
    // user set no OPENBLAS_CORETYPE, starts the program again with the better kernel asked for.
    // Returns (having changed nothing) when there is nothing to fix or the restart fails.
    static void restartWithBetterKernel(char** argv);
    // The kernel OpenBLAS chose itself before the restart, empty when none took place.
    static std::string replacedKernel();
    // A line for the user when the process runs a fallback kernel still; empty otherwise.
    static std::string advice();
};

} // namespace framesmith
