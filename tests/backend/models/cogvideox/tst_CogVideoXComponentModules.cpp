// The modules built from a component's config.json alone list exactly the tensors the component's
// checkpoint holds (names and shapes), for every tiny fixture model: what the GPU runbook's
// random-weight writer relies on to produce folders diffusers and Framesmith both load.
#include "models/cogvideox/planning/CogVideoXComponentModules.h"

#include "framesmith/Error.h"
#include "support/ModuleCheckpointMatch.h"
#include "support/TestPaths.h"
#include "support/TestRegistry.h"

#include <ATen/ATen.h>
#include <QTest>

#include <filesystem>

namespace tst_CogVideoXComponentModules {

using namespace framesmith;
namespace fs = std::filesystem;

class tst_CogVideoXComponentModules : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void parametersAreTheCheckpointsTensors_data()
    {
        QTest::addColumn<QString>("model");
        QTest::addColumn<QString>("component");
        for (const char* model : {"tiny-2b", "tiny-5b", "tiny-5b-i2v", "tiny-1.5-i2v"})
            for (const auto& component : CogVideoXComponentModules::weightedComponents())
                QTest::newRow((std::string(model) + "/" + component).c_str()) << model << QString::fromStdString(component);
    }

    void parametersAreTheCheckpointsTensors()
    {
        QFETCH(QString, model);
        QFETCH(QString, component);
        const fs::path folder = test::cogvideoxFixture("models/" + model.toStdString() + "/" + component.toStdString());
        auto module = CogVideoXComponentModules::fromConfig(component.toStdString(), (folder / "config.json").string());
        // transformers saves the tied T5 embedding once as shared.weight; the module has it too.
        const std::string difference = test::moduleCheckpointDifference(*module, folder);
        QVERIFY2(difference.empty(), difference.c_str());
    }

    void weightStemsFollowDiffusersAndTransformers()
    {
        QCOMPARE(CogVideoXComponentModules::weightsStem("text_encoder"), std::string("model"));
        QCOMPARE(CogVideoXComponentModules::weightsStem("transformer"), std::string("diffusion_pytorch_model"));
        QCOMPARE(CogVideoXComponentModules::weightsStem("vae"), std::string("diffusion_pytorch_model"));
    }

    void otherComponentsAreRefused()
    {
        QVERIFY_THROWS_EXCEPTION(InvalidRequestError,
                                 CogVideoXComponentModules::fromConfig("scheduler", test::cogvideoxFixture("models/tiny-2b/scheduler/scheduler_config.json")));
    }
};

FRAMESMITH_TEST_GUILESS_MAIN(tst_CogVideoXComponentModules)

} // namespace tst_CogVideoXComponentModules
#include "tst_CogVideoXComponentModules.moc"
