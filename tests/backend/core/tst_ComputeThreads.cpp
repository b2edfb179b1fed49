// The engine must not run on one thread when the machine has more (Debian's libtorch default).
#include "core/ComputeThreads.h"
#include "support/TestRegistry.h"

#include <ATen/Parallel.h>
#include <QTest>

#include <cstdlib>
#include <thread>

namespace tst_ComputeThreads {

using framesmith::ComputeThreads;

class tst_ComputeThreads : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void explicitSettingWins()
    {
        qputenv("OMP_NUM_THREADS", "2");
        qputenv("FRAMESMITH_THREADS", "3");
        QCOMPARE(ComputeThreads::wanted(), 3);
        qunsetenv("FRAMESMITH_THREADS");
        QCOMPARE(ComputeThreads::wanted(), 2);
    }

    void ignoresNonsense()
    {
        qputenv("FRAMESMITH_THREADS", "zero");
        qputenv("OMP_NUM_THREADS", "-4");
        QVERIFY(ComputeThreads::wanted() >= 1);
        QCOMPARE(ComputeThreads::wanted(), int(std::max(1u, std::thread::hardware_concurrency())));
        qunsetenv("OMP_NUM_THREADS"); // torch reads it too, and complains about -4
    }

    void appliesToTorch()
    {
        qputenv("FRAMESMITH_THREADS", "2");
        QCOMPARE(ComputeThreads::apply(), 2);
        QCOMPARE(at::get_num_threads(), 2);
    }
};

FRAMESMITH_TEST_GUILESS_MAIN(tst_ComputeThreads)

} // namespace tst_ComputeThreads
#include "tst_ComputeThreads.moc"
