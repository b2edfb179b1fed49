// LoRAs on the tiny CogVideoX 2b transformer against the reference goldens (shared/fixtures/lora:
// merged in float64 by the generator, checked against diffusers 0.36's own conversion): every
// LoRA, in the diffusers, ComfyUI and kohya layouts, at strengths 1.0 and 0.6, merged and as a side
// path; the stack of two at 0.7 and -0.4 in either order; and restoring the weights as loaded.
#include "models/cogvideox/transformer/CogVideoXLoraKeyMapping.h"
#include "models/cogvideox/transformer/CogVideoXTransformer3D.h"
#include "models/lora/LoraApplier.h"
#include "models/lora/LoraFile.h"
#include "models/lora/LoraResolver.h"
#include "support/LoraFixtures.h"
#include "support/TensorParity.h"
#include "support/TestRegistry.h"

#include <ATen/ATen.h>
#include <QTemporaryDir>
#include <QtTest/QtTest>

namespace tst_LoraApplier {

using namespace framesmith;

namespace {

constexpr double kOutputAtol = 5e-5; // the README's: as the base transformer goldens
constexpr double kMergedAtol = 1e-6;

std::string modelDir()
{
    return test::cogvideoxFixture("models/tiny-2b/transformer");
}

const CogVideoXLoraKeyMapping& mapping()
{
    static const CogVideoXLoraKeyMapping m;
    return m;
}

std::shared_ptr<const ResolvedLora> resolved(const std::string& path)
{
    static const LoraResolver resolver = LoraResolver::forModel(mapping(), modelDir());
    auto lora = std::make_shared<ResolvedLora>(resolver.resolve(LoraFile(path)));
    lora->sha256 = path; // identity enough for ordering here
    return lora;
}

at::Tensor forward(const CogVideoXTransformer3D& model)
{
    SafetensorsReader base(test::loraFixture("golden/cogvideox_base.safetensors"));
    const at::Tensor hidden = base.view("hidden_states"); // [B, F, C, H, W]
    const auto rope = model.rotaryEmbedding(static_cast<int>(hidden.size(3) * 8), static_cast<int>(hidden.size(4) * 8),
                                            static_cast<int>(hidden.size(1)));
    return model.forward(hidden, base.view("encoder_hidden_states"), base.view("timestep"), rope, std::nullopt);
}

at::Tensor parameter(CogVideoXTransformer3D& model, const std::string& name)
{
    for (ParameterSlot& slot : model.parameters())
        if (slot.name == name)
            return *slot.tensor;
    return {};
}

} // namespace

class tst_LoraApplier : public QObject {
    Q_OBJECT

    QTemporaryDir m_dir;
    std::shared_ptr<CogVideoXTransformer3D> m_model;

private Q_SLOTS:
    void initTestCase()
    {
        m_model = CogVideoXTransformer3D::load(modelDir(), at::kFloat, c10::Device(c10::kCPU));
    }

    void matchesTheGoldens_data()
    {
        QTest::addColumn<QString>("lora");
        QTest::addColumn<int>("layout");
        QTest::addColumn<int>("mode");
        for (const char* lora : {"cog_peft_r4", "cog_peft_metadata_r8"})
            for (auto layout : {test::LoraLayoutKind::Peft, test::LoraLayoutKind::Comfy, test::LoraLayoutKind::Kohya})
                for (auto mode : {LoraMode::Merge, LoraMode::SidePath})
                    QTest::newRow(qPrintable(QString("%1 %2 %3").arg(lora, test::layoutKindName(layout),
                                                                      mode == LoraMode::Merge ? "merge" : "side")))
                        << lora << int(layout) << int(mode);
    }
    void matchesTheGoldens()
    {
        QFETCH(QString, lora);
        QFETCH(int, layout);
        QFETCH(int, mode);
        const std::string file = test::relayoutLora(
            test::loraFixture("loras/" + lora.toStdString() + ".safetensors"), test::LoraLayoutKind(layout),
            m_dir.filePath(lora + QString::number(layout) + ".safetensors").toStdString());
        SafetensorsReader golden(test::loraFixture("golden/" + lora.toStdString() + ".safetensors"));
        LoraApplier applier;
        for (const char* strength : {"1.00", "0.60"}) {
            applier.apply(*m_model, {{resolved(file), std::stod(strength)}}, LoraMode(mode), c10::kCPU, at::kFloat);
            const std::string prefix = std::string("s") + strength + ".";
            FRAMESMITH_EXPECT_PARITY(prefix + "output", forward(*m_model), golden.view(prefix + "output"), kOutputAtol);
            if (LoraMode(mode) != LoraMode::Merge)
                continue;
            for (const TensorEntry& e : golden.entries())
                if (e.name.rfind(prefix + "merged.", 0) == 0)
                    FRAMESMITH_EXPECT_PARITY(e.name, parameter(*m_model, e.name.substr(prefix.size() + 7)),
                                             golden.view(e.name), kMergedAtol);
        }
        applier.restore(*m_model);
    }

