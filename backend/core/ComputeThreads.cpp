#include "core/ComputeThreads.h"

#include <ATen/Parallel.h>

#include <cstdlib>
#include <thread>

namespace framesmith {

static int positiveFromEnv(const char* name)
{
    const char* text = std::getenv(name);
    if (!text)
        return 0;
    int value = std::atoi(text);
    return value > 0 ? value : 0;
}

int ComputeThreads::wanted()
{
    if (int n = positiveFromEnv("FRAMESMITH_THREADS"))
        return n;
    if (int n = positiveFromEnv("OMP_NUM_THREADS"))
        return n;
    unsigned hardware = std::thread::hardware_concurrency();
    return hardware > 0 ? static_cast<int>(hardware) : 1;
}

int ComputeThreads::apply()
{
    const int n = wanted();
    if (at::get_num_threads() != n)
        at::set_num_threads(n);
    return at::get_num_threads();
}

} // namespace framesmith
