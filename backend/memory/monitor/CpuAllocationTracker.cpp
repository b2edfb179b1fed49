#include "memory/monitor/CpuAllocationTracker.h"

#include "memory/host/HostBlockCache.h"

#include <c10/core/Allocator.h>
#include <c10/core/CPUAllocator.h>

#include <atomic>
#include <cstring>
#include <mutex>
#include <unordered_map>


namespace framesmith {
namespace {

std::atomic<std::int64_t> g_current{0};
std::atomic<std::int64_t> g_peak{0};
std::atomic<bool> g_trackerInstalled{false};

// Some kernels use raw_allocate, which requires the context to be the data pointer itself, so the
// size and the inner deleter of each allocation are kept by address.
struct Allocation {
    std::int64_t bytes = 0;
    c10::DeleterFnPtr deleter = nullptr;
};
std::mutex g_mutex;
std::unordered_map<void*, Allocation> g_allocations;

void release(void* data)
{
    Allocation allocation;
    {
        std::lock_guard<std::mutex> lock(g_mutex);
        auto it = g_allocations.find(data);
        if (it == g_allocations.end())
            return;
        allocation = it->second;
        g_allocations.erase(it);
    }
    g_current -= allocation.bytes;
    allocation.deleter(data);
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
    c10::DeleterFnPtr raw_deleter() const override { return &release; }

private:
    c10::DataPtr count(std::size_t bytes) const
    {
        c10::DataPtr inner = m_inner->allocate(bytes);
        if (!inner.get() || inner.get() != inner.get_context() || !inner.get_deleter())
            return inner; // not a plain allocation: left uncounted
        const c10::Device device = inner.device();
        const c10::DeleterFnPtr deleter = inner.get_deleter();
        void* data = inner.release_context();
        {
            std::lock_guard<std::mutex> lock(g_mutex);
            g_allocations[data] = Allocation{static_cast<std::int64_t>(bytes), deleter};
        }
        const std::int64_t now = g_current += static_cast<std::int64_t>(bytes);
        std::int64_t peak = g_peak.load();
        while (now > peak && !g_peak.compare_exchange_weak(peak, now)) {}
        return c10::DataPtr(data, data, &release, device);
    }
    c10::Allocator* m_inner;
};

} // namespace

void CpuAllocationTracker::install()
{
    if (g_trackerInstalled.exchange(true))
        return;
    HostBlockCache::install(); // underneath: the counts are live tensors, not cached blocks
    static CountingAllocator allocator(c10::GetCPUAllocator());
    c10::SetCPUAllocator(&allocator, /*priority=*/100);
}

bool CpuAllocationTracker::isInstalled() { return g_trackerInstalled.load(); }
std::int64_t CpuAllocationTracker::currentBytes() { return g_current.load(); }
std::int64_t CpuAllocationTracker::peakBytes() { return g_peak.load(); }
void CpuAllocationTracker::resetPeak() { g_peak.store(g_current.load()); }

} // namespace framesmith
