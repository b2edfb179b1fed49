// StepCache's decisions on synthetic residuals and a counting block stack: the settings' policies,
// the first-block policy skipping a slowly changing signal and not a fast one, each CFG branch
// deciding for itself, the fixed interval's exact computed steps, a skipped step's output being
// the first block's plus the cached residual, and a never-skipping cache equal to the plain stack.
#include "framesmith/Error.h"
#include "framesmith/StepCacheSetting.h"
#include "sampling/StepCache.h"
#include "support/TestRegistry.h"

#include <ATen/ATen.h>
#include <QtTest/QtTest>
#include <c10/core/InferenceMode.h>

namespace tst_StepCache {

using namespace framesmith;

namespace {

// First block: adds `delta` (the test sets it per step, so its residual is known); the rest:
// x * 2 + 1 on the requested rows, counted.
struct CountingBlocks : CacheableBlocks {
    at::Tensor delta; // [B, 4, 3]
    mutable int restCalls = 0;
    mutable std::vector<std::vector<std::int64_t>> restRows;

    at::Tensor runFirst(const at::Tensor& state) const override { return state + delta; }
    at::Tensor runRest(const at::Tensor& state, const std::vector<std::int64_t>& rows) const override
    {
        ++restCalls;
        restRows.push_back(rows);
        return rest(state.index_select(0, at::tensor(rows, at::kLong)));
    }
    static at::Tensor rest(const at::Tensor& x) { return x * 2 + 1; }
};

at::Tensor input(std::int64_t batch) { return at::arange(batch * 12, at::kFloat).view({batch, 4, 3}) / 10; }

// Runs `steps` steps; rowScale(step, row) scales row's first-block residual at that step.
template <class Scale>
std::vector<at::Tensor> runSteps(StepCache& cache, CountingBlocks& blocks, int steps, std::int64_t batch, Scale rowScale)
{
    std::vector<at::Tensor> outputs;
    for (int k = 0; k < steps; ++k) {
        cache.beginStep(k, steps);
        std::vector<at::Tensor> rows;
        for (std::int64_t b = 0; b < batch; ++b)
            rows.push_back(at::ones({1, 4, 3}) * rowScale(k, b));
        blocks.delta = at::cat(rows, 0);
        outputs.push_back(cache.run(input(batch), 0, blocks));
    }
    return outputs;
}

std::vector<int> computedSteps(const StepCache& cache, int branch)
{
    std::vector<int> steps;
    for (const StepCache::Decision& d : cache.trace())
        if (d.branch == branch && d.isComputed)
            steps.push_back(d.step);
    return steps;
}

} // namespace

class TestStepCache : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void init() { m_inference = std::make_unique<c10::InferenceMode>(); }
    void cleanup() { m_inference.reset(); }

    void settingsMapToPolicies()
    {
        QCOMPARE(stepCacheSettings(), (std::vector<std::string>{"off", "quality", "balanced", "fast"}));
        QVERIFY(StepCachePolicy::forSetting("off").isOff());
        const StepCachePolicy quality = StepCachePolicy::forSetting("quality");
        const StepCachePolicy balanced = StepCachePolicy::forSetting("balanced");
        const StepCachePolicy fast = StepCachePolicy::forSetting("fast");
        QCOMPARE(quality.kind, StepCachePolicy::Kind::FirstBlockResidual);
        QCOMPARE(quality.threshold, 0.05);
        QCOMPARE(balanced.kind, StepCachePolicy::Kind::FixedInterval);
        QCOMPARE(fast.kind, StepCachePolicy::Kind::FixedInterval);
        QVERIFY(balanced.interval < fast.interval); // faster skips more
        QVERIFY(!isStepCacheSetting("Fast"));
        try {
            StepCachePolicy::forSetting("turbo");
            QFAIL("an unknown setting was accepted");
        } catch (const InvalidRequestError& e) {
            QCOMPARE(QString::fromStdString(e.field()), QStringLiteral("stepCache"));
            QVERIFY(QString(e.what()).contains("balanced"));
        }
    }

    void relativeChangeIsMeanAbsoluteDifferenceOverMeanAbsolute()
    {
        const at::Tensor previous = at::tensor({1.0f, -1.0f, 2.0f, -2.0f});
        const at::Tensor current = at::tensor({1.3f, -1.0f, 2.0f, -2.3f});
        QVERIFY(std::abs(StepCache::relativeChange(current, previous) - 0.6 / 6.0) < 1e-6);
        QVERIFY(StepCache::relativeChange(current, at::zeros({4})) > 1e6); // nothing to compare with
    }

    // Residual 1 + 0.012 k: against the last computed step it changes 4.8 % at k = 4 (kept) and
    // 6 % at k = 5 (computed), then from k = 5 never more than 4.6 % until the end.
    void firstBlockSkipsASlowSignal()
    {
        StepCache cache(StepCachePolicy::forSetting("quality"));
        CountingBlocks blocks;
        runSteps(cache, blocks, 10, 1, [](int k, std::int64_t) { return 1.0 + 0.012 * k; });
        QCOMPARE(computedSteps(cache, 0), (std::vector<int>{0, 5}));
        QCOMPARE(blocks.restCalls, 2);
        QCOMPARE(cache.skippedCount(), 8);
        QVERIFY(cache.trace()[4].change > 0.047 && cache.trace()[4].change < 0.049);
    }

