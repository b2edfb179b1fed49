// The Wan working-set models against what one real run allocates on the CPU (CpuAllocationTracker
// counts every host tensor byte): one transformer forward (the tiny fixture and real 1.3B widths
// with one block), one VAE decode and one encode (the tiny Wan 2.1 and 2.2 VAEs, and a Wan 2.1 VAE at
// a third of the real width), and the CLIP tower's read of a start image (real ViT-H widths, three
// layers), fp32. The bound (predicted within -10 % / +25 % of measured) is the planner's:
// under is what turns into an OOM, so the models lean over. Figures: docs/benchmarks.md, "Wan".
#include "core/ChunkedAttention.h"
#include "memory/monitor/CpuAllocationTracker.h"
#include "models/wan/image/WanClipVisionModel.h"
#include "models/wan/planning/WanActivationModel.h"
#include "models/wan/planning/WanClipWorkingSet.h"
#include "models/wan/planning/WanVaeWorkingSet.h"
#include "models/wan/transformer/WanTransformer3DModel.h"
#include "models/wan/vae/WanVae.h"
#include "support/TestPaths.h"
#include "support/TestRegistry.h"

#include <ATen/ATen.h>
#include <c10/core/InferenceMode.h>
#include <QtTest/QtTest>

namespace tst_WanPlanningAccuracy {

using namespace framesmith;

namespace {

constexpr double kUnder = 0.90, kOver = 1.25;

std::string tiny(const std::string& relative) { return test::fixturesDir() + "/wan/models/" + relative; }

double mib(std::int64_t bytes) { return static_cast<double>(bytes) / (1 << 20); }

void fillRandom(Module& module)
{
    at::manual_seed(0);
    for (ParameterSlot& slot : module.parameters())
        *slot.tensor = at::randn(slot.shape) * (slot.shape.size() >= 2 ? 0.02 : 0.1) + (slot.shape.size() == 1 ? 1.0 : 0.0);
}

bool inside(const char* what, std::int64_t measured, std::int64_t predicted)
{
    const double ratio = static_cast<double>(predicted) / static_cast<double>(measured);
    qInfo("%s: measured %.2f MiB, predicted %.2f MiB (%+.0f %%)", what, mib(measured), mib(predicted), 100.0 * (ratio - 1));
    return ratio >= kUnder && ratio <= kOver;
}

// A tiny fixture's VAE folder, or "mid": the Wan 2.1 VAE at base_dim 32 (a third of the real width).
std::shared_ptr<WanVae> vaeNamed(const QString& vae)
{
    if (vae != "mid")
        return WanVae::load(tiny(vae.toStdString()), at::kFloat, at::kCPU);
    WanVaeConfig c = WanVaeConfig::fromFile(tiny("wan2.1-t2v/vae/config.json"));
    c.baseDim = c.decoderBaseDim = 32;
    auto model = std::make_shared<WanVae>(c);
    fillRandom(*model);
    return model;
}

WanVaeWorkload cpuWorkload(std::int64_t latentFrames, std::int64_t height, std::int64_t width)
{
    WanVaeWorkload w;
    w.latentFrames = latentFrames;
    w.height = height;
    w.width = width;
    w.fusedAttention = ChunkedAttention::hasFusedKernel(false);
    w.isCpu = true;
    return w;
}

// Peak bytes above what was live before `run`.
template <class F>
std::int64_t measure(F&& run)
{
    CpuAllocationTracker::resetPeak();
    const std::int64_t start = CpuAllocationTracker::currentBytes();
    run();
    return CpuAllocationTracker::peakBytes() - start;
}

} // namespace

class TestWanPlanningAccuracy : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void initTestCase() { CpuAllocationTracker::install(); }

