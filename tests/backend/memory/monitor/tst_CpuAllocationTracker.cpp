// The CPU allocation tracker sees tensors come and go and keeps the peak.
#include "memory/monitor/CpuAllocationTracker.h"
#include "support/TestRegistry.h"

#include <ATen/ATen.h>
#include <QTest>

namespace tst_CpuAllocationTracker {

using namespace framesmith;

class tst_CpuAllocationTracker : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void initTestCase() { CpuAllocationTracker::install(); }

    void countsLiveTensorsAndThePeak()
    {
        const std::int64_t before = CpuAllocationTracker::currentBytes();
        CpuAllocationTracker::resetPeak();
        {
            at::Tensor a = at::ones({1024, 1024});          // 4 MiB
            at::Tensor b = at::matmul(a, a);                 // another 4 MiB (+ workspace)
            QVERIFY(CpuAllocationTracker::currentBytes() - before >= (8ll << 20));
            QCOMPARE(b.sum().item<float>(), 1024.f * 1024 * 1024);
        }
        QCOMPARE(CpuAllocationTracker::currentBytes(), before);
        QVERIFY(CpuAllocationTracker::peakBytes() - before >= (8ll << 20));
        CpuAllocationTracker::resetPeak();
        QCOMPARE(CpuAllocationTracker::peakBytes(), before);
    }
};

FRAMESMITH_TEST_GUILESS_MAIN(tst_CpuAllocationTracker)

} // namespace tst_CpuAllocationTracker
#include "tst_CpuAllocationTracker.moc"
