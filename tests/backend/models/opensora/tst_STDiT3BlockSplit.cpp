// Open-Sora's STDiT3 under step caching (its first block is the first spatial/temporal pair): a
// cache that never skips gives the plain forward bit for bit (per-row text masks, a frame mask),
// and a whole generation's latents likewise; when one CFG branch skips and the other runs alone,
// the running row keeps its own caption rows, modulation and frame mask; the fixed interval runs
// the rest exactly at its steps in a real generation.
#include "io/SafetensorsReader.h"
#include "models/opensora/transformer/STDiT3.h"
#include "support/StepCacheRuns.h"
#include "support/TestPaths.h"
#include "support/TestRegistry.h"

#include <ATen/ATen.h>
#include <QTemporaryDir>
#include <QtTest/QtTest>
#include <c10/core/InferenceMode.h>

namespace tst_STDiT3BlockSplit {

using namespace framesmith;

namespace {

std::string fixture(const std::string& relative) { return test::fixturesDir() + "/opensora/" + relative; }

STDiT3Inputs inputsOf(const SafetensorsReader& r)
{
    STDiT3Inputs in;
    in.x = r.view("x").clone();
    in.timestep = r.view("timestep");
    in.y = r.view("y");
    if (r.find("mask"))
        in.mask = r.view("mask");
    if (r.find("x_mask"))
        in.xMask = r.view("x_mask");
    in.fps = r.view("fps");
    in.height = r.view("height");
    in.width = r.view("width");
    return in;
}

std::string casePath(int index) { return fixture("golden/stdit3/case" + std::to_string(index) + ".safetensors"); }

GenerationRequest tinyRequest(int steps)
{
    GenerationRequest r;
    r.modelPath = fixture("models");
    r.prompt = "a fox in the snow";
    r.width = 64;
    r.height = 64;
    r.frameCount = 17;
    r.steps = steps;
    r.seed = 5;
    return r;
}

} // namespace

class TestSTDiT3BlockSplit : public QObject {
    Q_OBJECT

private:
    QTemporaryDir m_dir;
    std::shared_ptr<STDiT3> m_model;

private Q_SLOTS:
    void initTestCase()
    {
        m_model = STDiT3::load(fixture("models/hpcai-tech/OpenSora-STDiT-v3"), at::kFloat, c10::Device(c10::kCPU));
    }

    void neverSkippingCacheEqualsThePlainForward_data()
    {
        QTest::addColumn<int>("caseIndex");
        QTest::newRow("a text mask per row") << 0;
        QTest::newRow("a frame mask") << 1;
    }
    void neverSkippingCacheEqualsThePlainForward()
    {
        QFETCH(int, caseIndex);
        c10::InferenceMode inference;
        SafetensorsReader golden(casePath(caseIndex));
        STDiT3Inputs in = inputsOf(golden);
        const at::Tensor plain = m_model->forward(in);
        StepCache cache(StepCachePolicy::neverSkip());
        in.stepCache = &cache;
        for (int step = 0; step < 2; ++step) {
            cache.beginStep(step, 2);
            QVERIFY(at::equal(m_model->forward(in), plain));
        }
        QCOMPARE(cache.computedCount(), 4);
    }

    // Step 1 repeats row 0's input (skipped) and gives row 1 new noise (computed alone): case 1
    // has a frame mask and one text mask repeated over the rows.
    void oneBranchSkipsWhileTheOtherRuns()
    {
        c10::InferenceMode inference;
        SafetensorsReader golden(casePath(1));
        STDiT3Inputs step0 = inputsOf(golden);
        STDiT3Inputs step1 = inputsOf(golden);
        step1.x[1] = at::randn(step1.x[1].sizes(), at::detail::createCPUGenerator(9));
        const at::Tensor plain0 = m_model->forward(step0), plain1 = m_model->forward(step1);

        StepCache cache(StepCachePolicy::forSetting("quality"));
        step0.stepCache = step1.stepCache = &cache;
        cache.beginStep(0, 2);
        m_model->forward(step0);
        cache.beginStep(1, 2);
        const at::Tensor cached = m_model->forward(step1);
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

    void fixedIntervalRunsTheRestAtItsSteps()
    {
        const auto plain = test::runWithCache(tinyRequest(6), nullptr, m_dir.filePath("c.safetensors").toStdString());
        StepCache cache(StepCachePolicy::forSetting("fast"));
        const auto cached = test::runWithCache(tinyRequest(6), &cache, m_dir.filePath("d.safetensors").toStdString());
        QCOMPARE(test::computedSteps(cache, 0), (std::vector<int>{0, 1, 3, 5}));
        QCOMPARE(test::computedSteps(cache, 1), (std::vector<int>{0, 1, 3, 5}));
        QVERIFY(at::isfinite(cached.latents).all().item<bool>());
        QVERIFY(!at::equal(cached.latents, plain.latents));
    }
};

FRAMESMITH_TEST_GUILESS_MAIN(TestSTDiT3BlockSplit)

} // namespace tst_STDiT3BlockSplit
#include "tst_STDiT3BlockSplit.moc"
