// The staging ring on the CPU, its allocation injected (pinning needs CUDA; the layout and the
// turn-taking are the same): blocks come out equal, K slots of one allocation each are used in
// turn, and the planner's figure pays CUDA's power-of-two rounding once per slot.
#include "memory/placement/PinnedStagingRing.h"
#include "support/TestRegistry.h"

#include <ATen/ATen.h>
#include <QTest>

namespace tst_PinnedStagingRing {

using namespace framesmith;

namespace {

std::vector<at::Tensor> someBlock(int seed)
{
    at::manual_seed(seed);
    return {at::randn({3, 5}),                             // 60 bytes
            at::randn({7}).to(at::kBFloat16),              // 14 bytes
            at::randint(-128, 127, {4, 4}, at::kChar),     // 16 bytes
            at::scalar_tensor(0.25, at::kFloat),           // 0-dim
            at::Tensor(),                                  // a parameter without weights
            at::randn({6, 4}).t()};                        // not contiguous
}

} // namespace

class tst_PinnedStagingRing : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void copiesEveryTensorThroughAnAlignedSlot()
    {
        const std::vector<at::Tensor> block = someBlock(1);
        QCOMPARE(PinnedStagingRing::slotBytesFor(block), std::int64_t(64 + 64 + 64 + 64 + 128));
        std::vector<std::int64_t> requested;
        PinnedStagingRing ring(3, [&](std::int64_t bytes) {
            requested.push_back(bytes);
            return at::empty({bytes}, at::kByte);
        });
        const std::vector<at::Tensor> copies = ring.stage(block, c10::Device(c10::kCPU), 7);
        QCOMPARE(requested, (std::vector<std::int64_t>{384, 384, 384})); // three slots of one block each
        QCOMPARE(copies.size(), block.size());
        for (std::size_t i = 0; i < block.size(); ++i) {
            if (!block[i].defined()) {
                QVERIFY(!copies[i].defined());
                continue;
            }
            QVERIFY(copies[i].is_same_size(block[i]) && copies[i].scalar_type() == block[i].scalar_type());
            QVERIFY(at::equal(copies[i], block[i]));
            QVERIFY(!ring.holds(copies[i]));  // the device copy has its own memory ...
            QVERIFY(!ring.holds(block[i]));   // ... and the resting tensor was never re-homed
        }
        QCOMPARE(ring.owners(), (std::vector<int>{7, -1, -1}));
    }

    void usesItsSlotsInTurnAndNeverHoldsMoreThanK()
    {
        int allocations = 0;
        PinnedStagingRing ring(2, [&](std::int64_t bytes) {
            ++allocations;
            return at::empty({bytes}, at::kByte);
        });
        for (int block = 0; block < 5; ++block) {
            const std::vector<at::Tensor> tensors = someBlock(block);
            const std::vector<at::Tensor> copies = ring.stage(tensors, c10::Device(c10::kCPU), block);
            QVERIFY(at::equal(copies[0], tensors[0]));
        }
        QCOMPARE(allocations, 2); // the slots, once
        QCOMPARE(ring.stagedCount(), std::int64_t(5));
        QCOMPARE(ring.owners(), (std::vector<int>{4, 3})); // slot 0 took blocks 0, 2, 4; slot 1 took 1, 3
    }

    void growsOnceForALargerBlock()
    {
        std::vector<std::int64_t> requested;
        PinnedStagingRing ring(2, [&](std::int64_t bytes) {
            requested.push_back(bytes);
            return at::empty({bytes}, at::kByte);
        });
        ring.stage({at::ones({16})}, c10::Device(c10::kCPU), 0);
        ring.stage({at::ones({8})}, c10::Device(c10::kCPU), 1);  // fits the slots there are
        const auto copies = ring.stage({at::arange(64, at::kFloat)}, c10::Device(c10::kCPU), 2);
        QCOMPARE(requested, (std::vector<std::int64_t>{64, 64, 256, 256}));
        QVERIFY(at::equal(copies[0], at::arange(64, at::kFloat)));
        QCOMPARE(ring.capacityBytes(), std::int64_t(2 * 256));
    }

    void refusesAnAllocatorThatGivesTooLittle()
    {
        PinnedStagingRing ring(2, [](std::int64_t bytes) { return at::empty({bytes / 2}, at::kByte); });
        // (a slot smaller than asked would be overrun by the block's copy)
        QVERIFY_THROWS_EXCEPTION(std::exception, ring.stage({at::ones({16})}, c10::Device(c10::kCPU), 0));
    }

    // What the planner counts: K slots of a block plus alignment room, each rounded up to a power
    // of two as CUDA's host allocator does.
    void plannedBytesPayTheRoundingPerSlot()
    {
        const std::int64_t mib = 1 << 20;
        const std::int64_t slack = PinnedStagingRing::kSlotSlackBytes;
        QCOMPARE(PinnedStagingRing::pinnedBytesFor(3, 252 * mib), std::int64_t(3 * 256) * mib); // 5b bf16, prefetch 2
        QCOMPARE(PinnedStagingRing::pinnedBytesFor(2, 107 * mib), std::int64_t(2 * 128) * mib); // 2b bf16, prefetch 1
        QCOMPARE(PinnedStagingRing::pinnedBytesFor(2, 64 * mib - slack), std::int64_t(128) * mib); // exactly
        QCOMPARE(PinnedStagingRing::pinnedBytesFor(2, 64 * mib - slack + 1), std::int64_t(256) * mib);
        QCOMPARE(PinnedStagingRing::pinnedBytesFor(0, 64 * mib), std::int64_t(0));
        QCOMPARE(PinnedStagingRing::pinnedBytesFor(2, 0), std::int64_t(0));
    }
};

FRAMESMITH_TEST_GUILESS_MAIN(tst_PinnedStagingRing)

} // namespace tst_PinnedStagingRing
#include "tst_PinnedStagingRing.moc"
