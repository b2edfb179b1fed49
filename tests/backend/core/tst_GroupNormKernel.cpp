// GroupNormKernel (the VAEs' group norm): the ATen-op path (what runs on a GPU) gives what the CPU kernels give, with
// and without the decoder's spatial modulation, in float32 and bfloat16, on a frame window.
#include "core/GroupNormKernel.h"
#include "support/TestRegistry.h"

#include <ATen/ATen.h>
#include <QtTest/QtTest>

namespace tst_GroupNormKernel {

using namespace framesmith;

namespace {

GroupNormParams params(std::int64_t channels, at::ScalarType dtype)
{
    GroupNormParams p;
    p.groups = 4;
    p.eps = 1e-6;
    p.weight = at::linspace(0.5, 1.5, channels).to(dtype);
    p.bias = at::linspace(-0.2, 0.3, channels).to(dtype);
    return p;
}

SpatialModulation modulation(const at::Tensor& src)
{
    // zq grid of 2 x 3 x 2 for a 5 x 6 x 4 input: nearest-neighbour maps as the decoder makes them.
    SpatialModulation m;
    m.scale = at::randn({src.size(0), src.size(1), 2, 3, 2}).to(src.scalar_type()).contiguous();
    m.shift = at::randn({src.size(0), src.size(1), 2, 3, 2}).to(src.scalar_type()).contiguous();
    for (std::int64_t i = 0; i < src.size(2); ++i)
        m.frameOf.push_back(nearestSourceIndex(i, 2, src.size(2)));
    for (std::int64_t i = 0; i < src.size(3); ++i)
        m.rowOf.push_back(nearestSourceIndex(i, 3, src.size(3)));
    for (std::int64_t i = 0; i < src.size(4); ++i)
        m.columnOf.push_back(nearestSourceIndex(i, 2, src.size(4)));
    return m;
}

} // namespace

class TestGroupNormKernel : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void opsMatchTheKernels_data()
    {
        QTest::addColumn<bool>("bf16");
        QTest::addColumn<bool>("modulated");
        QTest::newRow("float32") << false << false;
        QTest::newRow("float32, modulated") << false << true;
        QTest::newRow("bfloat16") << true << false;
        QTest::newRow("bfloat16, modulated") << true << true;
    }

    void opsMatchTheKernels()
    {
        QFETCH(bool, bf16);
        QFETCH(bool, modulated);
        const at::ScalarType dtype = bf16 ? at::kBFloat16 : at::kFloat;
        at::manual_seed(3);
        const at::Tensor src = (at::randn({2, 8, 5, 6, 4}) * 3 + 1).to(dtype).contiguous();
        const GroupNormParams p = params(8, dtype);
        const GroupNormStats kernelStats = groupNormStats(src, p);
        const GroupNormStats opStats = groupNormStatsByOps(src, p);
        QCOMPARE(opStats.mean.size(), kernelStats.mean.size());
        for (std::size_t i = 0; i < kernelStats.mean.size(); ++i) {
            QVERIFY(std::abs(opStats.mean[i] - kernelStats.mean[i]) < 1e-5f);
            QVERIFY(std::abs(opStats.rstd[i] / kernelStats.rstd[i] - 1.0f) < 1e-5f);
        }
        const SpatialModulation m = modulation(src);
        // Frames 1..3 of the source into a window, as the decoder's convolutions ask for them.
        at::Tensor byKernel = at::empty({2, 8, 3, 6, 4}, src.options());
        at::Tensor byOps = at::full({2, 8, 3, 6, 4}, 7.0, src.options());
        groupNormApply(byKernel, src, 1, kernelStats, p, modulated ? &m : nullptr, false);
        groupNormApplyByOps(byOps, src, 1, kernelStats, p, modulated ? &m : nullptr);
        // bf16: the same roundings, so at most one bf16 step (2^-7 relative) where float sums differ.
        const at::Tensor expected = byKernel.to(at::kFloat);
        const double allowed = bf16 ? expected.abs().max().item<double>() / 128 : 1e-5;
        const double difference = (byOps.to(at::kFloat) - expected).abs().max().item<double>();
        QVERIFY2(difference <= allowed, qPrintable(QString("%1 > %2").arg(difference).arg(allowed)));
    }
};

FRAMESMITH_TEST_GUILESS_MAIN(TestGroupNormKernel)

} // namespace tst_GroupNormKernel
#include "tst_GroupNormKernel.moc"
