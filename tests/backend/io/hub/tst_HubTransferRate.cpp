// Rate and ETA from fed samples: no clock, no waiting.
#include "io/hub/HubTransferRate.h"
#include "support/TestRegistry.h"

#include <QTest>

namespace tst_HubTransferRate {

using namespace framesmith;

class tst_HubTransferRate : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void unknownUntilHalfASecondIsMeasured()
    {
        HubTransferRate rate;
        QCOMPARE(rate.secondsLeft(1000), -1.0);
        rate.add(0.0, 0);
        rate.add(0.2, 1000);
        QCOMPARE(rate.bytesPerSecond(), 0.0);
        rate.add(1.0, 5000);
        QCOMPARE(rate.bytesPerSecond(), 5000.0);
        QCOMPARE(rate.secondsLeft(10000), 2.0);
    }

    void followsTheLastSecondsNotTheAverage()
    {
        HubTransferRate rate(5.0);
        for (int second = 0; second <= 20; ++second) // 1 MB/s for 10 s, then 10 MB/s
            rate.add(second, second <= 10 ? second * 1'000'000ull : 10'000'000ull + (second - 10) * 10'000'000ull);
        QVERIFY2(qAbs(rate.bytesPerSecond() - 10'000'000.0) < 1.0, qPrintable(QString::number(rate.bytesPerSecond())));
    }
};

FRAMESMITH_TEST_GUILESS_MAIN(tst_HubTransferRate)

} // namespace tst_HubTransferRate
#include "tst_HubTransferRate.moc"
