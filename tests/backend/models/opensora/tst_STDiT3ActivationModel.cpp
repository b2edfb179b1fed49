// The STDiT3 activation model: its terms on the full-size config (240p and 720p, both attention
// paths), and its peak against the measured host peak of one real forward at full width.
#include "memory/monitor/CpuAllocationTracker.h"
#include "models/opensora/transformer/STDiT3.h"
#include "models/opensora/planning/STDiT3ActivationModel.h"
#include "support/TestPaths.h"
#include "support/TestRegistry.h"

#include <ATen/ATen.h>
#include <c10/core/InferenceMode.h>
#include <torch/version.h>
#include <QtTest/QtTest>

namespace tst_STDiT3ActivationModel {

using namespace framesmith;

namespace {

STDiT3Config fullSize()
{
    return STDiT3Config::fromFile(test::fixturesDir() + "/opensora/full-size-configs/hpcai-tech/OpenSora-STDiT-v3/config.json");
}

double mib(std::int64_t bytes) { return static_cast<double>(bytes) / (1 << 20); }

STDiT3StepShape shapeOf(std::int64_t frames, std::int64_t h, std::int64_t w)
{
    STDiT3StepShape s;
    s.batch = 2;
    s.latentFrames = frames;
    s.latentHeight = h;
    s.latentWidth = w;
    s.textTokens = 300;
    return s;
}

} // namespace

class TestSTDiT3ActivationModel : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void initTestCase() { CpuAllocationTracker::install(); }

    // sample.py's default: 240p 9:16 (240 x 426), 51 frames -> latents 15 x 30 x 53, bf16, guidance.
    void fullSize240pTerms()
    {
        const STDiT3Config c = fullSize();
        const STDiT3StepShape s = shapeOf(15, 30, 53); // patch grid 15 x 15 x 27 (width padded)
        const auto chunked = STDiT3ActivationModel::estimate(c, s, 2, false);
        const std::int64_t tokens = 2 * 15 * 15 * 27;
        QCOMPARE(chunked.residualBytes, tokens * 1152 * 2);
        QCOMPARE(chunked.textBytes, 2ll * 300 * 1152 * 2);
        // 12150 tokens fit one 256 MiB chunk at 13.5 KiB per token (6 x 1152 x 2 bytes): every phase
        // in one piece. The spatial scores, 2 x 15 frames x 16 heads x 405 x 405 in bf16 = 150 MiB,
        // stay under the budget and, with q, k, v and the output, make the widest phase.
        const std::int64_t spatialScores = 2ll * 15 * 16 * 405 * 405 * 2;
        QCOMPARE(chunked.attentionBytes, spatialScores);
        QCOMPARE(chunked.phaseBytes, tokens * 4 * 1152 * 2 + spatialScores);
        const auto fused = STDiT3ActivationModel::estimate(c, s, 2, true);
        QVERIFY(fused.attentionBytes < chunked.attentionBytes / 100);
        QVERIFY(fused.peakBytes() < chunked.peakBytes());
        qInfo("240p 51 frames bf16: peak %.0f MiB chunked, %.0f MiB fused", mib(chunked.peakBytes()), mib(fused.peakBytes()));
        QVERIFY(chunked.peakBytes() < (1ll << 30));
    }

    // 720p 16:9 (1280 x 720), 102 frames -> latents 30 x 160 x 90: the chunks bound the working set.
    void fullSize720pIsBoundedByTheChunks()
    {
        const STDiT3Config c = fullSize();
        const STDiT3StepShape s = shapeOf(30, 160, 90);
        const auto a = STDiT3ActivationModel::estimate(c, s, 2, false);
        const std::int64_t tokens = 2ll * 30 * 80 * 45;
        QCOMPARE(a.residualBytes, tokens * 1152 * 2);
        QVERIFY(a.phaseBytes <= STDiT3ActivationModel::kDefaultChunkBytes + STDiT3ActivationModel::kDefaultScoreBudgetBytes);
        QVERIFY(a.attentionBytes <= STDiT3ActivationModel::kDefaultScoreBudgetBytes + (8 << 20));
        // Unchunked, the phases would hold 6 x 1152 x 2 bytes for each of the 216000 tokens (2.8 GiB).
        QVERIFY(a.phaseBytes * 5 < tokens * STDiT3Block::workingBytesPerToken(c, 2));
        QVERIFY(a.peakBytes() < 3 * a.residualBytes);
        qInfo("720p 102 frames bf16: residual %.0f MiB, peak %.0f MiB", mib(a.residualBytes), mib(a.peakBytes()));
    }

