// The time limit a farm task asks for: the estimate grows with the work in the request, a GPU node
// is expected to be faster than a CPU one, the safety factor and the floor apply, and the format
// is one sbatch --time takes.
#include "cli/farm/FarmTimeLimit.h"
#include "support/TestPaths.h"
#include "support/TestRegistry.h"

#include <QtTest/QtTest>

namespace tst_FarmTimeLimit {

using namespace framesmith;
using namespace framesmith::cli;

namespace {

GenerationRequest tinyJob()
{
    GenerationRequest r;
    r.modelPath = test::cogvideoxFixture("models/tiny-2b");
    r.width = 96;
    r.height = 64;
    r.frameCount = 9;
    r.steps = 2;
    return r;
}

} // namespace

class TestFarmTimeLimit : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void estimateGrowsWithTheWork()
    {
        GenerationRequest small = tinyJob(); // the tiny model: whole seconds need some size
        small.width = 480;
        small.height = 320;
        small.frameCount = 25;
        GenerationRequest moreSteps = small;
        moreSteps.steps = 200;
        GenerationRequest larger = moreSteps;
        larger.width = 960;
        larger.height = 640;
        larger.frameCount = 49;
        const auto a = FarmTimeLimit::estimateSeconds(small, false);
        const auto b = FarmTimeLimit::estimateSeconds(moreSteps, false);
        const auto c = FarmTimeLimit::estimateSeconds(larger, false);
        QVERIFY(a >= 1);
        QVERIFY2(b > a && c > b, qPrintable(QStringLiteral("%1 %2 %3").arg(a).arg(b).arg(c)));
        QVERIFY(FarmTimeLimit::estimateSeconds(larger, true) < c);
    }

    void unknownModelIsAnError()
    {
        GenerationRequest r = tinyJob();
        r.modelPath = "/nonexistent/model";
        QVERIFY_THROWS_EXCEPTION(std::exception, FarmTimeLimit::estimateSeconds(r, true));
    }

    void safetyFactorAndFloor()
    {
        QCOMPARE(FarmTimeLimit::limitMinutes(0), FarmTimeLimit::kMinimumMinutes);
        QCOMPARE(FarmTimeLimit::limitMinutes(60), FarmTimeLimit::kMinimumMinutes); // 3 min < floor
        QCOMPARE(FarmTimeLimit::limitMinutes(20 * 60), 60);                        // 20 min x3
        QCOMPARE(FarmTimeLimit::limitMinutes(20 * 60 + 1), 61);                    // rounded up
    }

    void slurmTimeFormat()
    {
        QCOMPARE(FarmTimeLimit::slurmTime(10), std::string("00:10:00"));
        QCOMPARE(FarmTimeLimit::slurmTime(95), std::string("01:35:00"));
        QCOMPARE(FarmTimeLimit::slurmTime(24 * 60 + 61), std::string("1-01:01:00"));
    }
};

FRAMESMITH_TEST_GUILESS_MAIN(TestFarmTimeLimit)

} // namespace tst_FarmTimeLimit
#include "tst_FarmTimeLimit.moc"
