// RmsNorm: torch.nn.RMSNorm's formula, its weight, and half inputs normalised in float32.
#include "core/layers/RmsNorm.h"
#include "support/TestRegistry.h"

#include <ATen/ATen.h>
#include <QtTest/QtTest>

namespace tst_RmsNorm {

using namespace framesmith;

class TestRmsNorm : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void normalisesTheLastDimension()
    {
        at::manual_seed(5);
        RmsNorm norm(16, 1e-6);
        norm.weight = at::linspace(0.5, 2.0, 16);
        const at::Tensor x = at::randn({3, 7, 16}) * 4;
        const at::Tensor wide = x.to(at::kDouble);
        const at::Tensor expected = wide / (wide.pow(2).mean(-1, true) + 1e-6).sqrt() * norm.weight.to(at::kDouble);
        QVERIFY(at::allclose(norm.forward(x).to(at::kDouble), expected, 1e-5, 1e-6));
        RmsNorm plain(16, 1e-6, /*elementwiseAffine=*/false);
        QVERIFY(plain.parameters().empty());
        const at::Tensor unit = plain.forward(x);
        QVERIFY(at::allclose(unit.pow(2).mean(-1), at::ones({3, 7}), 1e-4, 1e-4));
    }

    void halfInputsAreNormalisedInFloat32()
    {
        RmsNorm norm(4, 1e-6, false);
        const at::Tensor x = at::full({1, 4}, 300.0).to(at::kHalf); // 300² overflows float16
        const at::Tensor y = norm.forward(x);
        QCOMPARE(y.scalar_type(), at::kHalf);
        QVERIFY(at::allclose(y.to(at::kFloat), at::ones({1, 4}), 1e-3, 1e-3));
    }
};

FRAMESMITH_TEST_GUILESS_MAIN(TestRmsNorm)

} // namespace tst_RmsNorm
#include "tst_RmsNorm.moc"
