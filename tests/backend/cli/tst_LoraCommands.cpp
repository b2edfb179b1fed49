// LoRAs through the real binary: `eval transformer --lora` against the reference goldens (merged and
// side path, one LoRA and a stack), `inspect-lora`, bad LoRAs and bad strengths refused with exit 2
// before any weight loads, and a regeneration that finds its LoRA again by name and sha256 in the
// data root's loras/ folder, or names the one that is missing.
#include "core/Sha256.h"
#include "io/SafetensorsReader.h"
#include "support/CliRun.h"
#include "support/FixturePath.h"
#include "support/LoraFixtures.h"
#include "support/TensorParity.h"
#include "support/TestRegistry.h"

#include <nlohmann/json.hpp>
#include <QTemporaryDir>
#include <QtTest/QtTest>

#include <filesystem>
#include <fstream>

namespace tst_LoraCommands {

using namespace framesmith;
using test::CliRun;
using test::fixturePath;
using test::runCli;

namespace {

QString model()
{
    return QString::fromStdString(test::cogvideoxFixture("models/tiny-2b"));
}

} // namespace

class tst_LoraCommands : public QObject {
    Q_OBJECT

    QTemporaryDir m_dir;

private Q_SLOTS:
    void evalTransformerMatchesTheGoldens_data()
    {
        QTest::addColumn<QStringList>("loras");
        QTest::addColumn<QString>("mode");
        QTest::addColumn<QString>("golden");
        QTest::addColumn<QString>("tensor");
        const QString r4 = fixturePath("lora/loras/cog_peft_r4.safetensors"), r8 = fixturePath("lora/loras/cog_peft_metadata_r8.safetensors");
        QTest::newRow("r4 0.6 merge") << QStringList{r4 + ":0.6"} << "merge" << "cog_peft_r4" << "s0.60.output";
        QTest::newRow("r8 1.0 side") << QStringList{r8} << "side-path" << "cog_peft_metadata_r8" << "s1.00.output";
        QTest::newRow("stack side") << QStringList{r8 + ":-0.4", r4 + ":0.7"} << "side-path" << "cogvideox_stack" << "output";
    }
    void evalTransformerMatchesTheGoldens()
    {
        QFETCH(QStringList, loras);
        QFETCH(QString, mode);
        QFETCH(QString, golden);
        QFETCH(QString, tensor);
        const QString out = m_dir.filePath(QString(QTest::currentDataTag()).replace(' ', '_') + ".safetensors");
        QStringList args{"eval", "transformer", "--model", model(), "--case", fixturePath("lora/golden/cogvideox_base.safetensors"),
                         "--out", out, "--lora-mode", mode};
        for (const QString& lora : loras)
            args << "--lora" << lora;
        const CliRun r = runCli(args);
        QVERIFY2(r.exitCode == 0, qPrintable(r.output));
        SafetensorsReader port(out.toStdString());
        SafetensorsReader expected(test::loraFixture("golden/" + golden.toStdString() + ".safetensors"));
        FRAMESMITH_EXPECT_PARITY(tensor.toStdString(), port.view("output"), expected.view(tensor.toStdString()), 5e-5);
    }

    void refusesBadLorasWithExitTwo_data()
    {
        QTest::addColumn<QString>("command");
        QTest::addColumn<QString>("lora");
        QTest::addColumn<QString>("expected");
        QTest::newRow("eval, NaN") << "eval" << fixturePath("lora/bad/nan.safetensors") << "NaN or Inf";
        QTest::newRow("eval, Wan LoRA") << "eval" << fixturePath("lora/loras/wan_peft_r4.safetensors") << "made for another model family";
        QTest::newRow("generate, full checkpoint") << "generate" << fixturePath("lora/bad/full_checkpoint.safetensors") << "is not a LoRA";
        QTest::newRow("generate, rank mismatch") << "generate" << fixturePath("lora/bad/rank_mismatch.safetensors") << "rank mismatch";
        QTest::newRow("generate, strength") << "generate" << fixturePath("lora/loras/cog_peft_r4.safetensors") + ":3" << "outside -2..2";
        QTest::newRow("generate, expert") << "generate" << fixturePath("lora/loras/cog_peft_r4.safetensors") + "@low" << "one transformer";
    }
    void refusesBadLorasWithExitTwo()
    {
        QFETCH(QString, command);
        QFETCH(QString, lora);
        QFETCH(QString, expected);
        const QStringList args = command == "eval"
            ? QStringList{"eval", "transformer", "--model", model(), "--case", fixturePath("lora/golden/cogvideox_base.safetensors"),
                          "--out", m_dir.filePath("bad.safetensors"), "--lora", lora}
            : QStringList{"generate", "--model", model(), "--prompt", "a panda", "--steps", "1", "--frames", "9",
                          "--width", "96", "--height", "64", "--no-decode", "--lora", lora};
        const CliRun r = runCli(args, test::withDataDir(m_dir.filePath("data")));
        QCOMPARE(r.exitCode, 2);
        QVERIFY2(r.output.contains(expected), qPrintable(r.output));
        QVERIFY2(!r.output.contains("[loading]"), qPrintable(r.output)); // refused before the model loads
    }

