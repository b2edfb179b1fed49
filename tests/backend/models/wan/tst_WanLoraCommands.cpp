// Wan LoRAs through the real binary: `eval transformer --model <wan2.1-t2v> --case wan_base --lora
// FILE[:STRENGTH]` against the reference goldens (one per layout, merged and side path, the stack,
// the half match and its warning); bad LoRAs refused with exit 2 and a message naming the problem
// before any weight loads; and on Wan 2.2 A14B, FILE@high / FILE@low on one expert, a plain FILE on both.
#include "io/SafetensorsReader.h"
#include "support/CliRun.h"
#include "support/LoraFixtures.h"
#include "support/TensorParity.h"
#include "support/TestRegistry.h"
#include "WanFixtures.h"

#include <ATen/ATen.h>
#include <QFile>
#include <QTemporaryDir>
#include <QtTest/QtTest>

namespace tst_WanLoraCommands {

using namespace framesmith;
using test::CliRun;
using test::runCli;

namespace {

constexpr double kOutputAtol = 5e-5;

QString wanModel(const std::string& variant)
{
    return QString::fromStdString(test::wanFixture("models/" + variant));
}

QString lora(const std::string& relative)
{
    return QString::fromStdString(test::loraFixture(relative));
}

} // namespace

class tst_WanLoraCommands : public QObject {
    Q_OBJECT

    QTemporaryDir m_dir;

    // eval transformer with `loras`; the output tensor, undefined (and a failure) when it did not run.
    at::Tensor evalOutput(const QString& model, const QString& casePath, const QStringList& loras, const QString& mode,
                          const QString& tag, QString* output = nullptr)
    {
        const QString out = m_dir.filePath(tag + ".safetensors");
        QStringList args{"eval", "transformer", "--model", model, "--case", casePath, "--out", out, "--lora-mode", mode};
        for (const QString& l : loras)
            args << "--lora" << l;
        const CliRun r = runCli(args);
        if (output)
            *output = r.output;
        if (r.exitCode != 0) {
            qWarning("%s", qPrintable(r.output));
            return {};
        }
        return SafetensorsReader(out.toStdString()).view("output").clone();
    }

private Q_SLOTS:
    void evalTransformerMatchesTheGoldens_data()
    {
        QTest::addColumn<QStringList>("loras");
        QTest::addColumn<QString>("mode");
        QTest::addColumn<QString>("golden");
        QTest::addColumn<QString>("tensor");
        const QString dir = lora("loras/");
        QTest::newRow("diffusers 1.0 merge") << QStringList{dir + "wan_peft_r4.safetensors"} << "merge" << "wan_peft_r4" << "s1.00.output";
        QTest::newRow("metadata 0.6 side") << QStringList{dir + "wan_peft_metadata_r8.safetensors:0.6"} << "side-path"
                                           << "wan_peft_metadata_r8" << "s0.60.output";
        QTest::newRow("comfy 0.6 merge") << QStringList{dir + "wan_comfy_r8_block1.safetensors:0.6"} << "merge"
                                         << "wan_comfy_r8_block1" << "s0.60.output";
        QTest::newRow("musubi 1.0 side") << QStringList{dir + "wan_musubi_r4.safetensors:1"} << "side-path" << "wan_musubi_r4"
                                         << "s1.00.output";
        QTest::newRow("diff 0.6 side") << QStringList{dir + "wan_comfy_diff_r4.safetensors:0.6"} << "side-path"
                                       << "wan_comfy_diff_r4" << "s0.60.output";
        QTest::newRow("stack merge") << QStringList{dir + "wan_comfy_r8_block1.safetensors:-0.4", dir + "wan_peft_r4.safetensors:0.7"}
                                     << "merge" << "wan_stack" << "output";
    }
    void evalTransformerMatchesTheGoldens()
    {
        QFETCH(QStringList, loras);
        QFETCH(QString, mode);
        QFETCH(QString, golden);
        QFETCH(QString, tensor);
        const at::Tensor port = evalOutput(wanModel("wan2.1-t2v"), lora("golden/wan_base.safetensors"), loras, mode,
                                           QString(QTest::currentDataTag()).replace(' ', '_'));
        QVERIFY(port.defined());
        SafetensorsReader expected(test::loraFixture("golden/" + golden.toStdString() + ".safetensors"));
        FRAMESMITH_EXPECT_PARITY(tensor.toStdString(), port, expected.view(tensor.toStdString()), kOutputAtol);
    }

