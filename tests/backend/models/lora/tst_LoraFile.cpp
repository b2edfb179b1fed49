// Reading LoRA files as users download them: the diffusers/PEFT layout with its adapter metadata,
// kohya/musubi underscore names with alphas, kohya's training notes (base model, network dim/alpha,
// trigger words), and the files refused before any model is touched (shared/fixtures/lora/bad).
#include "framesmith/Error.h"
#include "models/lora/LoraFile.h"
#include "support/LoraFixtures.h"
#include "support/TestRegistry.h"

#include <ATen/ATen.h>
#include <QTemporaryDir>
#include <QtTest/QtTest>

namespace tst_LoraFile {

using namespace framesmith;

namespace {

const LoraModuleTensors* moduleNamed(const LoraFile& file, const std::string& name)
{
    for (const LoraModuleTensors& m : file.modules())
        if (m.name == name)
            return &m;
    return nullptr;
}

QString refusal(const std::string& path)
{
    try {
        LoraFile file(path);
    } catch (const FileError& e) {
        return QString::fromStdString(e.what());
    }
    return {};
}

} // namespace

class tst_LoraFile : public QObject {
    Q_OBJECT

    QTemporaryDir m_dir;

    std::string writeFile(const QString& name, const std::vector<std::pair<std::string, at::Tensor>>& tensors,
                          const std::map<std::string, std::string>& metadata = {})
    {
        SafetensorsWriter writer;
        for (const auto& [key, tensor] : tensors)
            writer.add(key, tensor);
        for (const auto& [key, value] : metadata)
            writer.setMetadata(key, value);
        const std::string path = m_dir.filePath(name).toStdString();
        writer.write(path);
        return path;
    }

private Q_SLOTS:
    void readsDiffusersKeysAndTheirAdapterMetadata()
    {
        const LoraFile file(test::loraFixture("loras/cog_peft_metadata_r8.safetensors"));
        QCOMPARE(file.modules().size(), std::size_t(6));
        QCOMPARE(int(file.layout()), int(LoraKeyLayout::Diffusers));
        const LoraModuleTensors* k = moduleNamed(file, "transformer.transformer_blocks.1.attn1.to_k");
        QVERIFY(k);
        QCOMPARE(k->rank(), std::int64_t(8));
        QCOMPARE(k->down.sizes(), at::IntArrayRef({8, 64}));
        QCOMPARE(k->up.sizes(), at::IntArrayRef({64, 8}));
        QVERIFY(!k->alpha.defined());
        const LoraMetadata& meta = file.metadata();
        QVERIFY(meta.hasAdapterConfig());
        QCOMPARE(*meta.rank, std::int64_t(8));
        QCOMPARE(*meta.loraAlpha, 16.0);
        QCOMPARE(meta.adapterScale("transformer_blocks.1.attn1.to_k", 8), 2.0);   // lora_alpha / r
        QCOMPARE(meta.adapterScale("transformer_blocks.1.ff.net.2", 8), 0.5);     // alpha_pattern 4 / r
        QCOMPARE(meta.adapterScale("transformer_blocks.1.ff.net.0.proj", 8), 0.5);
        // Without metadata every module's scale is 1 (alpha = rank).
        const LoraFile plain(test::loraFixture("loras/cog_peft_r4.safetensors"));
        QVERIFY(!plain.metadata().hasAdapterConfig());
        QCOMPARE(plain.modules().size(), std::size_t(12));
    }

    void readsKohyaUnderscoreNamesWithAlphas()
    {
        const LoraFile file(test::loraFixture("loras/wan_musubi_r4.safetensors"));
        QCOMPARE(int(file.layout()), int(LoraKeyLayout::Underscored));
        QCOMPARE(file.modules().size(), std::size_t(20));
        const LoraModuleTensors* q = moduleNamed(file, "blocks_0_self_attn_q");
        QVERIFY(q);
        QVERIFY(q->alpha.defined());
        QCOMPARE(q->alpha.item<double>(), 1.0);
        QCOMPARE(q->rank(), std::int64_t(4));
    }