    void batchChecksEveryJobsLorasBeforeTheFirstModelLoads()
    {
        const QString jobs = m_dir.filePath("jobs");
        std::filesystem::create_directories(jobs.toStdString());
        std::filesystem::create_directories(m_dir.filePath("out").toStdString());
        nlohmann::json job = {{"model", model().toStdString()}, {"prompt", "a panda"}, {"frames", 9}, {"width", 96},
                              {"height", 64}, {"steps", 1}};
        std::ofstream(jobs.toStdString() + "/a.json") << job.dump();
        job["loras"] = {{{"file", test::loraFixture("bad/nan.safetensors")}, {"strength", 1.0}}};
        std::ofstream(jobs.toStdString() + "/b.json") << job.dump();
        // --lora joins every job: a LoRA for another family fails both, and nothing loads.
        const CliRun r = runCli({"batch", jobs, "--out-dir", m_dir.filePath("out"), "--lora",
                                 fixturePath("lora/loras/wan_peft_r4.safetensors") + ":0.5"},
                                test::withDataDir(m_dir.filePath("data")));
        QCOMPARE(r.exitCode, 1);
        QVERIFY2(r.output.contains("NaN or Inf") && r.output.contains("made for another model family"), qPrintable(r.output));
        QVERIFY2(!r.output.contains("[loading]"), qPrintable(r.output));
    }

    void inspectLoraShowsLayoutMetadataAndMatch()
    {
        const CliRun r = runCli({"inspect-lora", fixturePath("lora/loras/cog_peft_metadata_r8.safetensors"), "--model", model()});
        QVERIFY2(r.exitCode == 0, qPrintable(r.output));
        QVERIFY2(r.output.contains("layout: diffusers/PEFT"), qPrintable(r.output));
        QVERIFY2(r.output.contains("diffusers config: r 8, lora_alpha 16"), qPrintable(r.output));
        QVERIFY2(r.output.contains("6 of 6 modules matched"), qPrintable(r.output));
        const CliRun wan = runCli({"inspect-lora", fixturePath("lora/loras/wan_musubi_r4.safetensors"), "--model", model()});
        QCOMPARE(wan.exitCode, 2);
        QVERIFY2(wan.output.contains("layout: kohya"), qPrintable(wan.output));
    }

    void planCountsTheLoras()
    {
        const CliRun r = runCli({"plan", "--model", model(), "--frames", "9", "--width", "96", "--height", "64", "--preset",
                                 "low-memory", "--vram", "8", "--lora", fixturePath("lora/loras/cog_peft_r4.safetensors") + ":0.5"});
        QVERIFY2(r.exitCode == 0, qPrintable(r.output));
        QVERIFY2(r.output.contains("1 LoRA, ") && r.output.contains("side path"), qPrintable(r.output));
    }

    void regenerationFindsItsLoraAgainOrNamesIt()
    {
        const std::string original = test::loraFixture("loras/cog_peft_r4.safetensors");
        const QString data = m_dir.filePath("library");
        std::filesystem::create_directories(data.toStdString() + "/loras");
        std::filesystem::copy_file(original, data.toStdString() + "/loras/cog_peft_r4.safetensors");
        // A sidecar whose LoRA was moved away since: found in <data root>/loras by name and hash.
        const std::string job = m_dir.filePath("job.json").toStdString();
        nlohmann::json request = {{"model", model().toStdString()}, {"prompt", "a panda"}, {"frames", 9}, {"width", 96},
                                  {"height", 64}, {"steps", 1}};
        request["loras"] = {{{"file", "/gone/cog_peft_r4.safetensors"}, {"strength", 0.5}, {"sha256", Sha256::ofFile(original)}}};
        std::ofstream(job) << request.dump();
        const CliRun found = runCli({"generate", "--job", QString::fromStdString(job), "--no-decode"}, test::withDataDir(data));
        QVERIFY2(found.exitCode == 0, qPrintable(found.output));
        QVERIFY2(found.output.contains("1 LoRA, "), qPrintable(found.output)); // merged or side path, as "auto" chose
        // Another hash: not the file the clip was made with.
        request["loras"][0]["sha256"] = "0123456789abcdef";
        std::ofstream(job) << request.dump();
        const CliRun missing = runCli({"generate", "--job", QString::fromStdString(job), "--no-decode"}, test::withDataDir(data));
        QCOMPARE(missing.exitCode, 2);
        QVERIFY2(missing.output.contains("LoRA cog_peft_r4.safetensors (sha256 0123456789ab…) is missing"),
                 qPrintable(missing.output));
    }
};

FRAMESMITH_TEST_GUILESS_MAIN(tst_LoraCommands)

} // namespace tst_LoraCommands
#include "tst_LoraCommands.moc"
