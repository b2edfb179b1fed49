// CausalConv3d: frame windows give the one-window result, and the whole output of a windowed
// conv does not exist beside the first window's convolution (the engine's copies of the window
// and its result), where the VAE decode's working set peaks (docs/benchmarks.md, "Host RAM").
#include "core/Module.h"
#include "core/VaeConvolution.h"
#include "memory/monitor/CpuAllocationTracker.h"
#include "core/layers/CausalConv3d.h"
#include "support/TestRegistry.h"

#include <ATen/ATen.h>
#include <c10/core/InferenceMode.h>

#include <QtTest/QtTest>

namespace tst_CausalConv3d {

using namespace framesmith;

namespace {

constexpr std::int64_t kIn = 32, kOut = 16, kFrames = 9, kSide = 16;
constexpr std::int64_t kFrameBytes = kIn * kSide * kSide * 4;

void fillRandom(CausalConv3d& conv)
{
    at::manual_seed(3);
    for (ParameterSlot& slot : conv.parameters())
        *slot.tensor = at::randn(slot.shape) * 0.05;
}

// Windows of 8 and 1 output frames: the first holds 8 + 2 padded input frames.
CausalConvCache twoWindows()
{
    CausalConvCache cache;
    cache.setWindowBytes(10 * kFrameBytes);
    return cache;
}

} // namespace

class TestCausalConv3d : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void initTestCase() { CpuAllocationTracker::install(); }

    void windowsGiveTheOneWindowResult()
    {
        c10::InferenceMode inference;
        CausalConv3d conv(kIn, kOut, CausalConvOptions::cube(3, CausalPadding::FirstFrame));
        fillRandom(conv);
        const at::Tensor input = at::randn({1, kIn, kFrames, kSide, kSide});
        CausalConvCache whole;
        CausalConvCache windowed = twoWindows();
        QCOMPARE(windowed.windows(kFrames, 2, {1, kIn, kSide, kSide}, input), (std::vector<std::int64_t>{8, 1}));
        const at::Tensor expected = conv.forward(input.clone(), whole);
        const at::Tensor actual = conv.forward(input.clone(), windowed);
        QVERIFY(at::allclose(actual, expected, 1e-5, 1e-5));
    }

    void eachFrameIsTransformedOnceAndWindowsAgree_data()
    {
        QTest::addColumn<std::int64_t>("windowFrames"); // input frames a window may hold
        QTest::addColumn<std::vector<std::int64_t>>("windows");
        QTest::newRow("one output frame each") << std::int64_t{3} << std::vector<std::int64_t>(kFrames, 1);
        QTest::newRow("equal windows") << std::int64_t{5} << std::vector<std::int64_t>{3, 3, 3};
        QTest::newRow("a shorter last window") << std::int64_t{4} << std::vector<std::int64_t>{2, 2, 2, 2, 1};
    }

    void eachFrameIsTransformedOnceAndWindowsAgree()
    {
        // Two frame batches (the second reads the first's cached frames) through a fill that
        // transforms its frames and counts them: a later window takes its first frames from the
        // window before, so every input frame goes through `fill` exactly once.
        QFETCH(std::int64_t, windowFrames);
        QFETCH(std::vector<std::int64_t>, windows);
        c10::InferenceMode inference;
        CausalConv3d conv(kIn, kOut, CausalConvOptions::cube(3, CausalPadding::FirstFrame));
        fillRandom(conv);
        const at::Tensor first = at::randn({1, kIn, 5, kSide, kSide});
        const at::Tensor second = at::randn({1, kIn, kFrames, kSide, kSide});
        std::int64_t filled = 0;
        auto fill = [&filled](at::Tensor& dst, const at::Tensor& src, std::int64_t begin) {
            dst.copy_(src.narrow(2, begin, dst.size(2))).mul_(2.0).add_(0.5);
            filled += dst.size(2);
        };
        auto run = [&](CausalConvCache& cache) {
            cache.setNextBatchFollows(true);
            at::Tensor a = conv.forward(first.clone(), fill, cache);
            cache.setNextBatchFollows(false);
            return at::cat({a, conv.forward(second.clone(), fill, cache)}, 2);
        };
        CausalConvCache whole;
        const at::Tensor expected = run(whole);
        QCOMPARE(filled, 5 + kFrames);
        CausalConvCache windowed;
        windowed.setWindowBytes(windowFrames * kFrameBytes);
        QCOMPARE(windowed.windows(kFrames, 2, {1, kIn, kSide, kSide}, second), windows);
        filled = 0;
        const at::Tensor actual = run(windowed);
        QCOMPARE(filled, 5 + kFrames);
        QVERIFY(at::allclose(actual, expected, 1e-5, 1e-5));
    }

