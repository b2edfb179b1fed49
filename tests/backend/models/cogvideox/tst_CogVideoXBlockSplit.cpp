// CogVideoX under step caching: the split stack (block 0, then the rest) with a cache that never
// skips gives the plain forward's output bit for bit, with and without RoPE, and a whole
// generation's latents likewise; when one CFG branch skips and the other runs, the running row
// equals the plain forward's row and the skipping row reproduces its last computed output; the
// fixed interval runs the rest exactly at its steps in a real generation.
#include "models/cogvideox/transformer/CogVideoXTransformer3D.h"
#include "support/StepCacheRuns.h"
#include "support/TestPaths.h"
#include "support/TestRegistry.h"

#include <ATen/ATen.h>
#include <QTemporaryDir>
#include <QtTest/QtTest>
#include <c10/core/InferenceMode.h>

namespace tst_CogVideoXBlockSplit {

using namespace framesmith;

namespace {

struct Inputs {
    at::Tensor hidden, text, timestep;
    std::optional<RotaryEmbedding> rope;
};

// [2, 3, 8, 8, 12]: 3 latent frames of 8x12 (64x96 pixels), two rows as a CFG batch.
Inputs inputsFor(const CogVideoXTransformer3D& model, std::uint64_t seed)
{
    at::Generator g = at::detail::createCPUGenerator(seed);
    const auto& c = model.config();
    Inputs in;
    in.hidden = at::randn({2, 3, c.inChannels, 8, 12}, g);
    in.text = at::randn({2, 226, c.textEmbedDim}, g);
    in.timestep = at::full({2}, 500, at::kLong);
    in.rope = model.rotaryEmbedding(64, 96, 3);
    return in;
}

at::Tensor forward(const CogVideoXTransformer3D& model, const Inputs& in)
{
    return model.forward(in.hidden, in.text, in.timestep, in.rope, std::nullopt);
}

GenerationRequest tinyRequest(int steps)
{
    GenerationRequest r;
    r.modelPath = test::cogvideoxFixture("models/tiny-2b");
    r.prompt = "a panda";
    r.negativePrompt = "blurry";
    r.width = 96;
    r.height = 64;
    r.frameCount = 9;
    r.steps = steps;
    r.seed = 11;
    return r;
}

} // namespace

class TestCogVideoXBlockSplit : public QObject {
    Q_OBJECT

private:
    QTemporaryDir m_dir;

    std::shared_ptr<CogVideoXTransformer3D> load(const QString& variant)
    {
        return CogVideoXTransformer3D::load(test::cogvideoxFixture("models/" + variant.toStdString() + "/transformer"),
                                            at::kFloat, c10::Device(c10::kCPU));
    }

private Q_SLOTS:
    void neverSkippingCacheEqualsThePlainForward_data()
    {
        QTest::addColumn<QString>("variant");
        QTest::newRow("sincos (2b)") << "tiny-2b";
        QTest::newRow("rope (5b)") << "tiny-5b";
    }
    void neverSkippingCacheEqualsThePlainForward()
    {
        QFETCH(QString, variant);
        c10::InferenceMode inference;
        auto model = load(variant);
        const Inputs in = inputsFor(*model, 3);
        const at::Tensor plain = forward(*model, in);
        StepCache cache(StepCachePolicy::neverSkip());
        model->setStepCache(&cache, 0);
        for (int step = 0; step < 2; ++step) {
            cache.beginStep(step, 2);
            QVERIFY(at::equal(forward(*model, in), plain));
        }
        QCOMPARE(cache.computedCount(), 4); // two steps, two branches
    }

    // Step 1 repeats row 0's input (its first block changes nothing: skipped) and gives row 1 new
    // noise (changed: computed alone, as a batch of one).
    void oneBranchSkipsWhileTheOtherRuns()
    {
        c10::InferenceMode inference;
        auto model = load("tiny-5b");
        Inputs step0 = inputsFor(*model, 3);
        Inputs step1 = step0;
        step1.hidden = step0.hidden.clone();
        step1.hidden[1] = inputsFor(*model, 4).hidden[1];
        const at::Tensor plain0 = forward(*model, step0), plain1 = forward(*model, step1);

        StepCache cache(StepCachePolicy::forSetting("quality"));
        model->setStepCache(&cache, 0);
        cache.beginStep(0, 2);
        forward(*model, step0);
        cache.beginStep(1, 2);
        const at::Tensor cached = forward(*model, step1);
        QCOMPARE(test::computedSteps(cache, 0), (std::vector<int>{0}));
        QCOMPARE(test::computedSteps(cache, 1), (std::vector<int>{0, 1}));
        QVERIFY(at::allclose(cached[1], plain1[1], 1e-5, 1e-5));
        QVERIFY(at::allclose(cached[0], plain0[0], 1e-5, 1e-5));
    }

    void neverSkippingGenerationEqualsTheUncachedOne()
    {
        const auto plain = test::runWithCache(tinyRequest(3), nullptr, m_dir.filePath("a.safetensors").toStdString());
        StepCache cache(StepCachePolicy::neverSkip());
        const auto cached = test::runWithCache(tinyRequest(3), &cache, m_dir.filePath("b.safetensors").toStdString());
        QVERIFY(at::equal(cached.latents, plain.latents));
        QCOMPARE(cache.computedCount(), 6);
    }

    // "fast" over 6 steps: steps 0, 1 (warm-up), 3 (interval 3) and 5 (the last) run the rest, for
    // each branch; the other steps change the result.
    void fixedIntervalRunsTheRestAtItsSteps()
    {
        const auto plain = test::runWithCache(tinyRequest(6), nullptr, m_dir.filePath("c.safetensors").toStdString());
        StepCache cache(StepCachePolicy::forSetting("fast"));
        const auto cached = test::runWithCache(tinyRequest(6), &cache, m_dir.filePath("d.safetensors").toStdString());
        QCOMPARE(test::computedSteps(cache, 0), (std::vector<int>{0, 1, 3, 5}));
        QCOMPARE(test::computedSteps(cache, 1), (std::vector<int>{0, 1, 3, 5}));
        QCOMPARE(cache.skippedCount(), 4);
        QVERIFY(at::isfinite(cached.latents).all().item<bool>());
        QVERIFY(!at::equal(cached.latents, plain.latents));
    }

    // Through the request: the runner makes the cache and the result says what it did.
    void requestSettingReachesTheRun()
    {
        GenerationRequest request = tinyRequest(4);
        request.stepCache = "fast";
        const auto run = test::runWithCache(request, nullptr, m_dir.filePath("e.safetensors").toStdString());
        bool isReported = false;
        for (const std::string& w : run.result.warnings)
            isReported = isReported || QString::fromStdString(w).contains("step cache 'fast'");
        QVERIFY(isReported);
        QCOMPARE(run.result.request.stepCache, std::string("fast"));
    }
};

FRAMESMITH_TEST_GUILESS_MAIN(TestCogVideoXBlockSplit)

} // namespace tst_CogVideoXBlockSplit
#include "tst_CogVideoXBlockSplit.moc"
