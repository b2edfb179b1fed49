// WanLoraKeyMapping through the shared resolver on the tiny Wan models' headers: the port's
// (diffusers') module names mapped to the original checkpoint's as diffusers 0.36's converters map
// them, every fixture layout resolving to the same modules with the README's scales, the forms
// only made here (ai-toolkit's lora_A/lora_B under diffusion_model., head.head, the Wan 2.1 I2V
// k_img/v_img in ComfyUI and musubi names), both experts of an A14B model, the expert choice, and
// refusals naming the keys and shapes: a CogVideoX LoRA, shapes of another variant or size.
#include "framesmith/Error.h"
#include "io/SafetensorsWriter.h"
#include "models/lora/LoraFile.h"
#include "models/lora/LoraResolver.h"
#include "models/wan/WanFamily.h"
#include "models/wan/transformer/WanLoraKeyMapping.h"
#include "support/LoraFixtures.h"
#include "support/TestRegistry.h"
#include "WanFixtures.h"

#include <ATen/ATen.h>
#include <QTemporaryDir>
#include <QtTest/QtTest>

#include <set>

namespace tst_WanLoraKeyMapping {

using namespace framesmith;

namespace {

const WanLoraKeyMapping& mapping()
{
    static const WanLoraKeyMapping m;
    return m;
}

LoraResolver resolverFor(const std::string& variant)
{
    return LoraResolver::forModel(mapping(), test::wanFixture("models/" + variant));
}

ResolvedLora resolve(const std::string& variant, const std::string& path)
{
    return resolverFor(variant).resolve(LoraFile(path));
}

QString refusal(const std::string& variant, const std::string& path)
{
    try {
        resolve(variant, path);
    } catch (const FileError& e) {
        return QString::fromStdString(e.what());
    }
    return {};
}

std::set<std::string> modulesOf(const ResolvedLora& lora)
{
    std::set<std::string> modules;
    for (const LoraModuleDelta& d : lora.modules)
        modules.insert(d.module);
    return modules;
}

const LoraModuleDelta* find(const ResolvedLora& lora, const std::string& module)
{
    for (const LoraModuleDelta& d : lora.modules)
        if (d.module == module)
            return &d;
    return nullptr;
}

// The ten modules of one block in the port's names.
const char* const kBlockModules[] = {"attn1.to_q", "attn1.to_k", "attn1.to_v", "attn1.to_out.0", "attn2.to_q",
                                     "attn2.to_k", "attn2.to_v", "attn2.to_out.0", "ffn.net.0.proj", "ffn.net.2"};

} // namespace

class tst_WanLoraKeyMapping : public QObject {
    Q_OBJECT

    QTemporaryDir m_dir;

    std::string write(const QString& name, const std::vector<std::pair<std::string, at::Tensor>>& tensors)
    {
        SafetensorsWriter writer;
        for (const auto& [key, tensor] : tensors)
            writer.add(key, tensor);
        const std::string path = m_dir.filePath(name).toStdString();
        writer.write(path);
        return path;
    }

private Q_SLOTS:
    void theFamilyHandsOutTheMapping()
    {
        QVERIFY(dynamic_cast<const WanLoraKeyMapping*>(WanFamily().loraKeyMapping()) != nullptr);
    }