    void appliesAHalfMatchWithTheCountInAWarning()
    {
        QString output;
        const at::Tensor port = evalOutput(wanModel("wan2.1-t2v"), lora("golden/wan_base.safetensors"),
                                           {lora("bad/half_match.safetensors")}, "merge", "half", &output);
        QVERIFY(port.defined());
        QVERIFY2(output.contains("half_match.safetensors: 8 of 16 modules matched, 8 skipped"), qPrintable(output));
        SafetensorsReader expected(test::loraFixture("golden/bad_half_match.safetensors"));
        FRAMESMITH_EXPECT_PARITY("output", port, expected.view("output"), kOutputAtol);
    }

    void refusesBadLorasWithExitTwo_data()
    {
        QTest::addColumn<QString>("variant");
        QTest::addColumn<QString>("file");
        QTest::addColumn<QStringList>("expected");
        QTest::newRow("CogVideoX LoRA") << "wan2.1-t2v" << lora("bad/wrong_family_cogvideox_for_wan.safetensors")
                                        << QStringList{"made for another model family or variant: none of its 12 modules",
                                                       "first keys: transformer.transformer_blocks.0.attn1.to_k.lora_A.weight"};
        QTest::newRow("rank mismatch") << "wan2.1-t2v" << lora("bad/rank_mismatch.safetensors")
                                       << QStringList{"transformer.blocks.1.attn1.to_k", "rank mismatch", "[4, 32]", "[32, 8]"};
        QTest::newRow("NaN") << "wan2.1-t2v" << lora("bad/nan.safetensors") << QStringList{"blocks.1.self_attn.q", "NaN or Inf"};
        QTest::newRow("full checkpoint") << "wan2.1-t2v" << lora("bad/full_checkpoint.safetensors")
                                         << QStringList{"is not a LoRA", "full checkpoint"};
        QTest::newRow("shape, another variant") << "wan2.2-ti2v" << lora("loras/wan_comfy_diff_r4.safetensors")
                                                << QStringList{"diffusion_model.head.head.diff", "proj_out.weight [192, 32]"};
        QTest::newRow("strength") << "wan2.1-t2v" << lora("loras/wan_peft_r4.safetensors:2.5") << QStringList{"outside -2..2"};
        QTest::newRow("expert, one transformer") << "wan2.1-t2v" << lora("loras/wan_peft_r4.safetensors@high")
                                                 << QStringList{"this model has one transformer"};
    }
    void refusesBadLorasWithExitTwo()
    {
        QFETCH(QString, variant);
        QFETCH(QString, file);
        QFETCH(QStringList, expected);
        const QString out = m_dir.filePath("refused.safetensors");
        const CliRun r = runCli({"eval", "transformer", "--model", wanModel(variant.toStdString()), "--case",
                                 lora("golden/wan_base.safetensors"), "--out", out, "--lora", file});
        QCOMPARE(r.exitCode, 2);
        for (const QString& part : expected)
            QVERIFY2(r.output.contains(part), qPrintable(r.output));
        QVERIFY2(!r.output.contains("[loading]"), qPrintable(r.output));
        QVERIFY(!QFile::exists(out));
    }

    // A14B: the case's expert is transformer (case0, high noise) or transformer_2 (case1, low noise).
    void choosesTheExpertOfTwoExpertModels_data()
    {
        QTest::addColumn<QString>("testCase");
        QTest::addColumn<QString>("own");   // the suffix that targets the case's expert
        QTest::addColumn<QString>("other"); // the one that targets the other expert
        QTest::newRow("high-noise expert") << "wan2.2-a14b_case0" << "@high" << "@low";
        QTest::newRow("low-noise expert") << "wan2.2-a14b_case1" << "@low" << "@high";
    }
    void choosesTheExpertOfTwoExpertModels()
    {
        QFETCH(QString, testCase);
        QFETCH(QString, own);
        QFETCH(QString, other);
        const QString casePath = QString::fromStdString(test::wanFixture("golden/transformer/" + testCase.toStdString() + ".safetensors"));
        const QString file = lora("loras/wan_musubi_r4.safetensors:0.8");
        const at::Tensor bare = SafetensorsReader(casePath.toStdString()).view("output").clone();
        const at::Tensor otherExpert = evalOutput(wanModel("wan2.2-a14b"), casePath, {file + other}, "merge", testCase + "_other");
        const at::Tensor ownExpert = evalOutput(wanModel("wan2.2-a14b"), casePath, {file + own}, "merge", testCase + "_own");
        const at::Tensor both = evalOutput(wanModel("wan2.2-a14b"), casePath, {file}, "merge", testCase + "_both");
        QVERIFY(otherExpert.defined() && ownExpert.defined() && both.defined());
        FRAMESMITH_EXPECT_PARITY("other expert's LoRA", otherExpert, bare, kOutputAtol); // not applied here
        QVERIFY((ownExpert - bare).abs().max().item<double>() > 1e-2);                  // applied here
        QVERIFY(at::equal(both, ownExpert)); // a plain LoRA goes on both experts
    }

