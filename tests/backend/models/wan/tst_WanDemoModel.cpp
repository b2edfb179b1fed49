// The Wan demo model (`framesmith-cli make-demo-model --family wan DIR`): Wan 2.1 T2V's layout at the
// fixtures' tiny sizes with the project's demo tokenizer, recognised by the Wan family alone, marked
// as a demo, complete, and loadable by the family's own text encoder, transformer and VAE.
#include "framesmith/Error.h"
#include "models/ModelRegistry.h"
#include "models/wan/WanDemoModel.h"
#include "models/wan/text/WanTextEncoder.h"
#include "models/wan/transformer/WanTransformer3DModel.h"
#include "models/wan/vae/WanVae.h"
#include "support/CliRun.h"
#include "support/TestPaths.h"
#include "support/TestRegistry.h"

#include <ATen/ATen.h>
#include <ATen/core/grad_mode.h> // at::NoGradGuard: libtorch 2.6 with GCC 14 does not bring it through ATen.h
#include <QTemporaryDir>
#include <QtTest/QtTest>

#include <filesystem>
#include <fstream>

namespace tst_WanDemoModel {

using namespace framesmith;

class TestWanDemoModel : public QObject {
    Q_OBJECT

private:
    QTemporaryDir m_dir;
    std::string m_model;

private Q_SLOTS:
    void initTestCase()
    {
        QVERIFY(m_dir.isValid());
        m_model = m_dir.filePath("demo").toStdString();
        const test::CliRun run = test::runCli({"make-demo-model", "--family", "wan", QString::fromStdString(m_model),
                                               "--tokenizer", QString::fromStdString(test::sourceDir() + "/resources/demo-tokenizer")});
        QVERIFY2(run.exitCode == 0, qPrintable(run.output));
        QVERIFY2(run.output.contains("Wan"), qPrintable(run.output));
    }

    void isRecognisedByWanAloneAsADemo()
    {
        const ModelFamily* wan = ModelRegistry::find("wan");
        QCOMPARE(ModelRegistry::recognise(m_model), wan);
        for (const auto& family : ModelRegistry::families())
            if (family.get() != wan)
                QVERIFY2(!family->recognise(m_model).isClaimed(), family->info().name.c_str());
        const ModelInspection inspection = ModelRegistry::inspect(m_model);
        QVERIFY(inspection.info.isDemo);
        QCOMPARE(inspection.info.variant, std::string("wan2.1-t2v-h32-d4"));
        QVERIFY2(QString::fromStdString(inspection.info.displayName).contains("demo"), inspection.info.displayName.c_str());
        QCOMPARE(inspection.missingFiles, std::vector<std::string>{});
        QCOMPARE(inspection.unexpectedFiles, std::vector<std::string>{});
        QCOMPARE(inspection.info.spec.sizeMultiple, 16);
    }

    void loadsWithTheFamilysBlocks()
    {
        at::NoGradGuard noGrad;
        const WanTextEncoder text(m_model, at::kCPU, at::kFloat);
        const WanTextEmbedding e = text.encode({"a red fox in the snow"}, 16);
        QCOMPARE(e.promptEmbeds.sizes(), (c10::IntArrayRef{1, 16, 32}));
        QVERIFY(e.promptEmbeds.isfinite().all().item<bool>());
        auto transformer = WanTransformer3DModel::load(m_model + "/transformer", at::kFloat, at::kCPU);
        WanTransformerInputs in;
        in.hiddenStates = at::randn({1, 16, 1, 4, 6});
        in.timestep = at::full({1}, 999, at::kLong);
        in.encoderHiddenStates = e.promptEmbeds;
        QCOMPARE(transformer->forward(in).sizes(), in.hiddenStates.sizes());
        auto vae = WanVae::load(m_model + "/vae", at::kFloat, at::kCPU);
        QCOMPARE(vae->decode(at::randn({1, 16, 1, 4, 6})).sizes(), (c10::IntArrayRef{1, 3, 1, 32, 48}));
    }

    void refusesAFolderThatIsNotAModel()
    {
        const std::string busy = m_dir.filePath("busy").toStdString();
        std::filesystem::create_directories(busy);
        std::ofstream(busy + "/notes.txt") << "mine";
        QVERIFY_THROWS_EXCEPTION(FileError, WanDemoModel::write(busy, test::sourceDir() + "/resources/demo-tokenizer"));
        QVERIFY(std::filesystem::exists(busy + "/notes.txt"));
    }
};

FRAMESMITH_TEST_GUILESS_MAIN(TestWanDemoModel)

} // namespace tst_WanDemoModel
#include "tst_WanDemoModel.moc"