    void originalNamesFollowDiffusersConverters_data()
    {
        QTest::addColumn<QString>("port");
        QTest::addColumn<QString>("original");
        QTest::newRow("self q") << "blocks.0.attn1.to_q" << "blocks.0.self_attn.q";
        QTest::newRow("self o") << "blocks.12.attn1.to_out.0" << "blocks.12.self_attn.o";
        QTest::newRow("self norm_k") << "blocks.3.attn1.norm_k" << "blocks.3.self_attn.norm_k";
        QTest::newRow("cross v") << "blocks.1.attn2.to_v" << "blocks.1.cross_attn.v";
        QTest::newRow("cross o") << "blocks.39.attn2.to_out.0" << "blocks.39.cross_attn.o";
        QTest::newRow("i2v k_img") << "blocks.0.attn2.add_k_proj" << "blocks.0.cross_attn.k_img";
        QTest::newRow("i2v v_img") << "blocks.0.attn2.add_v_proj" << "blocks.0.cross_attn.v_img";
        QTest::newRow("i2v norm_k_img") << "blocks.0.attn2.norm_added_k" << "blocks.0.cross_attn.norm_k_img";
        QTest::newRow("ffn 0") << "blocks.1.ffn.net.0.proj" << "blocks.1.ffn.0";
        QTest::newRow("ffn 2") << "blocks.1.ffn.net.2" << "blocks.1.ffn.2";
        QTest::newRow("affine norm") << "blocks.0.norm2" << "blocks.0.norm3";
        QTest::newRow("head") << "proj_out" << "head.head";
        QTest::newRow("time_projection") << "condition_embedder.time_proj" << "time_projection.1";
        QTest::newRow("time_embedding") << "condition_embedder.time_embedder.linear_2" << "time_embedding.2";
        QTest::newRow("text_embedding") << "condition_embedder.text_embedder.linear_1" << "text_embedding.0";
        QTest::newRow("img_emb") << "condition_embedder.image_embedder.ff.net.0.proj" << "img_emb.proj.1";
        QTest::newRow("img_emb norm") << "condition_embedder.image_embedder.norm2" << "img_emb.proj.4";
        QTest::newRow("same") << "patch_embedding" << "patch_embedding";
        QTest::newRow("not a block") << "blocks.x.attn1.to_q" << "blocks.x.attn1.to_q";
    }
    void originalNamesFollowDiffusersConverters()
    {
        QFETCH(QString, port);
        QFETCH(QString, original);
        QCOMPARE(QString::fromStdString(mapping().originalName(port.toStdString())), original);
    }

    void everyFixtureLayoutFindsItsModulesAndScale_data()
    {
        QTest::addColumn<QString>("lora");
        QTest::addColumn<QString>("blocks"); // the blocks whose ten modules it patches
        QTest::addColumn<double>("scale");   // of every module but ffn (metadata: alpha_pattern)
        QTest::addColumn<double>("ffnScale");
        QTest::newRow("diffusers, no alpha") << "wan_peft_r4" << "01" << 1.0 << 1.0;
        QTest::newRow("diffusers, metadata") << "wan_peft_metadata_r8" << "01" << 0.5 << 2.0;
        QTest::newRow("ComfyUI, block 1") << "wan_comfy_r8_block1" << "1" << 0.5 << 0.5;
        QTest::newRow("musubi") << "wan_musubi_r4" << "01" << 0.25 << 0.25;
    }
    void everyFixtureLayoutFindsItsModulesAndScale()
    {
        QFETCH(QString, lora);
        QFETCH(QString, blocks);
        QFETCH(double, scale);
        QFETCH(double, ffnScale);
        const ResolvedLora r = resolve("wan2.1-t2v", test::loraFixture("loras/" + lora.toStdString() + ".safetensors"));
        QVERIFY(r.skipped.empty());
        const bool attn1AndFfnOnly = lora == "wan_peft_metadata_r8";
        std::set<std::string> expected;
        for (QChar block : blocks)
            for (const char* module : kBlockModules)
                if (!attn1AndFfnOnly || std::string(module).rfind("attn2", 0) != 0)
                    expected.insert("blocks." + std::string(1, block.toLatin1()) + "." + module);
        QCOMPARE(modulesOf(r), expected);
        for (const LoraModuleDelta& d : r.modules) {
            QVERIFY2(d.down.defined() && d.up.defined() && d.isLinear, d.module.c_str());
            QCOMPARE(d.scale, d.module.find(".ffn.") != std::string::npos ? ffnScale : scale);
        }
    }

    void fullDeltasReachLinearsTheNormAndTheHead()
    {
        const ResolvedLora r = resolve("wan2.1-t2v", test::loraFixture("loras/wan_comfy_diff_r4.safetensors"));
        QVERIFY(r.skipped.empty());
        const LoraModuleDelta* q = find(r, "blocks.0.attn1.to_q");
        QVERIFY(q && q->down.defined() && (q->upBias.defined() || q->diffBias.defined()));
        const LoraModuleDelta* ffn = find(r, "blocks.1.ffn.net.2");
        QVERIFY(ffn && !ffn->down.defined() && ffn->diff.defined() && ffn->diffBias.defined());
        const LoraModuleDelta* norm = find(r, "blocks.0.norm2"); // the original's norm3
        QVERIFY(norm && norm->diff.defined() && norm->diffBias.defined() && !norm->isLinear);
        const LoraModuleDelta* head = find(r, "proj_out"); // head.head
        QVERIFY(head && head->diff.defined() && head->diffBias.defined() && head->diff.size(0) == 64);
    }

