// OpenSoraMaskStrategy: parse_mask_strategy's defaults, find_nearest_point's values as Python
// computes them, apply_mask_strategy's index arithmetic (negative starts, align, the length cut),
// and the strategies refused before any work, each naming the field "conditioning".
#include "framesmith/Error.h"
#include "models/opensora/conditioning/OpenSoraMaskStrategy.h"
#include "support/TestRegistry.h"

#include <QtTest/QtTest>

namespace tst_OpenSoraMaskStrategy {

using namespace framesmith;

namespace {

QString refusal(const std::string& text)
{
    try {
        OpenSoraMaskStrategy::parse(text);
    } catch (const InvalidRequestError& e) {
        return QString::fromStdString(e.field()) + ": " + e.what();
    }
    return {};
}

} // namespace

class TestOpenSoraMaskStrategy : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void fieldsLeftOffTakeTheReferenceDefaults()
    {
        const OpenSoraMaskStrategy s = OpenSoraMaskStrategy::parse("0");
        QCOMPARE(int(s.entries.size()), 1);
        const OpenSoraMaskEntry& e = s.entries[0];
        QCOMPARE(e.reference, 0);
        QCOMPARE(e.referenceStart, 0);
        QCOMPARE(e.targetStart, 0);
        QCOMPARE(e.length, 1);
        QCOMPARE(e.editRatio, 0.0);
        QVERIFY(!s.align);

        const OpenSoraMaskStrategy two = OpenSoraMaskStrategy::parse("0,0,-1,0,1,0.25; 0, 1, 0, -2, 4 ;align=5");
        QCOMPARE(int(two.entries.size()), 2);
        QCOMPARE(two.entries[0].referenceStart, -1);
        QCOMPARE(two.entries[0].editRatio, 0.25);
        QCOMPARE(two.entries[1].reference, 1);
        QCOMPARE(two.entries[1].targetStart, -2);
        QCOMPARE(two.entries[1].length, 4);
        QCOMPARE(*two.align, 5);
        QVERIFY(OpenSoraMaskStrategy::parse("").empty());
    }

    void nearestPointIsPythons()
    {
        // find_nearest_point(value, point, max_value) evaluated in Python 3.
        QCOMPARE(OpenSoraMaskStrategy::nearestPoint(7, 5, 20), 5);
        QCOMPARE(OpenSoraMaskStrategy::nearestPoint(8, 5, 20), 10);
        QCOMPARE(OpenSoraMaskStrategy::nearestPoint(18, 5, 20), 15); // t = 3 is not < 20 // 5 − 1
        QCOMPARE(OpenSoraMaskStrategy::nearestPoint(3, 4, 20), 4);   // 3 % 4 > 2
        QCOMPARE(OpenSoraMaskStrategy::nearestPoint(2, 4, 20), 0);   // 2 is not > 2
        QCOMPARE(OpenSoraMaskStrategy::nearestPoint(4, 5, 3), 0);
    }

    void placementCountsFromTheEndAndCutsTheLength()
    {
        OpenSoraMaskStrategy s = OpenSoraMaskStrategy::parse("0,0,-2,-3,10");
        OpenSoraMaskPlacement p = s.place(s.entries[0], 6, 5); // clip 6 latent frames, reference 5
        QCOMPARE(p.referenceStart, 3);
        QCOMPARE(p.targetStart, 3);
        QCOMPARE(p.length, 2); // min(10, 6 − 3, 5 − 3)
        s = OpenSoraMaskStrategy::parse("0,0,3,4,2;align=3");
        p = s.place(s.entries[0], 12, 8);
        QCOMPARE(p.referenceStart, 3);
        QCOMPARE(p.targetStart, 3); // 4 % 3 = 1 is not > 1.5
        QCOMPARE(p.length, 2);
    }

    void startsOutsideAreRefusedNamingThem()
    {
        OpenSoraMaskStrategy s = OpenSoraMaskStrategy::parse("0,0,1,0,1");
        QVERIFY_THROWS_EXCEPTION(InvalidRequestError, s.place(s.entries[0], 6, 1)); // an image has one frame
        s = OpenSoraMaskStrategy::parse("0,0,0,-7,1");
        try {
            s.place(s.entries[0], 6, 1);
            QFAIL("a start before the clip was taken");
        } catch (const InvalidRequestError& e) {
            QCOMPARE(QString::fromStdString(e.field()), QString("conditioning"));
            QVERIFY2(QString(e.what()).contains("target_start -7"), e.what());
        }
    }

    void badStrategiesAreRefused_data()
    {
        QTest::addColumn<QString>("text");
        QTest::addColumn<QString>("says");
        QTest::newRow("too many fields") << "0,0,0,0,1,0,9" << "7 fields";
        QTest::newRow("not a number") << "0,a" << "reference \"a\"";
        QTest::newRow("empty field") << "0,,1" << "reference \"\"";
        QTest::newRow("trailing separator") << "0;" << "0 fields";
        QTest::newRow("another loop") << "1,0,0,0,1" << "loop 1";
        QTest::newRow("zero length") << "0,0,0,0,0" << "length";
        QTest::newRow("ratio above 1") << "0,0,0,0,1,1.5" << "edit_ratio";
        QTest::newRow("ratio not finite") << "0,0,0,0,1,nan" << "edit_ratio";
        QTest::newRow("negative reference") << "0,-1" << "negative";
        QTest::newRow("bad align") << "0;align=0" << "align";
        QTest::newRow("align alone") << "align=4" << "places no reference";
    }
    void badStrategiesAreRefused()
    {
        QFETCH(QString, text);
        QFETCH(QString, says);
        const QString error = refusal(text.toStdString());
        QVERIFY2(error.startsWith("conditioning: "), qPrintable(error));
        QVERIFY2(error.contains(says), qPrintable(error));
    }
};

FRAMESMITH_TEST_GUILESS_MAIN(TestOpenSoraMaskStrategy)

} // namespace tst_OpenSoraMaskStrategy
#include "tst_OpenSoraMaskStrategy.moc"
