// RopeRotation: the 1-D tables (float64 angles rounded once) and the two pairings, which are the
// same rotation on differently ordered features.
#include "core/layers/RopeRotation.h"
#include "framesmith/Error.h"
#include "support/TestRegistry.h"

#include <ATen/ATen.h>
#include <QtTest/QtTest>

#include <cmath>

namespace tst_RopeRotation {

using namespace framesmith;

class TestRopeRotation : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void tablesHoldPositionTimesFrequency()
    {
        // dim 4, theta 10000: frequencies 1 and 10000^(-1/2) = 0.01, each repeated for its pair.
        auto [cos, sin] = RopeRotation::table(4, 8, 10000.0, RopePairing::Interleaved);
        QCOMPARE(cos.sizes(), at::IntArrayRef({8, 4}));
        QCOMPARE(cos.scalar_type(), at::kFloat);
        QCOMPARE(cos[0].sum().item<float>(), 4.0f);
        QCOMPARE(sin[5][0].item<float>(), static_cast<float>(std::sin(5.0)));
        QCOMPARE(sin[5][1].item<float>(), static_cast<float>(std::sin(5.0)));
        QCOMPARE(cos[7][2].item<float>(), static_cast<float>(std::cos(7 * 0.01)));
        auto [hc, hs] = RopeRotation::table(4, 8, 10000.0, RopePairing::Halves);
        QVERIFY(hc[7][1].item<float>() == cos[7][2].item<float>() && hc[7][3].item<float>() == cos[7][2].item<float>());
        (void)hs;
        QVERIFY_EXCEPTION_THROWN(RopeRotation::table(5, 8, 10000.0, RopePairing::Interleaved), ShapeError);
    }

    void pairingsAreTheSameRotation()
    {
        at::manual_seed(3);
        const at::Tensor x = at::randn({2, 6, 3, 8}); // [B, S, H, d]
        auto [ic, is] = RopeRotation::table(8, 6, 10000.0, RopePairing::Interleaved);
        auto [hc, hs] = RopeRotation::table(8, 6, 10000.0, RopePairing::Halves);
        auto perToken = [](const at::Tensor& t) { return t.view({1, 6, 1, 8}); };
        const at::Tensor interleaved = RopeRotation::rotate(x, perToken(ic), perToken(is), RopePairing::Interleaved);
        // the same features in halves order: (x0, x2, x4, x6 | x1, x3, x5, x7)
        const at::Tensor order = at::tensor(std::vector<std::int64_t>{0, 2, 4, 6, 1, 3, 5, 7});
        const at::Tensor halves = RopeRotation::rotate(x.index_select(-1, order), perToken(hc), perToken(hs),
                                                          RopePairing::Halves);
        QVERIFY(at::allclose(interleaved.index_select(-1, order), halves, 1e-6, 1e-6));
        // a rotation keeps each pair's length, and position 0 is the identity
        QVERIFY(at::allclose(interleaved.pow(2).sum(-1), x.pow(2).sum(-1), 1e-5, 1e-5));
        QVERIFY(interleaved.select(1, 0).equal(x.select(1, 0)));
        QVERIFY(!interleaved.select(1, 3).equal(x.select(1, 3)));
    }
};

FRAMESMITH_TEST_GUILESS_MAIN(TestRopeRotation)

} // namespace tst_RopeRotation
#include "tst_RopeRotation.moc"
