// Wan LoRAs on the tiny Wan 2.1 T2V transformer against the reference goldens (shared/fixtures/lora,
// merged in float64 by the generator and checked there against diffusers 0.36's own conversion):
// every layout users download (diffusers/PEFT with and without lora_adapter_metadata, ComfyUI
// original names with alphas, musubi/kohya underscores, ComfyUI's diff/diff_b full deltas on
// Linears, a norm and head.head) at strengths 1.0 and 0.6, merged (the merged parameters too) and
// as a side path; the stack of two at 0.7 and -0.4 in either order; the half-matching LoRA.
#include "models/lora/LoraApplier.h"
#include "models/lora/LoraFile.h"
#include "models/lora/LoraResolver.h"
#include "models/wan/transformer/WanLoraKeyMapping.h"
#include "models/wan/transformer/WanTransformer3DModel.h"
#include "support/LoraFixtures.h"
#include "support/TensorParity.h"
#include "support/TestRegistry.h"
#include "WanFixtures.h"

#include <ATen/ATen.h>
#include <QtTest/QtTest>

namespace tst_WanLora {

using namespace framesmith;

namespace {

constexpr double kOutputAtol = 5e-5; // the README's: as the base transformer goldens
constexpr double kMergedAtol = 1e-6;

std::string modelDir()
{
    return test::wanFixture("models/wan2.1-t2v/transformer");
}

std::shared_ptr<const ResolvedLora> resolved(const std::string& path)
{
    static const WanLoraKeyMapping mapping;
    static const LoraResolver resolver = LoraResolver::forModel(mapping, modelDir());
    auto lora = std::make_shared<ResolvedLora>(resolver.resolve(LoraFile(path)));
    lora->sha256 = path; // identity enough for ordering here
    return lora;
}

at::Tensor forward(const WanTransformer3DModel& model)
{
    SafetensorsReader base(test::loraFixture("golden/wan_base.safetensors"));
    WanTransformerInputs in;
    in.hiddenStates = base.view("hidden_states");
    in.timestep = base.view("timestep");
    in.encoderHiddenStates = base.view("encoder_hidden_states");
    return model.forward(in);
}

at::Tensor parameter(WanTransformer3DModel& model, const std::string& name)
{
    for (ParameterSlot& slot : model.parameters())
        if (slot.name == name)
            return *slot.tensor;
    return {};
}

// The golden's merged parameters at `prefix` ("s1.00.merged."), by parameter name.
std::vector<std::string> mergedNames(const SafetensorsReader& golden, const std::string& prefix)
{
    std::vector<std::string> names;
    for (const TensorEntry& e : golden.entries())
        if (e.name.compare(0, prefix.size(), prefix) == 0)
            names.push_back(e.name.substr(prefix.size()));
    return names;
}

} // namespace

class tst_WanLora : public QObject {
    Q_OBJECT

    std::shared_ptr<WanTransformer3DModel> m_model;

private Q_SLOTS:
    void initTestCase()
    {
        m_model = WanTransformer3DModel::load(modelDir(), at::kFloat, c10::Device(c10::kCPU));
    }

    void matchesTheGoldens_data()
    {
        QTest::addColumn<QString>("lora");
        QTest::addColumn<QString>("strength");
        QTest::addColumn<int>("mode");
        for (const char* lora : {"wan_peft_r4", "wan_peft_metadata_r8", "wan_comfy_r8_block1", "wan_musubi_r4", "wan_comfy_diff_r4"})
            for (const char* strength : {"1.00", "0.60"})
                for (LoraMode mode : {LoraMode::Merge, LoraMode::SidePath})
                    QTest::addRow("%s %s %s", lora, strength, mode == LoraMode::Merge ? "merge" : "side")
                        << lora << strength << int(mode);
    }
    void matchesTheGoldens()
    {
        QFETCH(QString, lora);
        QFETCH(QString, strength);
        QFETCH(int, mode);
        const std::string name = lora.toStdString(), s = strength.toStdString();
        SafetensorsReader golden(test::loraFixture("golden/" + name + ".safetensors"));
        LoraApplier applier;
        applier.apply(*m_model, {{resolved(test::loraFixture("loras/" + name + ".safetensors")), std::stod(s)}},
                      LoraMode(mode), c10::kCPU, at::kFloat);
        FRAMESMITH_EXPECT_PARITY("output", forward(*m_model), golden.view("s" + s + ".output"), kOutputAtol);
        if (LoraMode(mode) == LoraMode::Merge) {
            const std::vector<std::string> merged = mergedNames(golden, "s" + s + ".merged.");
            QVERIFY(merged.size() >= 2);
            for (const std::string& param : merged) {
                const at::Tensor port = parameter(*m_model, param);
                QVERIFY2(port.defined(), param.c_str());
                FRAMESMITH_EXPECT_PARITY(param, port, golden.view("s" + s + ".merged." + param), kMergedAtol);
            }
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
        auto peft = resolved(test::loraFixture("loras/wan_peft_r4.safetensors"));
        auto comfy = resolved(test::loraFixture("loras/wan_comfy_r8_block1.safetensors"));
        SafetensorsReader golden(test::loraFixture("golden/wan_stack.safetensors"));
        LoraApplier applier;
        applier.apply(*m_model, {{peft, 0.7}, {comfy, -0.4}}, LoraMode(mode), c10::kCPU, at::kFloat);
        const at::Tensor forwardOrder = forward(*m_model);
        FRAMESMITH_EXPECT_PARITY("output", forwardOrder, golden.view("output"), kOutputAtol);
        if (LoraMode(mode) == LoraMode::Merge) {
            const std::vector<std::string> merged = mergedNames(golden, "merged.");
            QCOMPARE(int(merged.size()), 2);
            for (const std::string& param : merged)
                FRAMESMITH_EXPECT_PARITY(param, parameter(*m_model, param), golden.view("merged." + param), kMergedAtol);
        }
        applier.restore(*m_model);
        LoraApplier reversed;
        reversed.apply(*m_model, {{comfy, -0.4}, {peft, 0.7}}, LoraMode(mode), c10::kCPU, at::kFloat);
        QVERIFY(at::equal(forward(*m_model), forwardOrder));
        reversed.restore(*m_model);
    }

    void appliesTheMatchingHalfOfAPartialLora()
    {
        auto half = resolved(test::loraFixture("bad/half_match.safetensors"));
        QCOMPARE(int(half->modules.size()), 8);
        QCOMPARE(int(half->skipped.size()), 8);
        QVERIFY2(half->partialMatchWarning().find("8 of 16 modules matched, 8 skipped") != std::string::npos,
                 half->partialMatchWarning().c_str());
        SafetensorsReader golden(test::loraFixture("golden/bad_half_match.safetensors"));
        LoraApplier applier;
        applier.apply(*m_model, {{half, 1.0}}, LoraMode::Merge, c10::kCPU, at::kFloat);
        FRAMESMITH_EXPECT_PARITY("output", forward(*m_model), golden.view("output"), kOutputAtol);
        applier.restore(*m_model);
    }

    void restoresTheLoadedModel()
    {
        SafetensorsReader base(test::loraFixture("golden/wan_base.safetensors"));
        FRAMESMITH_EXPECT_PARITY("base_output", forward(*m_model), base.view("base_output"), kOutputAtol);
    }
};

FRAMESMITH_TEST_GUILESS_MAIN(tst_WanLora)

} // namespace tst_WanLora
#include "tst_WanLora.moc"
