#include "memory/CpuAllocationTracker.h"

#include <c10/core/Allocator.h>
#include <c10/core/CPUAllocator.h>
#include <torch/version.h>

#include <atomic>

// libtorch 2.3 made Allocator::allocate non-const and added the pure copy_data.
#if TORCH_VERSION_MAJOR > 2 || (TORCH_VERSION_MAJOR == 2 && TORCH_VERSION_MINOR >= 3)
#define FRAMESMITH_ALLOCATE_QUALIFIER
#define FRAMESMITH_ALLOCATOR_HAS_COPY_DATA 1
#else
#define FRAMESMITH_ALLOCATE_QUALIFIER const
#endif

namespace framesmith {
namespace {

std::atomic<std::int64_t> g_current{0};
std::atomic<std::int64_t> g_peak{0};
std::atomic<bool> g_installed{false};

struct Allocation {
    c10::DataPtr inner;
    std::int64_t bytes;
};

void release(void* context)
{
    auto* allocation = static_cast<Allocation*>(context);
    g_current -= allocation->bytes;
    delete allocation;
}

class CountingAllocator final : public c10::Allocator {
public:
    explicit CountingAllocator(c10::Allocator* inner) : m_inner(inner) {}

    c10::DataPtr allocate(std::size_t bytes) FRAMESMITH_ALLOCATE_QUALIFIER override
    {
        auto* allocation = new Allocation{m_inner->allocate(bytes), static_cast<std::int64_t>(bytes)};
        const std::int64_t now = g_current += allocation->bytes;
        std::int64_t peak = g_peak.load();
        while (now > peak && !g_peak.compare_exchange_weak(peak, now)) {}
        void* data = allocation->inner.get();
        const c10::Device device = allocation->inner.device();
        return c10::DataPtr(data, allocation, &release, device);
    }
#ifdef FRAMESMITH_ALLOCATOR_HAS_COPY_DATA
    void copy_data(void* destination, const void* source, std::size_t count) const override
    {
        default_copy_data(destination, source, count);
    }
#endif

private:
    c10::Allocator* m_inner;
};

} // namespace

void CpuAllocationTracker::install()
{
    if (g_installed.exchange(true))
        return;
    static CountingAllocator allocator(c10::GetCPUAllocator());
    c10::SetCPUAllocator(&allocator, /*priority=*/100);
}

bool CpuAllocationTracker::isInstalled() { return g_installed.load(); }
std::int64_t CpuAllocationTracker::currentBytes() { return g_current.load(); }
std::int64_t CpuAllocationTracker::peakBytes() { return g_peak.load(); }
void CpuAllocationTracker::resetPeak() { g_peak.store(g_current.load()); }

} // namespace framesmith
