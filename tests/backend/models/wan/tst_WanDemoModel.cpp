// The Wan demo model (`framesmith-cli make-demo-model --family wan DIR`): Wan 2.1 T2V's layout at the
// fixtures' tiny sizes with the project's demo tokenizer, recognised by the Wan family alone, marked
// as a demo, complete, and loadable by the family's own text encoder, transformer and VAE; every
// other layout (--variant) recognised as its kind and generating through the CLI.
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

    // Each layout that runs differently has its demo: recognised as its kind, complete, and it
    // generates a clip through the CLI (the image-to-video ones from a start image).
    void everyVariantGenerates_data()
    {
        QTest::addColumn<QString>("variant");
        QTest::addColumn<QString>("recognisedAs");
        QTest::addColumn<int>("sizeMultiple");
        QTest::newRow("wan2.1-t2v") << "wan2.1-t2v" << "wan2.1-t2v-h32-d4" << 16;
        QTest::newRow("wan2.1-i2v") << "wan2.1-i2v" << "wan2.1-i2v-h32-d4" << 16;
        QTest::newRow("wan2.2-ti2v") << "wan2.2-ti2v" << "wan2.2-ti2v-h32-d4" << 32;
        QTest::newRow("wan2.2-t2v-a14b") << "wan2.2-t2v-a14b" << "wan2.2-t2v-a14b-h32-d4" << 16;
        QTest::newRow("wan2.2-i2v-a14b") << "wan2.2-i2v-a14b" << "wan2.2-i2v-a14b-h32-d4" << 16;
    }
    void everyVariantGenerates()
    {
        QFETCH(QString, variant);
        QFETCH(QString, recognisedAs);
        QFETCH(int, sizeMultiple);
        const QString dir = m_dir.filePath("variant-" + variant);
        const QString tokenizer = QString::fromStdString(test::sourceDir() + "/resources/demo-tokenizer");
        test::CliRun run = test::runCli({"make-demo-model", "--family", "wan", "--variant", variant, dir, "--tokenizer", tokenizer});
        QVERIFY2(run.exitCode == 0, qPrintable(run.output));
        const ModelInspection inspection = ModelRegistry::inspect(dir.toStdString());
        QCOMPARE(QString::fromStdString(inspection.info.variant), recognisedAs);
        QVERIFY(inspection.info.isDemo);
        QCOMPARE(inspection.missingFiles, std::vector<std::string>{});
        QCOMPARE(inspection.unexpectedFiles, std::vector<std::string>{});
        QCOMPARE(inspection.info.spec.sizeMultiple, sizeMultiple);
        QStringList args = {"generate", "--model", dir, "--prompt", "a red fox in the snow", "--frames", "5", "--width", "64",
                            "--height", "64", "--steps", "2", "--out", dir + "/clip.safetensors"};
        if (inspection.info.spec.requiresStartImage)
            args << "--image" << QString::fromStdString(test::cogvideoxFixture("golden/tiny-5b-i2v/image.png"));
        run = test::runCli(args);
        QVERIFY2(run.exitCode == 0, qPrintable(run.output));
        QVERIFY(std::filesystem::exists((dir + "/clip.safetensors").toStdString()));
    }

    void refusesAnUnknownVariantBeforeWriting()
    {
        const QString dir = m_dir.filePath("unknown-variant");
        const test::CliRun run = test::runCli({"make-demo-model", "--family", "wan", "--variant", "wan9-t2v", dir});
        QCOMPARE(run.exitCode, 2);
        QVERIFY2(run.output.contains("wan2.2-ti2v"), qPrintable(run.output)); // the known ones, named
        QVERIFY(!std::filesystem::exists(dir.toStdString()));
        const test::CliRun other = test::runCli({"make-demo-model", "--family", "cogvideox", "--variant", "wan2.1-t2v", dir});
        QCOMPARE(other.exitCode, 2);
        QVERIFY2(other.output.contains("one layout"), qPrintable(other.output));
        const test::CliRun families = test::runCli({"families"}); // where a user finds the names
        QCOMPARE(families.exitCode, 0);
        QVERIFY2(families.output.contains("make-demo-model --variant: wan2.1-t2v wan2.1-i2v wan2.2-ti2v wan2.2-t2v-a14b "
                                          "wan2.2-i2v-a14b"),
                 qPrintable(families.output));
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