    void stacksInAnyOrderBitForBit_data()
    {
        QTest::addColumn<int>("mode");
        QTest::newRow("merge") << int(LoraMode::Merge);
        QTest::newRow("side path") << int(LoraMode::SidePath);
    }
    void stacksInAnyOrderBitForBit()
    {
        QFETCH(int, mode);
        auto r4 = resolved(test::loraFixture("loras/cog_peft_r4.safetensors"));
        auto r8 = resolved(test::loraFixture("loras/cog_peft_metadata_r8.safetensors"));
        SafetensorsReader golden(test::loraFixture("golden/cogvideox_stack.safetensors"));
        LoraApplier applier;
        applier.apply(*m_model, {{r4, 0.7}, {r8, -0.4}}, LoraMode(mode), c10::kCPU, at::kFloat);
        const at::Tensor forwardOrder = forward(*m_model);
        FRAMESMITH_EXPECT_PARITY("output", forwardOrder, golden.view("output"), kOutputAtol);
        if (LoraMode(mode) == LoraMode::Merge)
            for (const char* name : {"transformer_blocks.1.attn1.to_k.weight", "transformer_blocks.1.attn1.to_out.0.weight"})
                FRAMESMITH_EXPECT_PARITY(name, parameter(*m_model, name), golden.view(std::string("merged.") + name),
                                         kMergedAtol);
        LoraApplier reversed;
        applier.restore(*m_model);
        reversed.apply(*m_model, {{r8, -0.4}, {r4, 0.7}}, LoraMode(mode), c10::kCPU, at::kFloat);
        QVERIFY(at::equal(forward(*m_model), forwardOrder));
        reversed.restore(*m_model);
    }

    void restoresTheLoadedWeightsExactly()
    {
        const at::Tensor bare = forward(*m_model);
        const at::Tensor loaded = parameter(*m_model, "transformer_blocks.0.attn1.to_q.weight").clone();
        LoraApplier applier;
        auto r4 = resolved(test::loraFixture("loras/cog_peft_r4.safetensors"));
        applier.apply(*m_model, {{r4, 1.0}}, LoraMode::Merge, c10::kCPU, at::kFloat);
        QVERIFY(!at::equal(parameter(*m_model, "transformer_blocks.0.attn1.to_q.weight"), loaded));
        QVERIFY(applier.keptBytes() > 0); // the copy-on-merge originals
        applier.apply(*m_model, {{r4, 0.6}}, LoraMode::SidePath, c10::kCPU, at::kFloat); // another mode: merged undone
        QVERIFY(at::equal(parameter(*m_model, "transformer_blocks.0.attn1.to_q.weight"), loaded));
        applier.apply(*m_model, {}, LoraMode::Merge, c10::kCPU, at::kFloat);
        QVERIFY(!applier.isApplied());
        QCOMPARE(applier.keptBytes(), std::int64_t(0));
        QVERIFY(at::equal(forward(*m_model), bare));
        SafetensorsReader base(test::loraFixture("golden/cogvideox_base.safetensors"));
        FRAMESMITH_EXPECT_PARITY("base_output", bare, base.view("base_output"), kOutputAtol);
    }
};

FRAMESMITH_TEST_GUILESS_MAIN(tst_LoraApplier)

} // namespace tst_LoraApplier
#include "tst_LoraApplier.moc"
