// The query-chunked attention must equal the unchunked math (1e-5) for every chunking the
// budget can force: whole heads, groups of heads, rows of one head, single rows. The path each
// libtorch takes by default is the measured one (CPU: chunked on every version; CUDA: fused from
// 2.0), a forced path is taken or refused with a clear error, and both agree.
#include "core/ChunkedAttention.h"
#include "framesmith/Error.h"
#include "support/TensorParity.h"
#include "support/TestRegistry.h"

#include <ATen/ATen.h>
#include <ATen/CPUGeneratorImpl.h>
#include <QtTest/QtTest>
#include <torch/version.h>

namespace tst_ChunkedAttention {

using namespace framesmith;

class TestChunkedAttention : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void chunkedEqualsFullMath_data()
    {
        QTest::addColumn<qint64>("budgetBytes");
        QTest::newRow("everything at once") << qint64(1ll << 30);
        QTest::newRow("groups of heads") << qint64(3 * 77 * 77 * 4);
        QTest::newRow("rows of one head") << qint64(20 * 77 * 4);
        QTest::newRow("single rows") << qint64(1);
    }
    void chunkedEqualsFullMath()
    {
        QFETCH(qint64, budgetBytes);
        auto gen = at::make_generator<at::CPUGeneratorImpl>(7);
        at::Tensor q = at::randn({2, 5, 77, 16}, gen);
        at::Tensor k = at::randn({2, 5, 77, 16}, gen);
        at::Tensor v = at::randn({2, 5, 77, 16}, gen);
        at::Tensor reference = ChunkedAttention::fullMath(q, k, v);
        at::Tensor chunked = ChunkedAttention::chunkedMath(q, k, v, budgetBytes);
        FRAMESMITH_EXPECT_PARITY("attention", chunked, reference, 1e-5);
        AttentionOptions options;
        options.scoreBudgetBytes = budgetBytes;
        FRAMESMITH_EXPECT_PARITY("compute", ChunkedAttention::compute(q, k, v, options), reference, 1e-5);
    }

    void queriesMayBeShorterThanKeys()
    {
        auto gen = at::make_generator<at::CPUGeneratorImpl>(3);
        at::Tensor q = at::randn({1, 2, 9, 8}, gen);
        at::Tensor k = at::randn({1, 2, 31, 8}, gen);
        at::Tensor v = at::randn({1, 2, 31, 8}, gen);
        FRAMESMITH_EXPECT_PARITY("attention", ChunkedAttention::chunkedMath(q, k, v, 4 * 31 * 4),
                                 ChunkedAttention::fullMath(q, k, v), 1e-5);
    }

    // The CPU keeps the chunked path on 2.x too (measured: docs/benchmarks.md "libtorch 1.13
    // against 2.6 on the CPU"); CUDA takes SDPA where libtorch has it. The planner asks
    // hasFusedKernel, so its answer must be the path compute() takes on a CPU tensor.
    void defaultPathIsTheMeasuredOne()
    {
        const bool libtorch2 = TORCH_VERSION_MAJOR >= 2;
        QCOMPARE(ChunkedAttention::fusedKernelAvailable(), libtorch2);
        QCOMPARE(ChunkedAttention::hasFusedKernel(true), libtorch2);
        QVERIFY(!ChunkedAttention::hasFusedKernel(false));
        const at::Tensor q = at::zeros({1, 30, 1474, 64}); // the 2b-mid step's shape per head group
        QVERIFY(!ChunkedAttention::usesFusedKernel(q, AttentionOptions{}));
        // The result's layout tells which kernel ran: the math path's is contiguous, SDPA's is not.
        const at::Tensor small = at::randn({1, 2, 9, 8});
        QVERIFY(ChunkedAttention::compute(small, small, small).is_contiguous());
    }

    void forcedPathIsTakenOrRefused()
    {
        auto gen = at::make_generator<at::CPUGeneratorImpl>(11);
        const at::Tensor q = at::randn({2, 3, 41, 16}, gen), k = at::randn({2, 3, 41, 16}, gen),
                         v = at::randn({2, 3, 41, 16}, gen);
        const at::Tensor reference = ChunkedAttention::fullMath(q, k, v);
        AttentionOptions chunked;
        chunked.kernel = AttentionKernel::Chunked;
        QVERIFY(!ChunkedAttention::usesFusedKernel(q, chunked));
        FRAMESMITH_EXPECT_PARITY("chunked", ChunkedAttention::compute(q, k, v, chunked), reference, 1e-5);
        AttentionOptions fused;
        fused.kernel = AttentionKernel::Fused;
        if (TORCH_VERSION_MAJOR >= 2) {
            QVERIFY(ChunkedAttention::usesFusedKernel(q, fused));
            FRAMESMITH_EXPECT_PARITY("fused", ChunkedAttention::compute(q, k, v, fused), reference, 1e-5);
        } else {
            QVERIFY(!ChunkedAttention::usesFusedKernel(q, fused));
            QVERIFY_THROWS_EXCEPTION(InvalidRequestError, ChunkedAttention::compute(q, k, v, fused));
        }
    }

    void parsesTheSwitch()
    {
        QVERIFY(ChunkedAttention::parseKernel("auto", "--attention") == AttentionKernel::Auto);
        QVERIFY(ChunkedAttention::parseKernel("chunked", "--attention") == AttentionKernel::Chunked);
        try {
            ChunkedAttention::parseKernel("flash", "--attention");
            QFAIL("'flash' was accepted");
        } catch (const InvalidRequestError& e) {
            QCOMPARE(QString::fromStdString(e.field()), QString("--attention"));
            QVERIFY(QString(e.what()).contains("auto, fused or chunked"));
        }
        if (TORCH_VERSION_MAJOR >= 2) {
            QVERIFY(ChunkedAttention::parseKernel("fused", "--attention") == AttentionKernel::Fused);
        } else {
            try {
                ChunkedAttention::parseKernel("fused", "--attention");
                QFAIL("'fused' was accepted by a libtorch without SDPA");
            } catch (const InvalidRequestError& e) {
                QVERIFY(QString(e.what()).contains(TORCH_VERSION));
            }
        }
    }

    void rejectsMismatchedShapes()
    {
        at::Tensor q = at::zeros({1, 2, 9, 8});
        QVERIFY_THROWS_EXCEPTION(ShapeError, ChunkedAttention::chunkedMath(q, at::zeros({1, 2, 9, 4}), q, 1 << 20));
        QVERIFY_THROWS_EXCEPTION(ShapeError, ChunkedAttention::compute(q.flatten(0, 1), q, q));
    }
};

FRAMESMITH_TEST_GUILESS_MAIN(TestChunkedAttention)

} // namespace tst_ChunkedAttention
#include "tst_ChunkedAttention.moc"
