// The planner's count of step caching in the denoise stage: per CFG branch the residual of every
// stream and the first block's probe, plus the first block's input and output during a forward;
// nothing when off; each family's denoise estimate grows by exactly that.
#include "framesmith/Error.h"
#include "memory/planner/ModelPlanning.h"
#include "models/ModelRegistry.h"
#include "sampling/StepCacheBytes.h"
#include "support/TestPaths.h"
#include "support/TestRegistry.h"

#include <QtTest/QtTest>

namespace tst_StepCacheBytes {

using namespace framesmith;

namespace {

std::int64_t denoiseGrowth(const ModelPlanning& planning, GenerationRequest request, const std::string& setting,
                           int batch, ComputeDtype dtype)
{
    const std::int64_t off = planning.denoiseBytes(request, batch, dtype, AttentionPath::ChunkedMath);
    request.stepCache = setting;
    return planning.denoiseBytes(request, batch, dtype, AttentionPath::ChunkedMath) - off;
}

GenerationRequest request(const std::string& model, int width, int height, int frames)
{
    GenerationRequest r;
    r.modelPath = model;
    r.width = width;
    r.height = height;
    r.frameCount = frames;
    return r;
}

} // namespace

class TestStepCacheBytes : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void countsResidualsProbeAndTheForwardsCopies()
    {
        QCOMPARE(StepCacheBytes::forStep("off", 2, 1000, 600, 2), std::int64_t(0));
        // 2 branches x (1000 + 600) x 2 B resident + 2 x 2 x 1000 x 2 B during a forward
        QCOMPARE(StepCacheBytes::forStep("balanced", 2, 1000, 600, 2), std::int64_t(6400 + 8000));
        QCOMPARE(StepCacheBytes::forStep("fast", 1, 1000, 600, 4), std::int64_t(6400 + 8000));
        QVERIFY_THROWS_EXCEPTION(InvalidRequestError, StepCacheBytes::forStep("warp", 1, 1, 1, 4));
    }

    // tiny-2b at 96x64, 9 frames: 3 latent frames of 4x6 tokens = 72 video tokens, 226 text
    // tokens, hidden 64 (2 heads x 32).
    void cogVideoXDenoiseCountsTheJointStream()
    {
        const std::string model = test::cogvideoxFixture("models/tiny-2b");
        const auto planning = ModelRegistry::planning(model);
        const GenerationRequest r = request(model, 96, 64, 9);
        QCOMPARE(denoiseGrowth(*planning, r, "off", 2, ComputeDtype::Float32), std::int64_t(0));
        const std::int64_t expected = StepCacheBytes::forStep("quality", 2, 298 * 64, 72 * 64, 4);
        QCOMPARE(denoiseGrowth(*planning, r, "quality", 2, ComputeDtype::Float32), expected);
        QCOMPARE(denoiseGrowth(*planning, r, "fast", 1, ComputeDtype::BFloat16), expected / 4);
    }

    void openSoraDenoiseCountsTheTokenStream()
    {
        const std::string model = test::fixturesDir() + "/opensora/models";
        const auto planning = ModelRegistry::planning(model);
        const GenerationRequest r = request(model, 64, 64, 17);
        const std::int64_t two = denoiseGrowth(*planning, r, "balanced", 2, ComputeDtype::Float32);
        QVERIFY(two > 0);
        QCOMPARE(denoiseGrowth(*planning, r, "fast", 1, ComputeDtype::Float32), two / 2);
        QCOMPARE(denoiseGrowth(*planning, r, "quality", 2, ComputeDtype::BFloat16), two / 2);
        QCOMPARE(denoiseGrowth(*planning, r, "off", 2, ComputeDtype::Float32), std::int64_t(0));
    }
};

FRAMESMITH_TEST_APPLESS_MAIN(TestStepCacheBytes)

} // namespace tst_StepCacheBytes
#include "tst_StepCacheBytes.moc"