    void readsComfyUiKeysAndFullDeltas()
    {
        const std::string path = writeFile(
            "comfy.safetensors", {{"diffusion_model.blocks.0.self_attn.q.lora_down.weight", at::ones({2, 8})},
                                  {"diffusion_model.blocks.0.self_attn.q.lora_up.weight", at::ones({8, 2})},
                                  {"diffusion_model.blocks.0.self_attn.q.alpha", at::scalar_tensor(1.0)},
                                  {"diffusion_model.blocks.0.self_attn.q.diff_b", at::ones({8})},
                                  {"diffusion_model.head.head.diff", at::ones({4, 8})},
                                  {"diffusion_model.blocks.0.norm3.diff", at::ones({8})}});
        const LoraFile file(path);
        QCOMPARE(int(file.layout()), int(LoraKeyLayout::Original));
        QCOMPARE(file.modules().size(), std::size_t(3));
        const LoraModuleTensors* q = moduleNamed(file, "blocks.0.self_attn.q");
        QVERIFY(q && q->diffBias.defined() && q->down.defined());
        const LoraModuleTensors* head = moduleNamed(file, "head.head");
        QVERIFY(head && head->diff.defined() && !head->down.defined());
    }

    void readsKohyaTrainingNotes()
    {
        const std::string path = writeFile(
            "notes.safetensors",
            {{"lora_unet_blocks_0_ffn_0.lora_down.weight", at::ones({2, 8})},
             {"lora_unet_blocks_0_ffn_0.lora_up.weight", at::ones({8, 2})}},
            {{"ss_base_model_version", "wan_t2v_14B"}, {"ss_network_dim", "16"}, {"ss_network_alpha", "8"},
             {"ss_network_module", "networks.lora_wan"}, {"ss_output_name", "zorb"},
             {"ss_tag_frequency", R"({"10_zorb": {"zorb style": 10, "cat": 3}, "5_more": {"cat": 9, "dog": 1}})"}});
        const LoraFile file(path);
        const LoraMetadata& meta = file.metadata();
        QCOMPARE(QString::fromStdString(meta.baseModel), QString("wan_t2v_14B"));
        QCOMPARE(QString::fromStdString(meta.networkDim), QString("16"));
        QCOMPARE(QString::fromStdString(meta.networkAlpha), QString("8"));
        QCOMPARE(QString::fromStdString(meta.title), QString("zorb"));
        QCOMPARE(meta.triggerWords.size(), std::size_t(3));
        QCOMPARE(QString::fromStdString(meta.triggerWords[0].first), QString("cat")); // 3 + 9
        QCOMPARE(meta.triggerWords[0].second, std::int64_t(12));
        QCOMPARE(QString::fromStdString(meta.triggerWords[1].first), QString("zorb style"));
    }

    void refusesBadFiles_data()
    {
        QTest::addColumn<QString>("file");
        QTest::addColumn<QString>("expected");
        QTest::newRow("full checkpoint") << "bad/full_checkpoint.safetensors" << "is not a LoRA";
        QTest::newRow("rank mismatch") << "bad/rank_mismatch.safetensors" << "rank mismatch between down (A) [4, 32] and up (B) [32, 8]";
        QTest::newRow("NaN") << "bad/nan.safetensors" << "NaN or Inf";
    }
    void refusesBadFiles()
    {
        QFETCH(QString, file);
        QFETCH(QString, expected);
        const QString message = refusal(test::loraFixture(file.toStdString()));
        QVERIFY2(message.contains(expected), qPrintable(message));
    }

    void refusesAbsurdRanksAndHalfPairs()
    {
        const QString absurd = refusal(writeFile("absurd.safetensors", {{"transformer.a.lora_A.weight", at::ones({40, 32})},
                                                                       {"transformer.a.lora_B.weight", at::ones({32, 40})}}));
        QVERIFY2(absurd.contains("absurd rank 40"), qPrintable(absurd));
        const QString half = refusal(writeFile("half.safetensors", {{"transformer.a.lora_A.weight", at::ones({4, 32})}}));
        QVERIFY2(half.contains("without its up (B)"), qPrintable(half));
        const QString inf = refusal(writeFile("inf.safetensors", {{"transformer.a.lora_A.weight", at::ones({4, 32})},
                                                                 {"transformer.a.lora_B.weight", at::ones({32, 4})},
                                                                 {"transformer.a.alpha", at::scalar_tensor(INFINITY)}}));
        QVERIFY2(inf.contains("NaN or Inf"), qPrintable(inf));
    }
};

FRAMESMITH_TEST_GUILESS_MAIN(tst_LoraFile)

} // namespace tst_LoraFile
#include "tst_LoraFile.moc"
