// HostBlockCache: a freed large block serves the next request of its size, the cache never takes
// live plus cached blocks past the most that was live at once, release() gives everything back,
// and the tracker above it counts live tensors only.
#include "memory/host/HostBlockCache.h"
#include "memory/monitor/CpuAllocationTracker.h"
#include "support/TestRegistry.h"

#include <ATen/ATen.h>
#include <c10/core/CPUAllocator.h>
#include <QTest>

namespace tst_HostBlockCache {

using namespace framesmith;

namespace {

constexpr std::int64_t kMiB = std::int64_t{1} << 20;

at::Tensor block(std::int64_t mib) { return at::empty({mib * kMiB / 4}, at::kFloat); }

} // namespace

class tst_HostBlockCache : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void initTestCase()
    {
        CpuAllocationTracker::install(); // installs the cache underneath it
        QVERIFY(HostBlockCache::isInstalled());
    }

    void init() { HostBlockCache::release(); }

    void aFreedBlockServesTheNextRequestOfItsSize()
    {
        const void* first = nullptr;
        {
            at::Tensor a = block(3);
            first = a.data_ptr();
            a.fill_(1.0f);
        }
        QCOMPARE(HostBlockCache::cachedBytes(), 3 * kMiB);
        at::Tensor b = block(3);
        QCOMPARE(static_cast<const void*>(b.data_ptr()), first);
        QCOMPARE(HostBlockCache::cachedBytes(), std::int64_t{0});
    }

    void liveAndCachedStayUnderThePeakOfLive()
    {
        const std::int64_t live = HostBlockCache::liveBytes();
        { at::Tensor a = block(4), b = block(4); } // the peak: live + 8 MiB, all of it cached now
        QCOMPARE(HostBlockCache::cachedBytes(), 8 * kMiB);
        {
            // No 2 MiB block: the older 4 MiB one goes, the other still fits under the peak.
            at::Tensor c = block(2);
            QCOMPARE(HostBlockCache::cachedBytes(), 4 * kMiB);
            QCOMPARE(HostBlockCache::liveBytes(), live + 2 * kMiB);
            // A new peak of live + 12 MiB: nothing cached fits beside it.
            at::Tensor d = block(10);
            QCOMPARE(HostBlockCache::cachedBytes(), std::int64_t{0});
        }
        QCOMPARE(HostBlockCache::liveBytes() + HostBlockCache::cachedBytes(), live + 12 * kMiB);
    }

    void releaseGivesEverythingBack()
    {
        { at::Tensor a = block(2), b = block(3); }
        QCOMPARE(HostBlockCache::cachedBytes(), 5 * kMiB);
        HostBlockCache::release();
        QCOMPARE(HostBlockCache::cachedBytes(), std::int64_t{0});
        // The mark restarted from what is live: a 2 MiB request does not fit beside a cached 1 MiB.
        { at::Tensor c = block(1); }
        QCOMPARE(HostBlockCache::cachedBytes(), kMiB);
        { at::Tensor d = block(2); }
        QCOMPARE(HostBlockCache::cachedBytes(), 2 * kMiB);
    }

    void smallBlocksAreNotCached()
    {
        { at::Tensor small = at::empty({1000}, at::kFloat); }
        QCOMPARE(HostBlockCache::cachedBytes(), std::int64_t{0});
    }

    void theTrackerCountsLiveTensorsNotCachedBlocks()
    {
        const std::int64_t before = CpuAllocationTracker::currentBytes();
        {
            at::Tensor a = block(4);
            QCOMPARE(CpuAllocationTracker::currentBytes(), before + 4 * kMiB);
        }
        QCOMPARE(CpuAllocationTracker::currentBytes(), before);
        QCOMPARE(HostBlockCache::cachedBytes(), 4 * kMiB);
    }

    void rawAllocationsComeBackThroughTheRawDeleter()
    {
        // Some kernels allocate raw: both block kinds must go back through raw_deleter.
        c10::Allocator* allocator = c10::GetCPUAllocator();
        void* large = allocator->raw_allocate(2 * kMiB);
        void* small = allocator->raw_allocate(4096);
        QVERIFY(large && small);
        allocator->raw_deallocate(large);
        allocator->raw_deallocate(small);
        QCOMPARE(HostBlockCache::cachedBytes(), 2 * kMiB);
    }
};

FRAMESMITH_TEST_GUILESS_MAIN(tst_HostBlockCache)

} // namespace tst_HostBlockCache
#include "tst_HostBlockCache.moc"
