// SinusoidalTimestepEmbedding: diffusers get_timestep_embedding's layout and options.
#include "core/layers/SinusoidalTimestepEmbedding.h"
#include "framesmith/Error.h"
#include "support/TestRegistry.h"

#include <ATen/ATen.h>
#include <QtTest/QtTest>

#include <cmath>

namespace tst_SinusoidalTimestepEmbedding {

using namespace framesmith;

class TestSinusoidalTimestepEmbedding : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void laysOutSinThenCosOrFlipped()
    {
        const at::Tensor t = at::tensor(std::vector<std::int64_t>{0, 500});
        SinusoidalTimestepOptions options; // sin | cos, shift 1
        const at::Tensor plain = SinusoidalTimestepEmbedding::embed(t, 8, options);
        QCOMPARE(plain.sizes(), at::IntArrayRef({2, 8}));
        QCOMPARE(plain.scalar_type(), at::kFloat);
        QCOMPARE(plain[0].narrow(0, 0, 4).abs().sum().item<float>(), 0.0f); // sin 0
        QCOMPARE(plain[0].narrow(0, 4, 4).sum().item<float>(), 4.0f);       // cos 0
        // frequency j = exp(−ln(10000)·j / (half − shift)): with shift 1 the last is 1/10000
        QVERIFY(std::abs(plain[1][3].item<float>() - std::sin(500.0f * 1e-4f)) < 1e-6);
        options.flipSinToCos = true;
        options.downscaleFreqShift = 0;
        const at::Tensor flipped = SinusoidalTimestepEmbedding::embed(t, 8, options);
        QCOMPARE(flipped[0].narrow(0, 0, 4).sum().item<float>(), 4.0f); // cos first
        const float f3 = std::exp(-std::log(10000.0f) * 3 / 4);
        QVERIFY(std::abs(flipped[1][7].item<float>() - std::sin(500.0f * f3)) < 1e-5);
    }

    void oddDimsArePaddedAndBadShapesRefused()
    {
        const at::Tensor e = SinusoidalTimestepEmbedding::embed(at::ones({3}), 7, {});
        QCOMPARE(e.size(1), std::int64_t(7));
        QCOMPARE(e.select(1, 6).abs().sum().item<float>(), 0.0f);
        QVERIFY_EXCEPTION_THROWN(SinusoidalTimestepEmbedding::embed(at::ones({2, 2}), 8, {}), ShapeError);
    }
};

FRAMESMITH_TEST_GUILESS_MAIN(TestSinusoidalTimestepEmbedding)

} // namespace tst_SinusoidalTimestepEmbedding
#include "tst_SinusoidalTimestepEmbedding.moc"
