// VaeConvolution: the direct oneDNN call computes what at::conv3d computes, for every conv shape
// the VAE uses (3x3x3 causal with spatial padding, 1x3x3 upsampler, strided downsampler, 1x1x1).
#include "core/VaeConvolution.h"

#include "support/TensorParity.h"
#include "support/TestRegistry.h"

#include <ATen/ATen.h>
#include <c10/core/InferenceMode.h>
#include <QtTest/QtTest>

namespace tst_VaeConvolution {

using namespace framesmith;

class TestVaeConvolution : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void matchesAtenConv3d_data()
    {
        QTest::addColumn<QList<qint64>>("input");  // [B, C, T, H, W]
        QTest::addColumn<QList<qint64>>("kernel"); // [out, kt, kh, kw]
        QTest::addColumn<QList<qint64>>("stride");
        QTest::addColumn<QList<qint64>>("padding");
        // Small windows ATen would send to slow_conv3d, and a large one it sends to oneDNN.
        QTest::newRow("causal 3x3x3, small") << QList<qint64>{1, 16, 3, 8, 12} << QList<qint64>{24, 3, 3, 3}
                                             << QList<qint64>{1, 1, 1} << QList<qint64>{0, 1, 1};
        QTest::newRow("causal 3x3x3, large") << QList<qint64>{1, 32, 10, 80, 24} << QList<qint64>{32, 3, 3, 3}
                                             << QList<qint64>{1, 1, 1} << QList<qint64>{0, 1, 1};
        QTest::newRow("upsampler 1x3x3") << QList<qint64>{1, 8, 2, 10, 14} << QList<qint64>{8, 1, 3, 3}
                                         << QList<qint64>{1, 1, 1} << QList<qint64>{0, 1, 1};
        QTest::newRow("downsampler, stride 2") << QList<qint64>{1, 8, 2, 9, 13} << QList<qint64>{8, 1, 3, 3}
                                               << QList<qint64>{1, 2, 2} << QList<qint64>{0, 0, 0};
        QTest::newRow("1x1x1, batch 2") << QList<qint64>{2, 12, 2, 4, 6} << QList<qint64>{6, 1, 1, 1}
                                        << QList<qint64>{1, 1, 1} << QList<qint64>{0, 0, 0};
    }
    void matchesAtenConv3d()
    {
        QFETCH(QList<qint64>, input);
        QFETCH(QList<qint64>, kernel);
        QFETCH(QList<qint64>, stride);
        QFETCH(QList<qint64>, padding);
        c10::InferenceMode inference;
        at::manual_seed(3);
        const at::Tensor x = at::randn({input[0], input[1], input[2], input[3], input[4]});
        const at::Tensor w = at::randn({kernel[0], input[1], kernel[1], kernel[2], kernel[3]}) * 0.1;
        const at::Tensor b = at::randn({kernel[0]});
        const std::vector<std::int64_t> s(stride.begin(), stride.end()), p(padding.begin(), padding.end());
        const at::Tensor expected = at::conv3d(x.to(at::kDouble), w.to(at::kDouble), b.to(at::kDouble), s, p);
        FRAMESMITH_EXPECT_PARITY("conv", VaeConvolution::run(x, w, b, s, p), expected.to(at::kFloat), 1e-4);
    }

    void otherDtypesKeepAtensDispatch()
    {
        QVERIFY(!VaeConvolution::isDirectOneDnn(at::zeros({1, 1, 1, 1, 1}, at::kDouble)));
        QVERIFY(!VaeConvolution::isDirectOneDnn(at::zeros({1, 1, 1, 1, 1}, at::kBFloat16)));
        QCOMPARE(VaeConvolution::isDirectOneDnn(at::zeros({1, 1, 1, 1, 1})), at::hasMKLDNN());
        const at::Tensor x = at::randn({1, 2, 3, 4, 5}, at::kDouble);
        const at::Tensor w = at::randn({2, 2, 3, 3, 3}, at::kDouble);
        const at::Tensor b = at::zeros({2}, at::kDouble);
        QVERIFY(at::equal(VaeConvolution::run(x, w, b, {1, 1, 1}, {0, 1, 1}), at::conv3d(x, w, b, {1, 1, 1}, {0, 1, 1})));
    }
};

FRAMESMITH_TEST_GUILESS_MAIN(TestVaeConvolution)

} // namespace tst_VaeConvolution
#include "tst_VaeConvolution.moc"