    // One guided forward at full width (1152, 16 heads, caption 4096), one depth step, on the CPU.
    void predictedPeakMatchesMeasured_data()
    {
        QTest::addColumn<qint64>("chunkBytes");
        QTest::addColumn<bool>("frameMask");
        QTest::addColumn<bool>("bf16");
        QTest::newRow("whole") << qint64(256ll << 20) << false << false;
        QTest::newRow("chunks of 4 MiB") << qint64(4ll << 20) << false << false;
        QTest::newRow("whole, frame mask") << qint64(256ll << 20) << true << false;
        QTest::newRow("bf16 chunks of 2 MiB") << qint64(2ll << 20) << false << true;
    }
    void predictedPeakMatchesMeasured()
    {
        QFETCH(qint64, chunkBytes);
        QFETCH(bool, frameMask);
        QFETCH(bool, bf16);
        c10::InferenceMode inference;
        STDiT3Config c = fullSize();
        c.depth = 1;
        STDiT3 model(c);
        at::manual_seed(0);
        for (ParameterSlot& slot : model.parameters())
            *slot.tensor = (at::randn(slot.shape) * 0.02).to(bf16 ? at::kBFloat16 : at::kFloat);
        model.setChunkBytes(chunkBytes);
        const STDiT3StepShape shape{2, 5, 16, 24, 300, frameMask};
        STDiT3Inputs in;
        in.x = at::randn({2, 4, 5, 16, 24});
        in.timestep = at::full({2}, 700.0);
        in.y = at::randn({2, 1, 300, 4096});
        in.mask = at::ones({1, 300}, at::kLong);
        if (frameMask)
            in.xMask = at::tensor({1, 0, 1, 1, 1, 1, 0, 1, 1, 1}, at::kLong).to(at::kBool).view({2, 5});
        in.fps = at::full({1}, 24.0);
        in.height = at::full({1}, 128.0);
        in.width = at::full({1}, 192.0);

        CpuAllocationTracker::resetPeak();
        const std::int64_t start = CpuAllocationTracker::currentBytes();
        at::Tensor out = model.forward(in);
        const std::int64_t measured = CpuAllocationTracker::peakBytes() - start;
        const auto a = STDiT3ActivationModel::estimate(c, shape, bf16 ? 2 : 4, ChunkedAttention::hasFusedKernel(false), chunkBytes);
        const std::int64_t predicted = a.peakBytes() - a.samplerBytes;
        qInfo("measured %.2f MiB, predicted %.2f MiB (%+.0f %%): residual %.2f, phase %.2f, scores %.2f, text %.2f",
              mib(measured), mib(predicted), 100.0 * (predicted - measured) / measured, mib(a.residualBytes),
              mib(a.phaseBytes), mib(a.attentionBytes), mib(a.textBytes));
#if TORCH_VERSION_MAJOR >= 2
        // libtorch 2.x's CPU bf16 linear (oneDNN) converts the weight to float32 on every call: a
        // transient of twice the weight (6.2 MiB for q_linear here, traced 2026-11-24) that the model
        // does not count. Not a user configuration (CPU runs compute in float32; CUDA does not copy),
        // so it stays an expected failure here rather than a term: an unexpected pass fails the test.
        QEXPECT_FAIL("bf16 chunks of 2 MiB", "libtorch 2.x CPU bf16 matmuls copy their weights to float32", Continue);
#endif
        QVERIFY2(predicted >= measured * 0.95 && predicted <= measured * 1.05, "outside the model's band");
    }
};

FRAMESMITH_TEST_GUILESS_MAIN(TestSTDiT3ActivationModel)

} // namespace tst_STDiT3ActivationModel
#include "tst_STDiT3ActivationModel.moc"
