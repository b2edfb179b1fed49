// Wan's eval kinds through `framesmith-cli eval KIND --model DIR --case FILE --out FILE`, as the
// hidden cases are checked: DIR is the variant folder (models/<variant>, from the case's model_dir),
// the output holds every golden output under its name, within the fixture README's tolerances
// (text encoder 1e-4 with exact ids; transformer 5e-5, RoPE taps 1e-6; VAE 1e-4; scheduler sigmas
// 1e-7, timesteps exact, runs 5e-6; I2V condition 5e-4 with exact images and masks).
// The golden/pipeline cases belong to the pipeline kind (wan-pipeline's tests).
#include "io/SafetensorsReader.h"
#include "models/ModelRegistry.h"
#include "support/CliRun.h"
#include "support/TensorParity.h"
#include "WanFixtures.h"
#include "support/TestRegistry.h"

#include <QTemporaryDir>
#include <QtTest/QtTest>

#include <regex>
#include <set>

namespace tst_WanEvalKinds {

using namespace framesmith;

namespace {

// Tensors a case gives the port rather than expects from it.
bool isInput(const std::string& kind, const std::string& name)
{
    static const std::set<std::string> transformer = {"hidden_states", "timestep", "encoder_hidden_states",
                                                      "encoder_hidden_states_image", "latents", "condition_mask",
                                                      "condition_latents"};
    static const std::set<std::string> vae = {"video", "z", "tiled_video", "tiled_z", "image_uint8", "last_image_uint8",
                                              "noise"}; // noise: prepare_latents' own draw, not the condition
    if (kind == "transformer")
        return transformer.count(name) > 0;
    if (kind == "vae")
        return vae.count(name) > 0;
    if (kind == "scheduler")
        return std::regex_search(name, std::regex("_x_T$|_model_output_[0-9]+$"));
    return false;
}

double toleranceOf(const std::string& kind, const std::string& name)
{
    static const std::set<std::string> exact = {"input_ids", "attention_mask", "image_preprocessed",
                                                "last_image_preprocessed", "video_condition", "condition_mask"};
    if (exact.count(name) || std::regex_search(name, std::regex("^unipc_.*timesteps$")))
        return 0.0;
    if (kind == "transformer")
        return name.rfind("tap_rope_", 0) == 0 ? 1e-6 : 5e-5;
    if (kind == "scheduler")
        return std::regex_search(name, std::regex("_sigmas$|^euler_.*timesteps$")) ? 1e-7 : 5e-6;
    if (name == "posterior_mode" || name == "condition_latents" || name == "condition")
        return 5e-4; // golden/i2v: the pipeline tolerance
    return 1e-4;     // text encoder, VAE
}

// models/<variant> from the case's model_dir ("models/wan2.2-a14b/transformer_2" -> models/wan2.2-a14b).
std::string variantFolderOf(const SafetensorsReader& golden)
{
    const nlohmann::json meta = test::wanMetadata(golden);
    const std::string dir = meta.value("model_dir", std::string("models/wan2.1-t2v"));
    const std::smatch m = [&] { std::smatch s; std::regex_search(dir, s, std::regex("^models/[^/]+")); return s; }();
    return test::wanFixture(m.str());
}

} // namespace

class TestWanEvalKinds : public QObject {
    Q_OBJECT

private:
    QTemporaryDir m_dir;

private Q_SLOTS:
    void initTestCase() { QVERIFY(m_dir.isValid()); }

    void listsTheFiveKinds()
    {
        QStringList names;
        for (const EvalKind& kind : ModelRegistry::find("wan")->evalKinds())
            names << QString::fromStdString(kind.name);
        QCOMPARE(names, QStringList({"text-encoder", "transformer", "vae", "scheduler", "pipeline"}));
    }

