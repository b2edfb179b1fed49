// What each Wan variant accepts (WanSpec) and its samplers (WanSchedulers): 4k+1 frames, sizes on
// the 16-pixel grid (32 for TI2V-5B's 16x VAE), the defaults of the diffusers examples per variant,
// start images for the image-to-video variants; impossible requests refused with a message before
// any planning or weight (Engine::plan); UniPC by default, flow-match Euler with the model's shift,
// an unknown sampler refused naming the field.
#include "framesmith/Engine.h"
#include "framesmith/Error.h"
#include "memory/presets/PresetStore.h"
#include "models/ModelRegistry.h"
#include "models/wan/WanSpec.h"
#include "models/wan/sampling/WanFlowMatchEulerScheduler.h"
#include "models/wan/sampling/WanUniPCScheduler.h"
#include "WanFolders.h"
#include "support/TestRegistry.h"

#include <QTemporaryDir>
#include <QtTest/QtTest>

namespace tst_WanSpec {

using namespace framesmith;

namespace {

ParameterSpec specOf(const std::string& folder) { return ModelRegistry::inspect(folder).info.spec; }

GenerationRequest requestFor(const std::string& folder, const ParameterSpec& spec)
{
    GenerationRequest r;
    r.modelPath = folder;
    r.prompt = "a panda playing guitar";
    r.width = spec.defaultWidth;
    r.height = spec.defaultHeight;
    r.frameCount = spec.defaultFrames;
    r.fps = spec.defaultFps;
    r.steps = spec.defaultSteps;
    r.guidanceScale = spec.defaultGuidanceScale;
    r.startImagePath = spec.requiresStartImage ? "start.png" : "";
    return r;
}

} // namespace

class TestWanSpec : public QObject {
    Q_OBJECT

private:
    QTemporaryDir m_dir;
    std::string fullSize(const std::string& repo)
    {
        return test::fullSizeWanModel(repo, m_dir.filePath(QString::fromStdString(repo)).toStdString());
    }

private Q_SLOTS:
    void defaultsFollowEachVariant_data()
    {
        QTest::addColumn<QString>("repo");
        QTest::addColumn<int>("multiple");
        QTest::addColumn<QSize>("size");
        QTest::addColumn<int>("frames");
        QTest::addColumn<int>("fps");
        QTest::addColumn<int>("steps");
        QTest::addColumn<double>("guidance");
        QTest::addColumn<bool>("startImage");
        QTest::addColumn<bool>("needsImage");
        QTest::newRow("2.1 T2V 1.3B") << "Wan2.1-T2V-1.3B-Diffusers" << 16 << QSize(832, 480) << 81 << 16 << 50 << 5.0 << false << false;
        QTest::newRow("2.1 T2V 14B") << "Wan2.1-T2V-14B-Diffusers" << 16 << QSize(1280, 720) << 81 << 16 << 50 << 5.0 << false << false;
        QTest::newRow("2.1 I2V 14B") << "Wan2.1-I2V-14B-480P-Diffusers" << 16 << QSize(832, 480) << 81 << 16 << 50 << 5.0 << true << true;
        QTest::newRow("2.2 TI2V 5B") << "Wan2.2-TI2V-5B-Diffusers" << 32 << QSize(1280, 704) << 121 << 24 << 50 << 5.0 << true << false;
        QTest::newRow("2.2 T2V A14B") << "Wan2.2-T2V-A14B-Diffusers" << 16 << QSize(1280, 720) << 81 << 16 << 40 << 4.0 << false << false;
        QTest::newRow("2.2 I2V A14B") << "Wan2.2-I2V-A14B-Diffusers" << 16 << QSize(832, 480) << 81 << 16 << 40 << 3.5 << true << true;
    }
    void defaultsFollowEachVariant()
    {
        QFETCH(QString, repo);
        QFETCH(int, multiple);
        QFETCH(QSize, size);
        QFETCH(int, frames);
        QFETCH(int, fps);
        QFETCH(int, steps);
        QFETCH(double, guidance);
        QFETCH(bool, startImage);
        QFETCH(bool, needsImage);
        const std::string folder = fullSize(repo.toStdString());
        const ParameterSpec spec = specOf(folder);
        QCOMPARE(spec.family, std::string("wan"));
        QCOMPARE(spec.sizeMultiple, multiple);
        QCOMPARE(QSize(spec.defaultWidth, spec.defaultHeight), size);
        QCOMPARE(spec.defaultFrames, frames);
        QCOMPARE(spec.defaultFps, fps);
        QCOMPARE(spec.defaultSteps, steps);
        QCOMPARE(spec.defaultGuidanceScale, guidance);
        QCOMPARE(spec.supportsStartImage, startImage);
        QCOMPARE(spec.requiresStartImage, needsImage);
        QVERIFY(spec.supportsNegativePrompt && !spec.isFpsConditioned);
        QCOMPARE(validateRequest(requestFor(folder, spec), spec).size(), std::size_t(0));
        for (const SizePreset& preset : spec.sizePresets)
            QVERIFY2(preset.width % multiple == 0 && preset.height % multiple == 0, preset.name.c_str());
    }

