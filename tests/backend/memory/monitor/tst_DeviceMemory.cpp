// DeviceMemory on the machine the suite runs on: a CPU libtorch, or a CUDA libtorch with no GPU or
// driver (the Debian 13 CUDA lane). Either way the CPU entry is there, CUDA queries answer 0
// without throwing, and a CUDA build that sees no GPU says so through Engine::environmentWarnings.
#include "framesmith/Engine.h"
#include "memory/monitor/DeviceMemory.h"
#include "support/TestRegistry.h"

#include <ATen/ATen.h>
#include <QTest>

#include <algorithm>

namespace tst_DeviceMemory {

using namespace framesmith;

namespace {

bool hasNoGpuNote()
{
    const auto warnings = Engine::environmentWarnings();
    return std::any_of(warnings.begin(), warnings.end(),
                       [](const Warning& w) { return w.message.find("no GPU found") != std::string::npos; });
}

} // namespace

class tst_DeviceMemory : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void builtWithCudaFollowsTheBuild()
    {
#ifdef FRAMESMITH_HAS_CUDA
        QVERIFY(DeviceMemory::builtWithCuda());
#else
        QVERIFY(!DeviceMemory::builtWithCuda());
        QVERIFY(!DeviceMemory::hasCuda());
#endif
    }

    void detectEndsWithTheHost()
    {
        const auto devices = DeviceMemory::detect();
        QVERIFY(!devices.empty());
        QCOMPARE(devices.back().index, -1);
        QVERIFY(devices.back().totalBytes > 0);
        if (!DeviceMemory::hasCuda())
            QCOMPARE(devices.size(), std::size_t(1));
    }

    void cudaQueriesAnswerZeroWithoutAGpu()
    {
        DeviceMemory::releaseCache();
        DeviceMemory::resetPeak("cuda:0");
        if (DeviceMemory::hasCuda()) { // a GPU machine: the same calls, real answers
            QVERIFY(DeviceMemory::allocatedBytes("cuda:0") >= 0);
            QCOMPARE(DeviceMemory::physicalCudaIndex(0), 0);
        } else {
            QCOMPARE(DeviceMemory::allocatedBytes("cuda:0"), std::int64_t(0));
            QCOMPARE(DeviceMemory::peakAllocatedBytes("cuda:0"), std::int64_t(0));
            QCOMPARE(DeviceMemory::physicalCudaIndex(0), -1);
        }
        // CPU work goes on as usual after the CUDA queries.
        QCOMPARE(at::ones({4, 4}).sum().item<float>(), 16.f);
    }

    void noGpuNoteExactlyWhenACudaBuildSeesNoGpu()
    {
        QCOMPARE(hasNoGpuNote(), DeviceMemory::builtWithCuda() && !DeviceMemory::hasCuda());
    }
};

FRAMESMITH_TEST_GUILESS_MAIN(tst_DeviceMemory)

} // namespace tst_DeviceMemory
#include "tst_DeviceMemory.moc"