    void matchesEveryGoldenThroughTheCli_data()
    {
        QTest::addColumn<QString>("kind");
        QTest::addColumn<QString>("golden");
        QTest::newRow("text-encoder") << "text-encoder" << "golden/text_encoder.safetensors";
        for (const char* name : {"wan2.1-t2v_case0", "wan2.1-t2v_case1", "wan2.1-t2v_case2", "wan2.2-ti2v_case0",
                                 "wan2.2-ti2v_case1", "wan2.2-ti2v_case2", "wan2.2-a14b_case0", "wan2.2-a14b_case1",
                                 "wan2.2-i2v-a14b_case0", "wan2.2-i2v-a14b_case1", "wan2.1-i2v_case0"})
            QTest::newRow(name) << "transformer" << QString("golden/transformer/%1.safetensors").arg(name);
        QTest::newRow("vae wan2.1") << "vae" << "golden/vae/wan2.1.safetensors";
        QTest::newRow("vae wan2.2") << "vae" << "golden/vae/wan2.2.safetensors";
        QTest::newRow("i2v first") << "vae" << "golden/i2v/wan2.2-i2v-a14b_condition_first.safetensors";
        QTest::newRow("i2v first_last") << "vae" << "golden/i2v/wan2.2-i2v-a14b_condition_first_last.safetensors";
        QTest::newRow("scheduler") << "scheduler" << "golden/scheduler/schedulers.safetensors";
    }
    void matchesEveryGoldenThroughTheCli()
    {
        QFETCH(QString, kind);
        QFETCH(QString, golden);
        const std::string casePath = test::wanFixture(golden.toStdString());
        const SafetensorsReader expected(casePath);
        const QString out = m_dir.filePath(QString(QTest::currentDataTag()).replace(' ', '_') + ".safetensors");
        const test::CliRun run = test::runCli({"eval", kind, "--model", QString::fromStdString(variantFolderOf(expected)),
                                               "--case", QString::fromStdString(casePath), "--out", out});
        QVERIFY2(run.exitCode == 0, qPrintable(run.output));
        const SafetensorsReader port(out.toStdString());
        int compared = 0;
        for (const auto& entry : expected.entries()) {
            if (isInput(kind.toStdString(), entry.name))
                continue;
            QVERIFY2(port.find(entry.name), ("the output has no " + entry.name).c_str());
            FRAMESMITH_EXPECT_PARITY(entry.name, port.view(entry.name), expected.view(entry.name),
                                     toleranceOf(kind.toStdString(), entry.name));
            ++compared;
        }
        QVERIFY(compared >= 4);
    }

    void theCaseAloneFindsItsExpert()
    {
        // Without --model the case's model_dir (the expert's own folder) leads to the model.
        const std::string casePath = test::wanFixture("golden/transformer/wan2.2-i2v-a14b_case1.safetensors");
        const QString out = m_dir.filePath("no-model.safetensors");
        const test::CliRun run = test::runCli({"eval", "transformer", "--case", QString::fromStdString(casePath), "--out", out});
        QVERIFY2(run.exitCode == 0, qPrintable(run.output));
        const SafetensorsReader expected(casePath);
        FRAMESMITH_EXPECT_PARITY("output", SafetensorsReader(out.toStdString()).view("output"), expected.view("output"), 5e-5);
    }

    void refusesWhatItCannotRun()
    {
        const QString model = QString::fromStdString(test::wanFixture("models/wan2.1-t2v"));
        const QString out = m_dir.filePath("refused.safetensors");
        const QString transformerCase = QString::fromStdString(test::wanFixture("golden/transformer/wan2.1-t2v_case0.safetensors"));
        test::CliRun run = test::runCli({"eval", "no-such-kind", "--model", model, "--case", transformerCase, "--out", out});
        QVERIFY(run.exitCode != 0);
        QVERIFY2(run.output.contains("text-encoder, transformer, vae, scheduler, pipeline"), qPrintable(run.output));
        // A VAE kind on a transformer case: it holds none of the VAE's inputs.
        run = test::runCli({"eval", "vae", "--model", model, "--case", transformerCase, "--out", out});
        QVERIFY(run.exitCode != 0);
        QVERIFY2(run.output.contains("tiled_video"), qPrintable(run.output));
    }
};

FRAMESMITH_TEST_GUILESS_MAIN(TestWanEvalKinds)

} // namespace tst_WanEvalKinds
#include "tst_WanEvalKinds.moc"