    void readsAiToolkitAndHeadLoras()
    {
        const std::string path = write("ai_toolkit.safetensors",
                                       {{"diffusion_model.blocks.1.cross_attn.o.lora_A.weight", at::ones({2, 32})},
                                        {"diffusion_model.blocks.1.cross_attn.o.lora_B.weight", at::ones({32, 2})},
                                        {"diffusion_model.head.head.lora_A.weight", at::ones({2, 32})},
                                        {"diffusion_model.head.head.lora_B.weight", at::ones({64, 2})},
                                        {"diffusion_model.time_projection.1.lora_A.weight", at::ones({2, 32})},
                                        {"diffusion_model.time_projection.1.lora_B.weight", at::ones({192, 2})}});
        const ResolvedLora r = resolve("wan2.1-t2v", path);
        QCOMPARE(modulesOf(r), (std::set<std::string>{"blocks.1.attn2.to_out.0", "proj_out", "condition_embedder.time_proj"}));
    }

    void mapsTheImageKeysOfWan21ImageToVideoLoras()
    {
        const std::string comfy = write("i2v_comfy.safetensors",
                                        {{"diffusion_model.blocks.0.cross_attn.k_img.lora_down.weight", at::ones({4, 32})},
                                         {"diffusion_model.blocks.0.cross_attn.k_img.lora_up.weight", at::ones({32, 4})},
                                         {"diffusion_model.blocks.0.cross_attn.k_img.alpha", at::scalar_tensor(2.0)},
                                         {"diffusion_model.blocks.1.cross_attn.v_img.lora_down.weight", at::ones({4, 32})},
                                         {"diffusion_model.blocks.1.cross_attn.v_img.lora_up.weight", at::ones({32, 4})}});
        const ResolvedLora r = resolve("wan2.1-i2v", comfy);
        QCOMPARE(modulesOf(r), (std::set<std::string>{"blocks.0.attn2.add_k_proj", "blocks.1.attn2.add_v_proj"}));
        QCOMPARE(find(r, "blocks.0.attn2.add_k_proj")->scale, 0.5);
        const std::string musubi = write("i2v_musubi.safetensors",
                                         {{"lora_unet_blocks_1_cross_attn_k_img.lora_down.weight", at::ones({4, 32})},
                                          {"lora_unet_blocks_1_cross_attn_k_img.lora_up.weight", at::ones({32, 4})},
                                          {"lora_unet_blocks_1_cross_attn_k_img.alpha", at::scalar_tensor(1.0)}});
        QCOMPARE(modulesOf(resolve("wan2.1-i2v", musubi)), (std::set<std::string>{"blocks.1.attn2.add_k_proj"}));
        // A T2V model has no image projections: the I2V LoRA fits nothing there.
        QVERIFY2(refusal("wan2.1-t2v", comfy).contains("none of its 2 modules exists"), qPrintable(refusal("wan2.1-t2v", comfy)));
    }

    void aWan21LoraFitsBothExpertsOfA14B()
    {
        const std::string musubi = test::loraFixture("loras/wan_musubi_r4.safetensors");
        QCOMPARE(QString::fromStdString(mapping().targetWeights(test::wanFixture("models/wan2.2-a14b"))),
                 QString::fromStdString(test::wanFixture("models/wan2.2-a14b/transformer")));
        for (const char* expert : {"wan2.2-a14b", "wan2.2-a14b/transformer_2", "wan2.2-i2v-a14b/transformer_2"}) {
            const ResolvedLora r = resolve(expert, musubi);
            QCOMPARE(int(r.modules.size()), 20);
            QVERIFY(r.skipped.empty());
        }
    }