    // generate --lora runs the LoRA in the clip: the frames move with it, a strength of 0 leaves
    // them as the bare model's (the pipeline hands each expert its LoRAs; before, Wan's pipeline
    // took the LoRA and ignored it).
private:
    at::Tensor generatedFrames(const std::string& variant, const QString& tag, const QStringList& extra,
                               int* exitCode = nullptr)
    {
        const QString out = m_dir.filePath("generate-" + tag + ".safetensors");
        QStringList args{"generate", "--model", wanModel(variant), "--prompt", "a fox", "--frames", "5",
                         "--width", "32", "--height", "32", "--steps", "4", "--seed", "3", "--out", out};
        args << extra;
        const CliRun r = runCli(args);
        if (exitCode)
            *exitCode = r.exitCode;
        if (r.exitCode != 0)
            return at::Tensor();
        return SafetensorsReader(out.toStdString()).view("frames").clone();
    }

private Q_SLOTS:
    // A14B: FILE@high goes on the high-noise expert only, FILE@low on the low-noise one; both change
    // the clip, differently. On a one-transformer model @low is refused with exit 2.
    void generateGivesEachExpertItsLora()
    {
        const QString file = lora("loras/wan_peft_r4.safetensors:0.8");
        const at::Tensor bare = generatedFrames("wan2.2-a14b", "a14b-bare", {});
        const at::Tensor high = generatedFrames("wan2.2-a14b", "a14b-high", {"--lora", file + "@high"});
        const at::Tensor low = generatedFrames("wan2.2-a14b", "a14b-low", {"--lora", file + "@low"});
        QVERIFY(bare.defined() && high.defined() && low.defined());
        QVERIFY((high - bare).abs().max().item<double>() > 1e-3);
        QVERIFY((low - bare).abs().max().item<double>() > 1e-3);
        QVERIFY((high - low).abs().max().item<double>() > 1e-3);
        int exitCode = 0;
        QVERIFY(!generatedFrames("wan2.1-t2v", "one-expert-low", {"--lora", file + "@low"}, &exitCode).defined());
        QCOMPARE(exitCode, 2);
    }

    void generateAppliesTheLora()
    {
        const auto frames = [&](const QString& tag, const QStringList& extra) {
            const QString out = m_dir.filePath("generate-" + tag + ".safetensors");
            QStringList args{"generate", "--model", wanModel("wan2.1-t2v"), "--prompt", "a fox", "--frames", "5",
                             "--width", "32", "--height", "32", "--steps", "2", "--seed", "3", "--out", out};
            args << extra;
            const CliRun r = runCli(args);
            if (r.exitCode != 0) {
                qWarning("%s", qPrintable(r.output));
                return at::Tensor();
            }
            return SafetensorsReader(out.toStdString()).view("frames").clone();
        };
        const at::Tensor bare = frames("bare", {});
        const at::Tensor withLora = frames("lora", {"--lora", lora("loras/wan_peft_r4.safetensors:0.8")});
        const at::Tensor off = frames("zero", {"--lora", lora("loras/wan_peft_r4.safetensors:0")});
        QVERIFY(bare.defined() && withLora.defined() && off.defined());
        QVERIFY((withLora - bare).abs().max().item<double>() > 1e-2);
        QVERIFY(at::equal(off, bare));
    }
};

FRAMESMITH_TEST_GUILESS_MAIN(tst_WanLoraCommands)

} // namespace tst_WanLoraCommands
#include "tst_WanLoraCommands.moc"
