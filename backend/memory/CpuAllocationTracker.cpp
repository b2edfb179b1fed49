#include "memory/CpuAllocationTracker.h"

#include <c10/core/Allocator.h>
#include <c10/core/CPUAllocator.h>

#include <atomic>
#include <cstring>


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

    // libtorch 1.13-2.2 declare `allocate(size_t) const`, 2.3+ `allocate(size_t)` and a pure
    // `copy_data`: both allocate forms are defined (no `override`), so whichever the base declares
    // is overridden, and copy_data exists either way.
    c10::DataPtr allocate(std::size_t bytes) const { return count(bytes); }
    c10::DataPtr allocate(std::size_t bytes) { return count(bytes); }
    void copy_data(void* destination, const void* source, std::size_t bytes) const
    {
        std::memcpy(destination, source, bytes);
    }

private:
    c10::DataPtr count(std::size_t bytes) const
    {
        auto* allocation = new Allocation{m_inner->allocate(bytes), static_cast<std::int64_t>(bytes)};
        const std::int64_t now = g_current += allocation->bytes;
        std::int64_t peak = g_peak.load();
        while (now > peak && !g_peak.compare_exchange_weak(peak, now)) {}
        void* data = allocation->inner.get();
        const c10::Device device = allocation->inner.device();
        return c10::DataPtr(data, allocation, &release, device);
    }
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
