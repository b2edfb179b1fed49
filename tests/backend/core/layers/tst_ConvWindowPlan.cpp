// ConvWindowPlan: the frame windows the VAE's convolutions (and the planner) use.
#include "core/layers/ConvWindowPlan.h"
#include "support/TestRegistry.h"

#include <QtTest/QtTest>

#include <numeric>

namespace tst_ConvWindowPlan {

using namespace framesmith;

namespace {

std::vector<std::int64_t> plan(std::int64_t frames, std::int64_t context, std::int64_t frameBytes, std::int64_t budget)
{
    ConvWindowRequest r;
    r.frames = frames;
    r.contextFrames = context;
    r.frameBytes = frameBytes;
    r.budgetBytes = budget;
    return ConvWindowPlan::windows(r);
}

using Sizes = std::vector<std::int64_t>;

} // namespace

class TestConvWindowPlan : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void wholeInputWhenThePaddedInputFits()
    {
        QCOMPARE(plan(8, 2, 100, 1000), Sizes{8});  // 10 padded frames = the budget
        QCOMPARE(plan(9, 0, 100, 900), Sizes{9});
        QCOMPARE(plan(3, 2, 0, 0), Sizes{3});       // no frame size: nothing to bound
    }

    void windowsHoldTheBudgetWithTheirContext()
    {
        // 8 MiB budget, 1 MiB frames, 2 context frames: 6 output frames per window.
        QCOMPARE(plan(17, 2, 1 << 20, 8 << 20), (Sizes{6, 6, 5}));
        QCOMPARE(plan(12, 2, 1 << 20, 8 << 20), (Sizes{6, 6}));
        QCOMPARE(plan(5, 0, 3 << 20, 8 << 20), (Sizes{2, 2, 1}));
    }

    void atLeastOneOutputFramePerWindow()
    {
        QCOMPARE(plan(4, 2, 10 << 20, 8 << 20), (Sizes{1, 1, 1, 1}));
        QCOMPARE(plan(3, 2, 1, 1), (Sizes{1, 1, 1})); // the windowed parity tests' 1-byte budget
    }

    void windowsCoverEveryFrameOnce()
    {
        for (std::int64_t frames = 1; frames <= 40; ++frames)
            for (std::int64_t budget = 1; budget <= 64; budget += 7) {
                const Sizes sizes = plan(frames, 2, 3, budget);
                QCOMPARE(std::accumulate(sizes.begin(), sizes.end(), std::int64_t{0}), frames);
                for (std::int64_t n : sizes)
                    QVERIFY(n >= 1 && n <= sizes.front());
            }
        QVERIFY(plan(0, 2, 100, 1000).empty());
    }
};

FRAMESMITH_TEST_GUILESS_MAIN(TestConvWindowPlan)

} // namespace tst_ConvWindowPlan
#include "tst_ConvWindowPlan.moc"
