#include "memory/host/HostBlockCache.h"

#include <c10/core/Allocator.h>
#include <c10/core/CPUAllocator.h>
#include <c10/util/Exception.h>

#include <sanitizer/asan_interface.h> // no-ops unless built with AddressSanitizer
#include <sys/mman.h>

#include <atomic>
#include <cstring>
#include <list>
#include <map>
#include <mutex>
#include <string>
#include <unordered_map>
#include <vector>

namespace framesmith {
namespace {

constexpr std::int64_t kPage = 4096;

struct FreeBlock {
    void* data;
    std::int64_t bytes;
};

// All state behind one mutex: allocations are rare next to the work done on each block.
struct Blocks {
    std::mutex mutex;
    std::unordered_map<void*, std::int64_t> live;
    std::list<FreeBlock> freed; // least recently freed first
    std::map<std::int64_t, std::vector<std::list<FreeBlock>::iterator>> freedBySize;
    std::int64_t liveBytes = 0, cachedBytes = 0, highWater = 0;

    void* takeFreed(std::int64_t bytes)
    {
        auto it = freedBySize.find(bytes);
        if (it == freedBySize.end())
            return nullptr;
        const auto block = it->second.back(); // the most recently freed: its pages are warmest
        it->second.pop_back();
        if (it->second.empty())
            freedBySize.erase(it);
        void* data = block->data;
        cachedBytes -= bytes;
        freed.erase(block);
        ASAN_UNPOISON_MEMORY_REGION(data, bytes);
        return data;
    }

    void unmapOldest()
    {
        const FreeBlock block = freed.front();
        auto& sameSize = freedBySize[block.bytes];
        for (auto it = sameSize.begin(); it != sameSize.end(); ++it)
            if ((*it)->data == block.data) {
                sameSize.erase(it);
                break;
            }
        if (sameSize.empty())
            freedBySize.erase(block.bytes);
        freed.pop_front();
        cachedBytes -= block.bytes;
        ASAN_UNPOISON_MEMORY_REGION(block.data, block.bytes);
        munmap(block.data, static_cast<std::size_t>(block.bytes));
    }

    void* map(std::int64_t bytes)
    {
        // Live plus cached stays under the most ever live at once (this request included).
        const std::int64_t mark = std::max(highWater, liveBytes + bytes);
        while (!freed.empty() && liveBytes + cachedBytes + bytes > mark)
            unmapOldest();
        void* data = mmap(nullptr, static_cast<std::size_t>(bytes), PROT_READ | PROT_WRITE,
                          MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
        if (data == MAP_FAILED && !freed.empty()) {
            while (!freed.empty())
                unmapOldest();
            data = mmap(nullptr, static_cast<std::size_t>(bytes), PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS,
                        -1, 0);
        }
        return data == MAP_FAILED ? nullptr : data;
    }
};

Blocks& blocks()
{
    static Blocks* instance = new Blocks; // never destroyed: tensors may be freed during exit
    return *instance;
}

std::atomic<bool> g_installed{false};
c10::DeleterFnPtr g_innerRawDeleter = nullptr;

// Returns false for a block it did not map.
bool cacheFreed(void* data)
{
    Blocks& b = blocks();
    std::lock_guard<std::mutex> lock(b.mutex);
    auto it = b.live.find(data);
    if (it == b.live.end())
        return false;
    const std::int64_t bytes = it->second;
    b.live.erase(it);
    b.liveBytes -= bytes;
    // Under AddressSanitizer a cached block reads as freed memory until it is handed out again.
    ASAN_POISON_MEMORY_REGION(data, bytes);
    b.freed.push_back({data, bytes});
    b.freedBySize[bytes].push_back(std::prev(b.freed.end()));
    b.cachedBytes += bytes;
    return true;
}

void freeLarge(void* data) { cacheFreed(data); }

// raw_allocate's counterpart: either kind of block.
void freeAny(void* data)
{
    if (!cacheFreed(data) && g_innerRawDeleter)
        g_innerRawDeleter(data);
}

class BlockCachingAllocator final : public c10::Allocator {
public:
    explicit BlockCachingAllocator(c10::Allocator* inner) : m_inner(inner) {}

    // libtorch 1.13-2.2 declare `allocate(size_t) const`, 2.3+ `allocate(size_t)` and a pure
    // `copy_data`: both allocate forms are defined (no `override`), as in CpuAllocationTracker.
    c10::DataPtr allocate(std::size_t bytes) const { return allocateBlock(bytes); }
    c10::DataPtr allocate(std::size_t bytes) { return allocateBlock(bytes); }
    void copy_data(void* destination, const void* source, std::size_t bytes) const
    {
        std::memcpy(destination, source, bytes);
    }
    c10::DeleterFnPtr raw_deleter() const override { return g_innerRawDeleter ? &freeAny : nullptr; }

private:
    c10::DataPtr allocateBlock(std::size_t requested) const
    {
        if (static_cast<std::int64_t>(requested) < HostBlockCache::kSmallestBlock)
            return m_inner->allocate(requested);
        const std::int64_t bytes = (static_cast<std::int64_t>(requested) + kPage - 1) / kPage * kPage;
        Blocks& b = blocks();
        void* data = nullptr;
        {
            std::lock_guard<std::mutex> lock(b.mutex);
            data = b.takeFreed(bytes);
            if (!data)
                data = b.map(bytes);
            if (data) {
                b.live[data] = bytes;
                b.liveBytes += bytes;
                b.highWater = std::max(b.highWater, b.liveBytes);
            }
        }
        TORCH_CHECK(data, "not enough host memory: could not allocate ", bytes >> 20, " MiB for a tensor");
        return c10::DataPtr(data, data, &freeLarge, c10::Device(c10::DeviceType::CPU));
    }

    c10::Allocator* m_inner;
};

} // namespace

void HostBlockCache::install()
{
    if (g_installed.exchange(true))
        return;
    c10::Allocator* inner = c10::GetCPUAllocator();
    g_innerRawDeleter = inner->raw_deleter();
    static BlockCachingAllocator allocator(inner);
    c10::SetCPUAllocator(&allocator, /*priority=*/50);
}

bool HostBlockCache::isInstalled() { return g_installed.load(); }

void HostBlockCache::release()
{
    Blocks& b = blocks();
    std::lock_guard<std::mutex> lock(b.mutex);
    while (!b.freed.empty())
        b.unmapOldest();
    b.highWater = b.liveBytes;
}

std::int64_t HostBlockCache::cachedBytes()
{
    Blocks& b = blocks();
    std::lock_guard<std::mutex> lock(b.mutex);
    return b.cachedBytes;
}

std::int64_t HostBlockCache::liveBytes()
{
    Blocks& b = blocks();
    std::lock_guard<std::mutex> lock(b.mutex);
    return b.liveBytes;
}

} // namespace framesmith
