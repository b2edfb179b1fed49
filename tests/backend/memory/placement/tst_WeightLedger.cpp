// The ledger counts bytes per device, peaks, copies and moves, for device names that need not exist.
#include "framesmith/Error.h"
#include "memory/placement/WeightLedger.h"
#include "support/TestRegistry.h"

#include <QTest>

namespace tst_WeightLedger {

using namespace framesmith;

class tst_WeightLedger : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void countsMovesAndPeaks()
    {
        WeightLedger ledger;
        ledger.load("text_encoder", "cuda:0", 900);
        ledger.load("transformer", "cuda:0", 1000);
        QCOMPARE(ledger.residentBytes("cuda:0"), std::int64_t(1900));
        ledger.move("text_encoder", "cpu");
        QCOMPARE(ledger.residentBytes("cuda:0"), std::int64_t(1000));
        QCOMPARE(ledger.residentBytes("cpu"), std::int64_t(900));
        QCOMPARE(ledger.peakBytes("cuda:0"), std::int64_t(1900));
        QCOMPARE(ledger.traffic("cuda:0").movesOut, 1);
        QCOMPARE(ledger.traffic("cpu").bytesIn, std::int64_t(900));
        ledger.resetPeaks();
        QCOMPARE(ledger.peakBytes("cuda:0"), std::int64_t(1000));
        ledger.move("transformer", "cuda:0"); // already there: no traffic
        QCOMPARE(ledger.traffic("cuda:0").movesIn, 0);
    }

    void copiesAreExtraAndDropped()
    {
        WeightLedger ledger;
        ledger.load("block.0", "cpu", 10);
        ledger.copy("block.0", "cuda:1");
        QVERIFY(ledger.isOn("block.0", "cpu") && ledger.isOn("block.0", "cuda:1"));
        QCOMPARE(ledger.residentBytes("cuda:1"), std::int64_t(10));
        ledger.drop("block.0", "cuda:1");
        QCOMPARE(ledger.residentBytes("cuda:1"), std::int64_t(0));
        QCOMPARE(ledger.residentBytes("cpu"), std::int64_t(10));
        QCOMPARE(ledger.peakBytes("cuda:1"), std::int64_t(10));
        ledger.unload("block.0");
        QVERIFY(!ledger.isLoaded("block.0"));
        QCOMPARE(ledger.residentBytes("cpu"), std::int64_t(0));
    }

    void rejectsImpossibleBookkeeping()
    {
        WeightLedger ledger;
        QVERIFY_THROWS_EXCEPTION(Error, ledger.move("vae", "cpu"));
        ledger.load("vae", "cpu", 1);
        QVERIFY_THROWS_EXCEPTION(Error, ledger.load("vae", "cpu", 1));
        QVERIFY_THROWS_EXCEPTION(Error, ledger.drop("vae", "cuda:0"));
    }
};

FRAMESMITH_TEST_GUILESS_MAIN(tst_WeightLedger)

} // namespace tst_WeightLedger
#include "tst_WeightLedger.moc"
