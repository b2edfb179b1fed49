// CogVideoXVaeUpsample3D computes its 2x nearest upsampling and 3x3 conv as four 2x2 convs on the
// source frames: the result must be diffusers' (interpolate, then Conv2d on every frame) for every
// frame rule (single, odd, even, no time compression) and however many windows the budget makes.
#include "models/cogvideox/vae/CogVideoXVaeUpsample3D.h"

#include "support/TensorParity.h"
#include "support/TestRegistry.h"

#include <ATen/ATen.h>
#include <c10/core/InferenceMode.h>
#include <QtTest/QtTest>

namespace tst_CogVideoXVaeUpsample3D {

using namespace framesmith;

namespace {

// diffusers CogVideoXUpsample3D.forward, spelled out in double.
at::Tensor reference(const at::Tensor& x, const at::Tensor& weight, const at::Tensor& bias, bool compressTime)
{
    const std::int64_t frames = x.size(2);
    std::vector<std::int64_t> source;
    if (!compressTime || frames == 1) {
        for (std::int64_t t = 0; t < frames; ++t)
            source.push_back(t);
    } else {
        const std::int64_t first = frames % 2 == 1 ? 1 : 0;
        for (std::int64_t t = 0; t < first; ++t)
            source.push_back(t);
        for (std::int64_t t = first; t < frames; ++t)
            source.insert(source.end(), {t, t});
    }
    const at::Tensor index = at::tensor(source, at::kLong);
    const at::Tensor up = x.to(at::kDouble).index_select(2, index).repeat_interleave(2, 3).repeat_interleave(2, 4);
    return at::conv3d(up, weight.to(at::kDouble).unsqueeze(2), bias.to(at::kDouble), {1, 1, 1}, {0, 1, 1});
}

} // namespace

class TestCogVideoXVaeUpsample3D : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void matchesInterpolateThenConv_data()
    {
        QTest::addColumn<bool>("compressTime");
        QTest::addColumn<qint64>("frames");
        QTest::addColumn<qint64>("windowBytes");
        const qint64 whole = 8 << 20, tiny = 4 << 10;
        QTest::newRow("one frame") << true << qint64{1} << whole;
        QTest::newRow("odd frames, time x2") << true << qint64{3} << whole;
        QTest::newRow("even frames, time x2") << true << qint64{4} << whole;
        QTest::newRow("no time compression") << false << qint64{3} << whole;
        QTest::newRow("odd frames, one frame per window") << true << qint64{5} << tiny;
        QTest::newRow("even frames, one frame per window") << true << qint64{2} << tiny;
        QTest::newRow("spatial only, one frame per window") << false << qint64{4} << tiny;
    }
    void matchesInterpolateThenConv()
    {
        QFETCH(bool, compressTime);
        QFETCH(qint64, frames);
        QFETCH(qint64, windowBytes);
        c10::InferenceMode inference;
        at::manual_seed(11);
        CogVideoXVaeUpsample3D upsample(6, compressTime);
        at::Tensor weight, bias;
        for (ParameterSlot& slot : upsample.parameters()) {
            *slot.tensor = at::randn(slot.shape) * 0.2;
            (slot.name == "conv.weight" ? weight : bias) = *slot.tensor;
        }
        QCOMPARE(weight.sizes(), (at::IntArrayRef{6, 6, 3, 3}));
        QCOMPARE(bias.sizes(), (at::IntArrayRef{6}));
        const at::Tensor x = at::randn({2, 6, frames, 5, 7});
        CausalConvCache run;
        run.setWindowBytes(windowBytes);
        const at::Tensor out = upsample.forward(x, run);
        const at::Tensor expected = reference(x, weight, bias, compressTime);
        QCOMPARE(out.sizes(), expected.sizes());
        QCOMPARE(out.size(2), CogVideoXVaeUpsample3D::framesOut(frames, compressTime));
        FRAMESMITH_EXPECT_PARITY("upsampled", out, expected.to(at::kFloat), 1e-5);
    }
};

FRAMESMITH_TEST_GUILESS_MAIN(TestCogVideoXVaeUpsample3D)

} // namespace tst_CogVideoXVaeUpsample3D
#include "tst_CogVideoXVaeUpsample3D.moc"
