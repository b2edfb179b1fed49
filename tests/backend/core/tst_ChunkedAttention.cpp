// The query-chunked attention must equal the unchunked math (1e-5) for every chunking the
// budget can force: whole heads, groups of heads, rows of one head, single rows.
#include "core/ChunkedAttention.h"
#include "framesmith/Error.h"
#include "support/TensorParity.h"

#include <ATen/ATen.h>
#include <ATen/CPUGeneratorImpl.h>
#include <QtTest/QtTest>

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

    void rejectsMismatchedShapes()
    {
        at::Tensor q = at::zeros({1, 2, 9, 8});
        QVERIFY_THROWS_EXCEPTION(ShapeError, ChunkedAttention::chunkedMath(q, at::zeros({1, 2, 9, 4}), q, 1 << 20));
        QVERIFY_THROWS_EXCEPTION(ShapeError, ChunkedAttention::compute(q.flatten(0, 1), q, q));
    }
};

QTEST_GUILESS_MAIN(TestChunkedAttention)
#include "tst_ChunkedAttention.moc"
