// CausalConv3d: frame windows give the one-window result, and the whole output of a windowed
// conv does not exist beside the first window's convolution (the engine's copies of the window
// and its result), where the VAE decode's working set peaks (docs/benchmarks.md, "Host RAM").
#include "core/Module.h"
#include "core/VaeConvolution.h"
#include "memory/monitor/CpuAllocationTracker.h"
#include "models/cogvideox/CausalConv3d.h"

#include <ATen/ATen.h>
#include <c10/core/InferenceMode.h>

#include <QtTest/QtTest>

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
        CausalConv3d conv(kIn, kOut, 3);
        fillRandom(conv);
        const at::Tensor input = at::randn({1, kIn, kFrames, kSide, kSide});
        CausalConvCache whole;
        CausalConvCache windowed = twoWindows();
        QCOMPARE(windowed.windows(kFrames, 2, {1, kIn, kSide, kSide}, input), (std::vector<std::int64_t>{8, 1}));
        const at::Tensor expected = conv.forward(input.clone(), whole);
        const at::Tensor actual = conv.forward(input.clone(), windowed);
        QVERIFY(at::allclose(actual, expected, 1e-5, 1e-5));
    }

    void theWholeOutputIsNotBesideTheFirstConvolution()
    {
        c10::InferenceMode inference;
        CausalConv3d conv(kIn, kOut, 3);
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
};

QTEST_GUILESS_MAIN(TestCausalConv3d)
#include "tst_CausalConv3d.moc"