    void transformerForward_data()
    {
        QTest::addColumn<QString>("model"); // a tiny folder, or "mid" (1.3B widths, one block)
        QTest::addColumn<bool>("isPerToken");
        QTest::addColumn<qint64>("frames");
        QTest::addColumn<qint64>("height");
        QTest::addColumn<qint64>("width");
        QTest::newRow("tiny wan2.1-t2v, 5 x 32 x 48 latents") << "wan2.1-t2v" << false << qint64(5) << qint64(32) << qint64(48);
        QTest::newRow("tiny wan2.1-t2v, 9 x 48 x 64 latents") << "wan2.1-t2v" << false << qint64(9) << qint64(48) << qint64(64);
        QTest::newRow("tiny wan2.2-ti2v, per-token timesteps, 9 x 48 x 64") << "wan2.2-ti2v" << true << qint64(9) << qint64(48) << qint64(64);
        QTest::newRow("1.3B widths, 1 block, 5 x 24 x 32 latents") << "mid" << false << qint64(5) << qint64(24) << qint64(32);
    }
    void transformerForward()
    {
        QFETCH(QString, model);
        QFETCH(bool, isPerToken);
        QFETCH(qint64, frames);
        QFETCH(qint64, height);
        QFETCH(qint64, width);
        c10::InferenceMode inference;
        std::shared_ptr<WanTransformer3DModel> transformer;
        if (model == "mid") {
            WanTransformerConfig c = WanTransformerConfig::fromFile(test::fixturesDir() +
                                                                    "/wan/full-size-configs/Wan-AI/Wan2.1-T2V-1.3B-Diffusers/transformer/config.json");
            c.numLayers = 1;
            transformer = std::make_shared<WanTransformer3DModel>(c);
            fillRandom(*transformer);
        } else {
            transformer = WanTransformer3DModel::load(tiny(model.toStdString() + "/transformer"), at::kFloat, at::kCPU);
        }
        const WanTransformerConfig& c = transformer->config();
        WanStepShape shape;
        shape.latentFrames = frames;
        shape.latentHeight = height;
        shape.latentWidth = width;
        shape.isPerTokenTimestep = isPerToken;
        WanTransformerInputs in;
        in.hiddenStates = at::randn({1, c.inChannels, frames, height, width});
        in.timestep = isPerToken ? at::full({1, WanActivationModel::tokens(c, shape)}, 800.0) : at::full({1}, 757, at::kLong);
        in.encoderHiddenStates = at::randn({1, 512, c.textDim}) * 0.3;
        at::Tensor out;
        const std::int64_t measured = measure([&] { out = transformer->forward(in); });
        const WanActivations a = WanActivationModel::estimate(c, shape, 4, ChunkedAttention::hasFusedKernel(false));
        QVERIFY2(inside(QTest::currentDataTag(), measured, a.peakBytes() - a.samplerBytes), "outside the model's band");
    }

    void vaeDecode_data()
    {
        QTest::addColumn<QString>("vae"); // a tiny folder, or "mid" (Wan 2.1 VAE, base_dim 32)
        QTest::addColumn<qint64>("latentFrames");
        QTest::addColumn<qint64>("height");
        QTest::addColumn<qint64>("width");
        QTest::newRow("tiny Wan 2.1 VAE, 9 frames 64 x 96") << "wan2.1-t2v/vae" << qint64(3) << qint64(64) << qint64(96);
        QTest::newRow("tiny Wan 2.1 VAE, 21 frames 64 x 96") << "wan2.1-t2v/vae" << qint64(6) << qint64(64) << qint64(96);
        QTest::newRow("tiny Wan 2.2 VAE, 9 frames 128 x 192") << "wan2.2-ti2v/vae" << qint64(3) << qint64(128) << qint64(192);
        QTest::newRow("mid Wan 2.1 VAE, 9 frames 128 x 192") << "mid" << qint64(3) << qint64(128) << qint64(192);
        QTest::newRow("mid Wan 2.1 VAE, 17 frames 128 x 192") << "mid" << qint64(5) << qint64(128) << qint64(192);
    }
    void vaeDecode()
    {
        QFETCH(QString, vae);
        QFETCH(qint64, latentFrames);
        QFETCH(qint64, height);
        QFETCH(qint64, width);
        c10::InferenceMode inference;
        const std::shared_ptr<WanVae> model = vaeNamed(vae);
        const WanVaeConfig& c = model->config();
        const std::int64_t s = WanVaeWorkingSet::spatialCompression(c);
        const at::Tensor z = at::randn({1, c.zDim, latentFrames, height / s, width / s});
        at::Tensor out;
        const std::int64_t measured = measure([&] { out = model->decode(z); });
        const WanVaeMemory m = WanVaeWorkingSet::decode(c, cpuWorkload(latentFrames, height, width));
        qInfo("cache %.2f MiB, widest layer %.2f MiB, output %.2f MiB, peak at %s", mib(m.cacheBytes), mib(m.layerBytes),
              mib(m.outputBytes), m.peakStage.c_str());
        QVERIFY2(inside(QTest::currentDataTag(), measured, m.peakBytes), "outside the model's band");
    }

