// Mapping LoRA files onto the tiny CogVideoX 2b transformer through its family's key mapping and
// the checkpoint's header: every layout finds the same modules with the same scales; a LoRA for
// another family, one whose shapes do not fit and a Wan LoRA's half match are refused or warned
// about with the keys and shapes named.
#include "framesmith/Error.h"
#include "models/cogvideox/transformer/CogVideoXLoraKeyMapping.h"
#include "models/lora/LoraResolver.h"
#include "support/LoraFixtures.h"
#include "support/TestRegistry.h"

#include <ATen/ATen.h>
#include <QTemporaryDir>
#include <set>
#include <QtTest/QtTest>

namespace tst_LoraResolver {

using namespace framesmith;

namespace {

const LoraResolver& resolver()
{
    static const CogVideoXLoraKeyMapping mapping;
    static const LoraResolver r = LoraResolver::forModel(mapping, test::cogvideoxFixture("models/tiny-2b"));
    return r;
}

QString refusal(const std::string& path)
{
    try {
        resolver().resolve(LoraFile(path));
    } catch (const FileError& e) {
        return QString::fromStdString(e.what());
    }
    return {};
}

} // namespace

class tst_LoraResolver : public QObject {
    Q_OBJECT

    QTemporaryDir m_dir;

private Q_SLOTS:
    void everyLayoutFindsTheSameModulesAndScales_data()
    {
        QTest::addColumn<int>("layout");
        QTest::newRow("diffusers") << int(test::LoraLayoutKind::Peft);
        QTest::newRow("comfyui") << int(test::LoraLayoutKind::Comfy);
        QTest::newRow("kohya") << int(test::LoraLayoutKind::Kohya);
    }
    void everyLayoutFindsTheSameModulesAndScales()
    {
        QFETCH(int, layout);
        const auto kind = test::LoraLayoutKind(layout);
        const std::string r4 = test::relayoutLora(test::loraFixture("loras/cog_peft_r4.safetensors"), kind,
                                                  m_dir.filePath(QString("r4_%1.safetensors").arg(layout)).toStdString());
        const ResolvedLora all = resolver().resolve(LoraFile(r4));
        QCOMPARE(all.modules.size(), std::size_t(12));
        QVERIFY(all.skipped.empty());
        QVERIFY(all.partialMatchWarning().empty());
        std::set<std::string> modules;
        for (const LoraModuleDelta& d : all.modules) {
            modules.insert(d.module);
            QCOMPARE(d.scale, 1.0);
            QVERIFY(d.isLinear);
        }
        QVERIFY(modules.count("transformer_blocks.0.attn1.to_out.0"));
        QVERIFY(modules.count("transformer_blocks.1.ff.net.0.proj"));

        const std::string r8 = test::relayoutLora(test::loraFixture("loras/cog_peft_metadata_r8.safetensors"), kind,
                                                  m_dir.filePath(QString("r8_%1.safetensors").arg(layout)).toStdString());
        for (const LoraModuleDelta& d : resolver().resolve(LoraFile(r8)).modules)
            QCOMPARE(d.scale, d.module.find(".ff.") != std::string::npos ? 0.5 : 2.0);
    }

    void refusesAnotherFamilysLora_data()
    {
        QTest::addColumn<QString>("file");
        QTest::addColumn<QString>("firstKey");
        QTest::newRow("Wan, diffusers") << "loras/wan_peft_r4.safetensors" << "transformer.blocks.0.attn1.to_k.lora_A.weight";
        QTest::newRow("Wan, kohya") << "loras/wan_musubi_r4.safetensors" << "lora_unet_blocks_0_cross_attn_k.alpha";
        QTest::newRow("Wan, half match") << "bad/half_match.safetensors" << "transformer.blocks.0.attn1.to_q";
    }
    void refusesAnotherFamilysLora()
    {
        QFETCH(QString, file);
        QFETCH(QString, firstKey);
        const QString message = refusal(test::loraFixture(file.toStdString()));
        QVERIFY2(message.contains("made for another model family or variant: none of its"), qPrintable(message));
        QVERIFY2(message.contains(firstKey), qPrintable(message));
        QVERIFY2(message.contains("transformer_blocks.0.attn1.to_q"), qPrintable(message)); // what this model has
    }

    void refusesShapesThatDoNotFit()
    {
        SafetensorsWriter writer;
        writer.add("transformer.transformer_blocks.0.attn1.to_q.lora_A.weight", at::ones({4, 48}));
        writer.add("transformer.transformer_blocks.0.attn1.to_q.lora_B.weight", at::ones({48, 4}));
        const std::string path = m_dir.filePath("wide.safetensors").toStdString();
        writer.write(path);
        const QString message = refusal(path);
        QVERIFY2(message.contains("transformer.transformer_blocks.0.attn1.to_q.lora_A.weight (B @ A is [48, 48]) does not fit "
                                  "transformer_blocks.0.attn1.to_q.weight [64, 64]"),
                 qPrintable(message));
    }

    void appliesAPartialMatchWithAWarning()
    {
        // cog_peft_r4 for a 4-block model: blocks 2 and 3 are not in the 2-block one.
        SafetensorsReader r4(test::loraFixture("loras/cog_peft_r4.safetensors"));
        SafetensorsWriter writer;
        for (const TensorEntry& e : r4.entries()) {
            writer.add(e.name, r4.view(e.name));
            std::string deeper = e.name;
            deeper.replace(deeper.find("blocks.") + 7, 1, e.name.find("blocks.0") != std::string::npos ? "2" : "3");
            writer.add(deeper, r4.view(e.name));
        }
        const std::string path = m_dir.filePath("deeper.safetensors").toStdString();
        writer.write(path);
        const ResolvedLora lora = resolver().resolve(LoraFile(path));
        QCOMPARE(lora.modules.size(), std::size_t(12));
        QCOMPARE(lora.skipped.size(), std::size_t(12));
        const QString warning = QString::fromStdString(lora.partialMatchWarning());
        QVERIFY2(warning.contains("deeper.safetensors: 12 of 24 modules matched, 12 skipped (first: "
                                  "transformer.transformer_blocks.2."),
                 qPrintable(warning));
    }
};

FRAMESMITH_TEST_GUILESS_MAIN(tst_LoraResolver)

} // namespace tst_LoraResolver
#include "tst_LoraResolver.moc"
