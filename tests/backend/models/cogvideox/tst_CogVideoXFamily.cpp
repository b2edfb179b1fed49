// The CogVideoX family on the fixture models: each is recognised and gets a pipeline whose spec the
// inspection repeats (8N+1 frames, 16N+1 for 1.5, a start image for I2V, the DDIM and DPM samplers);
// folders that only look like one are refused naming the file.
#include "framesmith/Error.h"
#include "models/ModelRegistry.h"
#include "models/cogvideox/CogVideoXFamily.h"
#include "support/TestPaths.h"
#include "support/TestRegistry.h"

#include <QTemporaryDir>
#include <QtTest/QtTest>

#include <filesystem>
#include <fstream>

namespace tst_CogVideoXFamily {

using namespace framesmith;

class TestCogVideoXFamily : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void everyFixtureModelGetsAPipelineAndItsSpec()
    {
        for (const char* model : {"tiny-2b", "tiny-5b", "tiny-5b-i2v", "tiny-1.5-i2v"}) {
            const std::string dir = test::cogvideoxFixture(std::string("models/") + model);
            const ModelFamily* family = ModelRegistry::recognise(dir);
            QVERIFY(family);
            QCOMPARE(family->info().name, std::string("cogvideox"));
            auto pipeline = ModelRegistry::createPipeline(dir, PipelineResources{});
            QCOMPARE(pipeline->family(), family->info().name);
            const ParameterSpec spec = pipeline->parameterSpec();
            const bool isI2v = std::string(model).find("i2v") != std::string::npos;
            const bool is15 = std::string(model).find("1.5") != std::string::npos;
            QCOMPARE(spec.requiresStartImage, isI2v);
            QCOMPARE(spec.frames.stepAt(49), is15 ? 16 : 8);
            QCOMPARE(spec.frames.minimum(), is15 ? 17 : 9);
            QCOMPARE(spec.frames.isValid(49), true);
            QCOMPARE(spec.frames.isValid(41), !is15);
            QVERIFY(spec.minSize <= 48);
            QCOMPARE(spec.schedulers.size(), std::size_t(2));
            const ParameterSpec inspected = inspectModelFolder(dir).spec;
            QCOMPARE(inspected.sizeMultiple, spec.sizeMultiple);
            QCOMPARE(inspected.frames.description(), spec.frames.description());
            QCOMPARE(inspected.defaultFrames, spec.defaultFrames);
        }
    }

    void foldersThatOnlyLookLikeOneAreRefusedNamingTheFile()
    {
        QTemporaryDir dir;
        const std::string root = dir.path().toStdString();
        const CogVideoXFamily family;
        QVERIFY(family.recognise(root).isForeign());
        std::filesystem::create_directories(root + "/transformer");
        std::filesystem::create_directories(root + "/vae");
        std::ofstream(root + "/transformer/config.json") << "{}";
        FolderRecognition seen = family.recognise(root);
        QCOMPARE(int(seen.verdict), int(FolderRecognition::Verdict::Refused));
        QCOMPARE(seen.problem->path(), root + "/model_index.json");
        std::ofstream(root + "/model_index.json") << "{\"_class_name\": ";
        seen = family.recognise(root);
        QCOMPARE(seen.problem->code(), ErrorCode::BadFile);
        // Another pipeline class is not CogVideoX's marker: Foreign with a hint (it speaks only
        // when no family refuses, so another family's broken folder gets that family's message).
        std::ofstream(root + "/model_index.json") << "{\"_class_name\": \"StableDiffusionPipeline\"}";
        seen = family.recognise(root);
        QVERIFY(seen.isForeign());
        QVERIFY(seen.problem);
        QVERIFY(QString::fromStdString(seen.problem->what()).contains("is not a CogVideoX pipeline"));
        std::ofstream(root + "/model_index.json") << "{\"_class_name\": \"CogVideoXPipeline\"}";
        QVERIFY(family.recognise(root).isClaimed());
    }
};

FRAMESMITH_TEST_GUILESS_MAIN(TestCogVideoXFamily)

} // namespace tst_CogVideoXFamily
#include "tst_CogVideoXFamily.moc"