    void theWholeOutputIsNotBesideTheFirstConvolution()
    {
        c10::InferenceMode inference;
        CausalConv3d conv(kIn, kOut, CausalConvOptions::cube(3, CausalPadding::FirstFrame));
        fillRandom(conv);
        // What the engine holds for the first window alone (its copies and its result).
        const at::Tensor firstWindow = at::randn({1, kIn, 10, kSide, kSide});
        CpuAllocationTracker::resetPeak();
        std::int64_t start = CpuAllocationTracker::currentBytes();
        VaeConvolution::run(firstWindow, conv.weight(), conv.bias(), {1, 1, 1}, {0, 1, 1});
        const std::int64_t engine = CpuAllocationTracker::peakBytes() - start;

        at::Tensor input = at::randn({1, kIn, kFrames, kSide, kSide});
        CausalConvCache cache = twoWindows();
        CpuAllocationTracker::resetPeak();
        start = CpuAllocationTracker::currentBytes(); // the input included
        const at::Tensor output = conv.forward(std::move(input), cache);
        const std::int64_t measured = CpuAllocationTracker::peakBytes() - start;
        const std::int64_t buffer = 10 * kFrameBytes, outputBytes = output.nbytes();
        qInfo("peak above the input %.0f KiB: window buffer %.0f KiB, engine %.0f KiB, whole output %.0f KiB",
              measured / 1024.0, buffer / 1024.0, engine / 1024.0, outputBytes / 1024.0);
        // With the output allocated before the first convolution the peak is buffer + engine + output.
        QVERIFY2(measured < buffer + engine + outputBytes / 2, "the whole output exists beside the first convolution");
        QVERIFY(measured >= buffer + engine / 2); // the measurement saw the first window at all
    }

    // Zero padding (Open-Sora, Wan): windows, stride and the given past frames give what padding
    // explicitly and one at::conv3d give (the references' F.pad + nn.Conv3d).
    void zeroPaddingMatchesExplicitPadding_data()
    {
        QTest::addColumn<std::int64_t>("stride");
        QTest::addColumn<std::int64_t>("timePadding"); // -1: kernel_t - stride
        QTest::addColumn<std::int64_t>("pastFrames");
        QTest::addColumn<std::int64_t>("windowFrames");
        QTest::newRow("Open-Sora, one window") << std::int64_t{1} << std::int64_t{-1} << std::int64_t{0} << std::int64_t{64};
        QTest::newRow("Open-Sora, windows") << std::int64_t{1} << std::int64_t{-1} << std::int64_t{0} << std::int64_t{4};
        QTest::newRow("Open-Sora stride 2, windows") << std::int64_t{2} << std::int64_t{-1} << std::int64_t{0} << std::int64_t{5};
        QTest::newRow("Wan, two past frames") << std::int64_t{1} << std::int64_t{2} << std::int64_t{2} << std::int64_t{64};
        QTest::newRow("Wan, one past frame, windows") << std::int64_t{1} << std::int64_t{2} << std::int64_t{1} << std::int64_t{3};
        QTest::newRow("Wan time downsampler") << std::int64_t{2} << std::int64_t{0} << std::int64_t{2} << std::int64_t{64};
    }

    void zeroPaddingMatchesExplicitPadding()
    {
        QFETCH(std::int64_t, stride);
        QFETCH(std::int64_t, timePadding);
        QFETCH(std::int64_t, pastFrames);
        QFETCH(std::int64_t, windowFrames);
        c10::InferenceMode inference;
        CausalConvOptions options;
        options.timeStride = stride;
        options.timePadding = timePadding;
        options.padding = CausalPadding::Zeros;
        options.isNested = timePadding < 0;
        CausalConv3d conv(kIn, kOut, options);
        fillRandom(conv);
        QCOMPARE(conv.parameters().front().name, std::string(options.isNested ? "conv.weight" : "weight"));
        const at::Tensor input = at::randn({1, kIn, kFrames, kSide, kSide}).to(at::kDouble);
        const at::Tensor past = pastFrames > 0 ? at::randn({1, kIn, pastFrames, kSide, kSide}).to(at::kDouble) : at::Tensor();
        const at::Tensor weight = conv.weight().to(at::kDouble), bias = conv.bias().to(at::kDouble);
        *conv.parameters()[0].tensor = weight;
        *conv.parameters()[1].tensor = bias;
        const std::int64_t pad = conv.timePadding();
        at::Tensor padded = input;
        const std::int64_t fromPast = std::min(pastFrames, pad);
        if (fromPast > 0)
            padded = at::cat({past.narrow(2, pastFrames - fromPast, fromPast), padded}, 2);
        padded = at::constant_pad_nd(padded, {1, 1, 1, 1, pad - fromPast, 0});
        const at::Tensor expected = at::conv3d(padded, weight, bias, {stride, 1, 1});
        const at::Tensor actual = conv.forward(input, past, windowFrames * kFrameBytes * 2); // double: 2x the bytes
        QCOMPARE(actual.sizes(), expected.sizes());
        QCOMPARE(actual.size(2), conv.outputFrames(kFrames));
        QVERIFY2(at::allclose(actual, expected, 1e-12, 1e-12), qPrintable(QString::number(
            (actual - expected).abs().max().item<double>())));
    }
};

FRAMESMITH_TEST_GUILESS_MAIN(TestCausalConv3d)

} // namespace tst_CausalConv3d
#include "tst_CausalConv3d.moc"
