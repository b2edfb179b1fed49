// fp8/int8 weight storage: stored bytes, per-row scales and the error of the widened matrix.
#include "framesmith/Error.h"
#include "core/Layers.h"
#include "memory/placement/ModuleWeightTransport.h"
#include "memory/placement/QuantizedWeight.h"
#include "support/TestRegistry.h"

#include <ATen/ATen.h>

#include <QTest>

namespace tst_QuantizedWeight {

using namespace framesmith;

namespace {

// [rows, columns] random weights whose rows span five orders of magnitude, like real checkpoints'
// mix of small attention rows and larger modulation rows.
at::Tensor weights(std::int64_t rows, std::int64_t columns)
{
    at::manual_seed(11);
    at::Tensor magnitude = at::pow(10.0, at::linspace(-4, 1, rows)).unsqueeze(1); // [rows, 1]
    return at::randn({rows, columns}) * magnitude;
}

} // namespace

class tst_QuantizedWeight : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void storesOneBytePerElementAndAScalePerRow_data()
    {
        QTest::addColumn<int>("storage");
        QTest::newRow("int8") << int(WeightStorage::Int8);
        QTest::newRow("fp8") << int(WeightStorage::Float8);
    }
    void storesOneBytePerElementAndAScalePerRow()
    {
        QFETCH(int, storage);
        const QuantizedWeight q = QuantizedWeight::quantize(weights(48, 80).to(at::kBFloat16), WeightStorage(storage));
        QCOMPARE(q.nbytes(), std::int64_t(48 * 80 + 48 * 4));
        QCOMPARE(q.codes().scalar_type(), storage == int(WeightStorage::Int8) ? at::kChar : at::kByte);
        QCOMPARE(q.scales().sizes().vec(), (std::vector<std::int64_t>{48, 1}));
        QCOMPARE(q.widen(at::kBFloat16).scalar_type(), at::kBFloat16);
        QCOMPARE(q.widen(at::kFloat).sizes().vec(), (std::vector<std::int64_t>{48, 80}));
    }

    void int8ErrorIsAtMostHalfAStepOfItsRow()
    {
        const at::Tensor w = weights(64, 96);
        const at::Tensor wide = QuantizedWeight::quantize(w, WeightStorage::Int8).widen(at::kFloat);
        const at::Tensor step = w.abs().amax({1}, true) / 127; // [64, 1]
        const at::Tensor excess = (wide - w).abs() - step * (0.5 + 1e-5);
        QVERIFY2(excess.max().item<float>() <= 0, qPrintable(QString::number(excess.max().item<float>())));
    }

    void fp8ErrorIsAtMostHalfAUnitInTheLastPlace()
    {
        const at::Tensor w = weights(64, 96);
        const QuantizedWeight q = QuantizedWeight::quantize(w, WeightStorage::Float8);
        const at::Tensor wide = q.widen(at::kFloat);
        // e4m3: 3 mantissa bits, so half an ulp is 2^-4 of the value; below the smallest normal
        // (2^-6 scaled) the step is a fixed 2^-9 scaled.
        const at::Tensor bound = at::maximum(w.abs() * 0.0625, q.scales() * std::ldexp(1.0, -10)) * (1 + 1e-5);
        QVERIFY(((wide - w).abs() <= bound).all().item<bool>());
        // Small rows keep their precision: a plain e4m3 cast would flush this 1e-4 row to zero.
        QVERIFY(wide[0].abs().max().item<float>() > 0);
    }

    void widensToTheComputeDtypeWithOneRounding()
    {
        const QuantizedWeight q = QuantizedWeight::quantize(weights(32, 40), WeightStorage::Int8);
        QVERIFY(at::equal(q.widen(at::kBFloat16), q.widen(at::kFloat).to(at::kBFloat16)));
    }

    void slicesOfALargeMatrixMatchARowByRowQuantization()
    {
        // 600 x 8192 is over the 4 M-element slice: several slices, one answer.
        const at::Tensor w = weights(600, 8192);
        const QuantizedWeight whole = QuantizedWeight::quantize(w, WeightStorage::Int8);
        const QuantizedWeight row = QuantizedWeight::quantize(w.narrow(0, 599, 1), WeightStorage::Int8);
        QVERIFY(at::equal(whole.codes().narrow(0, 599, 1), row.codes()));
        QVERIFY(at::equal(whole.scales().narrow(0, 599, 1), row.scales()));
    }

    void keepsZeroRowsAndLeavesTheInputAlone()
    {
        at::Tensor w = weights(8, 16);
        w[3].zero_();
        const at::Tensor before = w.clone();
        for (WeightStorage storage : {WeightStorage::Int8, WeightStorage::Float8}) {
            const at::Tensor wide = QuantizedWeight::quantize(w, storage).widen(at::kFloat);
            QVERIFY(at::equal(wide[3], at::zeros({16})));
            QVERIFY(at::isfinite(wide).all().item<bool>());
        }
        QVERIFY(at::equal(w, before));
    }

    void aBlockIsWideOnlyWhileItRuns()
    {
        Linear block(96, 64); // stands for a transformer block: a matrix and a vector
        block.weight = weights(64, 96);
        block.bias = at::ones({64});
        const at::Tensor native = block.weight.clone();
        ModuleWeightTransport transport;
        transport.setBlockModulePrefix("transformer.transformer_blocks.");
        transport.bindBlock(0, block);
        transport.quantizeBlock(0, WeightStorage::Int8);
        QVERIFY(!block.weight.defined()); // the wide copy is gone ...
        QVERIFY(at::equal(block.bias, at::ones({64}))); // ... vectors stay as they were
        QCOMPARE(transport.boundBytes("transformer.transformer_blocks.0"), std::int64_t(64 * 96 + 64 * 4 + 64 * 4));
        for (int run = 0; run < 2; ++run) {
            transport.widenBlock(0, "cuda:0"); // a simulated GPU: the CPU
            QCOMPARE(block.weight.scalar_type(), at::kFloat);
            QVERIFY((block.weight - native).abs().max().item<float>() < native.abs().max().item<float>() / 127);
            transport.narrowBlock(0);
            QVERIFY(!block.weight.defined());
        }
    }

    void rejectsWhatIsNotAMatrix()
    {
        QVERIFY_THROWS_EXCEPTION(ShapeError, QuantizedWeight::quantize(at::ones({16}), WeightStorage::Int8));
        QVERIFY_THROWS_EXCEPTION(ShapeError,
                                 QuantizedWeight::quantize(at::ones({4, 4}, at::kLong), WeightStorage::Float8));
    }
};

FRAMESMITH_TEST_GUILESS_MAIN(tst_QuantizedWeight)

} // namespace tst_QuantizedWeight
#include "tst_QuantizedWeight.moc"
