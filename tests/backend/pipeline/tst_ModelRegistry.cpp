// Every registered family builds a pipeline for every fixture folder of its classes, with a spec
// the fixtures' requests pass; unknown classes and missing folders are refused by name.
#include "framesmith/Error.h"
#include "models/ModelRegistry.h"
#include "support/TestPaths.h"

#include <QTemporaryDir>
#include <QtTest/QtTest>

#include <fstream>

using namespace framesmith;

class TestModelRegistry : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void everyFixtureModelGetsAPipeline()
    {
        for (const char* model : {"tiny-2b", "tiny-5b", "tiny-5b-i2v", "tiny-1.5-i2v"}) {
            const std::string dir = test::cogvideoxFixture(std::string("models/") + model);
            const ModelFamily* family = ModelRegistry::findByPipelineClass(ModelRegistry::pipelineClassOf(dir));
            QVERIFY(family);
            auto pipeline = ModelRegistry::createPipeline(dir, PipelineResources{});
            QCOMPARE(pipeline->family(), family->name);
            ParameterSpec spec = pipeline->parameterSpec();
            QCOMPARE(spec.requiresStartImage, std::string(model).find("i2v") != std::string::npos);
            QCOMPARE(spec.frameStep, std::string(model).find("1.5") != std::string::npos ? 16 : 8);
            QVERIFY(spec.minSize <= 48);
        }
    }

    void everyFamilyIsReachable()
    {
        for (const auto& family : ModelRegistry::families()) {
            QVERIFY(!family.pipelineClasses.empty());
            for (const auto& cls : family.pipelineClasses)
                QCOMPARE(ModelRegistry::findByPipelineClass(cls), &family);
        }
    }

    void refusesUnknownAndMissingFolders()
    {
        QTemporaryDir dir;
        std::ofstream(dir.filePath("model_index.json").toStdString()) << "{\"_class_name\": \"StableDiffusionPipeline\"}";
        try {
            ModelRegistry::createPipeline(dir.path().toStdString(), PipelineResources{});
            QFAIL("no exception");
        } catch (const FileError& e) {
            QCOMPARE(e.code(), ErrorCode::UnsupportedModel);
            QVERIFY(QString(e.what()).contains("StableDiffusionPipeline"));
        }
        QVERIFY_THROWS_EXCEPTION(FileError, ModelRegistry::createPipeline("/nonexistent/model", PipelineResources{}));
    }
};

QTEST_GUILESS_MAIN(TestModelRegistry)
#include "tst_ModelRegistry.moc"