    void vaeEncode_data()
    {
        QTest::addColumn<QString>("vae"); // a tiny folder, or "mid" (Wan 2.1 VAE, base_dim 32)
        QTest::addColumn<qint64>("frames");
        QTest::addColumn<qint64>("height");
        QTest::addColumn<qint64>("width");
        QTest::newRow("tiny Wan 2.1 VAE, 9 frames 64 x 96") << "wan2.1-t2v/vae" << qint64(9) << qint64(64) << qint64(96);
        QTest::newRow("tiny Wan 2.1 VAE, 17 frames 64 x 96") << "wan2.1-t2v/vae" << qint64(17) << qint64(64) << qint64(96);
        QTest::newRow("tiny Wan 2.1 VAE, 9 frames 128 x 192") << "wan2.1-t2v/vae" << qint64(9) << qint64(128) << qint64(192);
        QTest::newRow("tiny Wan 2.2 VAE, 1 frame 128 x 192") << "wan2.2-ti2v/vae" << qint64(1) << qint64(128) << qint64(192);
        QTest::newRow("tiny Wan 2.2 VAE, 9 frames 128 x 192") << "wan2.2-ti2v/vae" << qint64(9) << qint64(128) << qint64(192);
        QTest::newRow("mid Wan 2.1 VAE, 9 frames 128 x 192") << "mid" << qint64(9) << qint64(128) << qint64(192);
        QTest::newRow("mid Wan 2.1 VAE, 17 frames 128 x 192") << "mid" << qint64(17) << qint64(128) << qint64(192);
    }
    // A start image's condition: the image (and zero frames) encoded, the video held by the caller.
    void vaeEncode()
    {
        QFETCH(QString, vae);
        QFETCH(qint64, frames);
        QFETCH(qint64, height);
        QFETCH(qint64, width);
        c10::InferenceMode inference;
        const std::shared_ptr<WanVae> model = vaeNamed(vae);
        const WanVaeConfig& c = model->config();
        const at::Tensor video = at::rand({1, 3, frames, height, width}) * 2 - 1;
        WanVaePosterior posterior;
        const std::int64_t measured = measure([&] { posterior = model->encode(video); });
        const std::int64_t latentFrames = (frames - 1) / WanVaeWorkingSet::temporalCompression(c) + 1;
        const WanVaeMemory m = WanVaeWorkingSet::encode(c, cpuWorkload(latentFrames, height, width));
        qInfo("cache %.2f MiB, widest layer %.2f MiB, latents %.2f MiB, peak at %s", mib(m.cacheBytes), mib(m.layerBytes),
              mib(m.outputBytes), m.peakStage.c_str());
        QVERIFY2(inside(QTest::currentDataTag(), measured, m.peakBytes), "outside the model's band");
    }

    // Wan 2.1 I2V's CLIP tower reading the preprocessed start image (hidden_states[-2]).
    void imageEncoderRead()
    {
        c10::InferenceMode inference;
        WanClipVisionConfig c = WanClipVisionConfig::fromFile(
            test::fixturesDir() + "/wan/full-size-configs/Wan-AI/Wan2.1-I2V-14B-480P-Diffusers/image_encoder/config.json");
        c.numHiddenLayers = 3; // hidden_states[-2]: two layers run
        auto model = std::make_shared<WanClipVisionModel>(c);
        fillRandom(*model);
        const at::Tensor pixels = at::randn({1, c.numChannels, c.imageSize, c.imageSize});
        at::Tensor hidden;
        const std::int64_t measured = measure([&] { hidden = model->penultimateHiddenState(pixels); });
        QVERIFY2(inside("ViT-H widths, 3 layers", measured, WanClipWorkingSet::penultimateBytes(c, 4)), "outside the model's band");
    }

    // The point of the frame-by-frame decode: the cache and the widest layer do not grow with the
    // frame count; only the output does.
    void decodeWorkingSetIsIndependentOfFrames()
    {
        const WanVaeConfig c = WanVaeConfig::fromFile(test::fixturesDir() +
                                                      "/wan/full-size-configs/Wan-AI/Wan2.1-T2V-14B-Diffusers/vae/config.json");
        WanVaeWorkload w;
        w.height = 480;
        w.width = 832;
        w.elementBytes = 2;
        w.fusedAttention = true;
        w.latentFrames = 21;
        const WanVaeMemory f81 = WanVaeWorkingSet::decode(c, w);
        w.latentFrames = 41;
        const WanVaeMemory f161 = WanVaeWorkingSet::decode(c, w);
        QCOMPARE(f161.cacheBytes, f81.cacheBytes);
        QCOMPARE(f161.layerBytes, f81.layerBytes);
        QCOMPARE(f161.outputBytes, f81.outputBytes * 161 / 81);
    }
};

FRAMESMITH_TEST_GUILESS_MAIN(TestWanPlanningAccuracy)

} // namespace tst_WanPlanningAccuracy
#include "tst_WanPlanningAccuracy.moc"