    void framesAreFourKPlusOne()
    {
        const ParameterSpec spec = specOf(test::wanFixture("models/wan2.1-t2v"));
        for (int n : {1, 5, 9, 81, 121, WanSpec::kMaxFrames})
            QVERIFY2(spec.frames.isValid(n), std::to_string(n).c_str());
        for (int n : {2, 8, 80, 82, WanSpec::kMaxFrames + 4})
            QVERIFY2(!spec.frames.isValid(n), std::to_string(n).c_str());
        QCOMPARE(spec.frames.nearestValid(80), 81);
    }

    void sizesOffTheGridAreRefused()
    {
        const ParameterSpec t2v = specOf(test::wanFixture("models/wan2.1-t2v"));
        const ParameterSpec ti2v = specOf(test::wanFixture("models/wan2.2-ti2v"));
        GenerationRequest r = requestFor(test::wanFixture("models/wan2.1-t2v"), t2v);
        r.width = 848; // 16·53: on Wan 2.1's grid, not on TI2V's 32-pixel one
        QCOMPARE(validateRequest(r, t2v).size(), std::size_t(0));
        const auto errors = validateRequest(r, ti2v);
        QCOMPARE(errors.size(), std::size_t(1));
        QCOMPARE(errors.front().field, std::string("width"));
        QCOMPARE(errors.front().rule, FieldRule::SizeMultiple);
    }

    void impossibleRequestsAreRefusedBeforePlanning()
    {
        // Engine::plan checks the request against the family's spec before it asks for the planner's
        // numbers: the refusal names the rule, and no planning (or weight) is needed for it.
        const std::string folder = test::wanFixture("models/wan2.1-t2v");
        GenerationRequest r = requestFor(folder, specOf(folder));
        r.frameCount = 80;
        try {
            Engine::plan(r, PresetStore().load("24gb"), {});
            QFAIL("80 frames were planned");
        } catch (const InvalidRequestError& e) {
            QVERIFY2(QString(e.what()).contains("4N+1") || QString(e.what()).contains("frame"), e.what());
        }
        r = requestFor(test::wanFixture("models/wan2.2-i2v-a14b"), specOf(test::wanFixture("models/wan2.2-i2v-a14b")));
        r.startImagePath.clear();
        QVERIFY_THROWS_EXCEPTION(InvalidRequestError, Engine::plan(r, PresetStore().load("24gb"), {}));
    }

    void familyDefaultsBeyondTheSpec()
    {
        const WanModelLayout a14b = WanModelLayout::read(test::wanFixture("models/wan2.2-a14b"));
        QCOMPARE(WanSpec::defaultSecondGuidanceScale(a14b.variant), 3.0);
        const WanModelLayout i2vA14b = WanModelLayout::read(test::wanFixture("models/wan2.2-i2v-a14b"));
        QCOMPARE(WanSpec::defaultSecondGuidanceScale(i2vA14b.variant), 3.5);
        QVERIFY(QString::fromStdString(WanSpec::defaultNegativePrompt()).startsWith("色调艳丽，过曝，静态"));
    }

    void samplersAreBuiltFromTheModelsConfig()
    {
        const ModelFamily& wan = *ModelRegistry::find("wan");
        const std::string folder = test::wanFixture("models/wan2.2-ti2v"); // flow_shift 5
        QCOMPARE(specOf(folder).schedulers.size(), std::size_t(2));
        QCOMPARE(specOf(folder).schedulers.front().id, std::string("unipc"));
        auto own = wan.createScheduler(folder, "");
        QCOMPARE(own->name(), std::string("unipc"));
        QCOMPARE(dynamic_cast<WanUniPCScheduler&>(*own).settings().flowShift, 5.0);
        own->setTimesteps(4);
        QCOMPARE(own->timestep(1), 937.0); // README: TI2V's shift-5 timesteps 999, 937, 833, 624
        auto euler = wan.createScheduler(folder, "euler");
        QCOMPARE(euler->name(), std::string("euler"));
        euler->setTimesteps(4);
        auto unshifted = std::make_unique<WanFlowMatchEulerScheduler>(WanFlowMatchEulerSettings{});
        unshifted->setTimesteps(4);
        QVERIFY(euler->timestep(1) > unshifted->timestep(1)); // the model's shift, not diffusers' 1
        try {
            wan.createScheduler(folder, "ddim");
            QFAIL("ddim was built for Wan");
        } catch (const InvalidRequestError& e) {
            QCOMPARE(e.field(), std::string("scheduler"));
            QVERIFY2(QString(e.what()).contains("unipc"), e.what());
        }
    }
};

FRAMESMITH_TEST_GUILESS_MAIN(TestWanSpec)

} // namespace tst_WanSpec
#include "tst_WanSpec.moc"