    void choosesTheExpertOfEachLora()
    {
        QCOMPARE(QString::fromStdString(WanLoraKeyMapping::expertComponent("high")), QString("transformer"));
        QCOMPARE(QString::fromStdString(WanLoraKeyMapping::expertComponent("low")), QString("transformer_2"));
        QVERIFY(WanLoraKeyMapping::takesLora("transformer", ""));
        QVERIFY(WanLoraKeyMapping::takesLora("transformer_2", ""));
        QVERIFY(WanLoraKeyMapping::takesLora("transformer", "high"));
        QVERIFY(!WanLoraKeyMapping::takesLora("transformer", "low"));
        QVERIFY(WanLoraKeyMapping::takesLora("transformer_2", "low"));
        QVERIFY(!WanLoraKeyMapping::takesLora("transformer_2", "high"));
        QVERIFY_THROWS_EXCEPTION(InvalidRequestError, WanLoraKeyMapping::expertComponent("middle"));
    }

    void handsEachExpertItsLoras()
    {
        const std::string a14b = test::wanFixture("models/wan2.2-a14b"), t2v = test::wanFixture("models/wan2.1-t2v");
        QVERIFY(WanLoraKeyMapping::hasTwoExperts(a14b));
        QVERIFY(!WanLoraKeyMapping::hasTwoExperts(t2v));
        const std::vector<LoraSpec> specs = {{"both.safetensors", 0.5}, {"high.safetensors", 1.0, "high"},
                                             {"low.safetensors", -0.3, "low"}};
        auto files = [](const std::vector<LoraSpec>& loras) {
            QStringList names;
            for (const LoraSpec& l : loras) {
                names << QString::fromStdString(l.file);
                if (!l.expert.empty())
                    return QStringList{"expert kept"};
            }
            return names;
        };
        QCOMPARE(files(WanLoraKeyMapping::lorasFor(specs, a14b, "transformer")), (QStringList{"both.safetensors", "high.safetensors"}));
        QCOMPARE(files(WanLoraKeyMapping::lorasFor(specs, a14b, "transformer_2")), (QStringList{"both.safetensors", "low.safetensors"}));
        QCOMPARE(WanLoraKeyMapping::lorasFor(specs, a14b, "transformer_2")[1].strength, -0.3);
        QCOMPARE(int(WanLoraKeyMapping::lorasFor({specs[0]}, t2v, "transformer").size()), 1);
        try {
            WanLoraKeyMapping::lorasFor(specs, t2v, "transformer");
            QFAIL("@high on Wan 2.1 was taken");
        } catch (const InvalidRequestError& e) {
            QVERIFY2(QString(e.what()).contains("high.safetensors@high: this model has one transformer"), e.what());
        }
    }

    void refusesACogVideoXLoraNamingItsFirstKeys()
    {
        const QString message = refusal("wan2.1-t2v", test::loraFixture("bad/wrong_family_cogvideox_for_wan.safetensors"));
        QVERIFY2(message.contains("made for another model family or variant: none of its 12 modules"), qPrintable(message));
        QVERIFY2(message.contains("transformer.transformer_blocks.0.attn1.to_k.lora_A.weight"), qPrintable(message));
        QVERIFY2(message.contains("blocks.0.attn1.to_q") && message.contains("diffusion_model.blocks.0.self_attn.q"),
                 qPrintable(message)); // what this model's modules are called
    }

    void refusesShapesOfAnotherVariantOrSize()
    {
        // A Wan 2.1 LoRA with a head delta on Wan 2.2 TI2V-5B (48 latent channels: another proj_out).
        const QString head = refusal("wan2.2-ti2v", test::loraFixture("loras/wan_comfy_diff_r4.safetensors"));
        QVERIFY2(head.contains("diffusion_model.head.head.diff (diff [64, 32]) does not fit proj_out.weight [192, 32]"),
                 qPrintable(head));
        // A LoRA of a wider model (a 14B LoRA on a 1.3B model, in small).
        const std::string wide = write("wide.safetensors", {{"lora_unet_blocks_0_self_attn_q.lora_down.weight", at::ones({4, 48})},
                                                            {"lora_unet_blocks_0_self_attn_q.lora_up.weight", at::ones({48, 4})},
                                                            {"lora_unet_blocks_0_self_attn_q.alpha", at::scalar_tensor(4.0)}});
        const QString message = refusal("wan2.1-t2v", wide);
        QVERIFY2(message.contains("(B @ A is [48, 48]) does not fit blocks.0.attn1.to_q.weight [32, 32]"), qPrintable(message));
    }
};

FRAMESMITH_TEST_GUILESS_MAIN(tst_WanLoraKeyMapping)

} // namespace tst_WanLoraKeyMapping
#include "tst_WanLoraKeyMapping.moc"