    void firstBlockComputesAFastSignal()
    {
        StepCache cache(StepCachePolicy::forSetting("quality"));
        CountingBlocks blocks;
        runSteps(cache, blocks, 10, 1, [](int k, std::int64_t) { return 1.0 + 0.5 * (k % 2); });
        QCOMPARE(blocks.restCalls, 10);
        QCOMPARE(cache.skippedCount(), 0);
        // The changes the threshold saw (0.5, then 1/3 after a computed 1.5) are reported.
        QVERIFY2(QString::fromStdString(cache.summary()).contains("first-block change 0.500 median (0.333 to 0.500)"),
                 cache.summary().c_str());
    }

    // A skipped step's output is its own first-block output plus the residual the rest added at
    // the last computed step: rest(h) - h with h that step's first-block output.
    void skippedStepAddsTheCachedResidual()
    {
        StepCache cache(StepCachePolicy::forSetting("quality"));
        CountingBlocks blocks;
        const auto outputs = runSteps(cache, blocks, 3, 1, [](int k, std::int64_t) { return 1.0 + 0.001 * k; });
        QCOMPARE(blocks.restCalls, 1);
        const at::Tensor head0 = input(1) + 1.0;
        const at::Tensor tail = CountingBlocks::rest(head0) - head0;
        QVERIFY(at::equal(outputs[0], CountingBlocks::rest(head0)));
        const at::Tensor head2 = input(1) + 1.002;
        QVERIFY(at::allclose(outputs[2], head2 + tail, 0, 1e-6));
        QVERIFY(!at::allclose(outputs[2], CountingBlocks::rest(head2), 0, 1e-3)); // really reused
    }

    // Row 0 (one CFG branch) changes slowly, row 1 fast: the rest runs for row 1 alone, row 0
    // takes its own cached residual.
    void eachBranchDecidesForItself()
    {
        StepCache cache(StepCachePolicy::forSetting("quality"));
        CountingBlocks blocks;
        const auto outputs = runSteps(cache, blocks, 4, 2, [](int k, std::int64_t b) {
            return b == 0 ? 1.0 + 0.001 * k : 1.0 + 0.5 * (k % 2);
        });
        QCOMPARE(computedSteps(cache, 0), (std::vector<int>{0}));
        QCOMPARE(computedSteps(cache, 1), (std::vector<int>{0, 1, 2, 3}));
        QCOMPARE(blocks.restRows.front(), (std::vector<std::int64_t>{0, 1}));
        QCOMPARE(blocks.restRows.back(), (std::vector<std::int64_t>{1}));
        const at::Tensor head = input(2) + at::tensor({1.003f, 1.5f}).view({2, 1, 1});
        QVERIFY(at::equal(outputs[3][1], CountingBlocks::rest(head[1])));
        const at::Tensor head0 = input(2)[0] + 1.0;
        QVERIFY(at::allclose(outputs[3][0], head[0] + (CountingBlocks::rest(head0) - head0), 0, 1e-6));
    }

    // interval 3, two warm-up steps, the last step computed: steps 0, 1, 3, 6, 9 of 10, each for
    // both branches in one call.
    void fixedIntervalRunsTheRestAtTheExpectedSteps()
    {
        const StepCachePolicy fast = StepCachePolicy::forSetting("fast");
        QCOMPARE(fast.interval, 3);
        StepCache cache(fast);
        CountingBlocks blocks;
        runSteps(cache, blocks, 10, 2, [](int k, std::int64_t) { return 1.0 + 0.5 * k; });
        QCOMPARE(computedSteps(cache, 0), (std::vector<int>{0, 1, 3, 6, 9}));
        QCOMPARE(computedSteps(cache, 1), (std::vector<int>{0, 1, 3, 6, 9}));
        QCOMPARE(blocks.restCalls, 5);
        for (const auto& rows : blocks.restRows)
            QCOMPARE(rows, (std::vector<std::int64_t>{0, 1}));
        QVERIFY(QString::fromStdString(cache.summary()).contains("10 of 20"));
        QVERIFY(!QString::fromStdString(cache.summary()).contains("first-block change")); // nothing measured
    }

    void neverSkipEqualsThePlainStack()
    {
        StepCache cache(StepCachePolicy::neverSkip());
        CountingBlocks blocks;
        const auto outputs = runSteps(cache, blocks, 4, 2, [](int, std::int64_t) { return 1.0; });
        QCOMPARE(blocks.restCalls, 4);
        for (const at::Tensor& out : outputs)
            QVERIFY(at::equal(out, CountingBlocks::rest(input(2) + 1.0)));
    }

private:
    std::unique_ptr<c10::InferenceMode> m_inference;
};

FRAMESMITH_TEST_APPLESS_MAIN(TestStepCache)

} // namespace tst_StepCache
#include "tst_StepCache.moc"
