// LoRAs in the memory plan (from their headers only): merged, the copy of the largest touched
// weight beside the loaded one; side path, every LoRA matrix in the compute dtype beside the
// transformer and each Linear's products while it runs; no LoRA, the model's own figures.
#include "models/lora/LoraPlanning.h"
#include "memory/presets/MemoryLevers.h"
#include "models/ModelRegistry.h"
#include "support/LoraFixtures.h"
#include "support/TestPaths.h"
#include "support/TestRegistry.h"

#include <QtTest/QtTest>

namespace tst_LoraPlanning {

using namespace framesmith;

namespace {

GenerationRequest request(const std::vector<std::string>& loras)
{
    GenerationRequest r;
    r.modelPath = test::cogvideoxFixture("models/tiny-2b");
    r.width = 96;
    r.height = 64;
    r.frameCount = 9;
    for (const std::string& file : loras) {
        LoraSpec lora;
        lora.file = test::loraFixture(file);
        r.loras.push_back(lora);
    }
    return r;
}

MemoryPreset presetOf(const std::vector<std::string>& strategies)
{
    MemoryPreset p;
    p.dtype = ComputeDtype::BFloat16;
    for (const std::string& s : strategies)
        addStrategy(p, s);
    return p;
}

} // namespace

class tst_LoraPlanning : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void countsNothingWithoutLoras()
    {
        const GenerationRequest r = request({});
        auto model = LoraPlanning::wrap(ModelRegistry::planning(r.modelPath), r);
        QVERIFY(!dynamic_cast<LoraPlanning*>(model.get()));
        QVERIFY(LoraPlanning::describe(*model, r, presetOf({})).empty());
    }

    void countsTheirBytesPerMode()
    {
        // cog_peft_r4: 12 modules of rank 4; 8 are [64, 64] (attention), 2 [256, 64], 2 [64, 256].
        const LoraBytes bytes = LoraBytes::of(request({"loras/cog_peft_r4.safetensors"}).loras);
        QCOMPARE(bytes.count, 1);
        QCOMPARE(bytes.maxRank, std::int64_t(4));
        QCOMPARE(bytes.maxOutFeatures, std::int64_t(256));
        QCOMPARE(bytes.largestTouched, std::int64_t(256 * 64));
        QCOMPARE(bytes.elements, std::int64_t(8 * 4 * (64 + 64) + 4 * 4 * (256 + 64)));

        GenerationRequest r = request({"loras/cog_peft_r4.safetensors", "loras/cog_peft_metadata_r8.safetensors"});
        const auto base = ModelRegistry::planning(r.modelPath);
        auto model = LoraPlanning::wrap(ModelRegistry::planning(r.modelPath), r);
        QVERIFY(dynamic_cast<LoraPlanning*>(model.get()));
        const LoraBytes both = LoraBytes::of(r.loras);

        const MemoryPreset resident = presetOf({"transformer-resident"});
        QCOMPARE(model->footprint(resident).denoiser().bytes() - base->footprint(resident).denoiser().bytes(),
                 both.largestTouched * 2); // bf16: one merged copy in flight
        r.resolvedPreset = resident;
        QCOMPARE(model->denoiseBytes(r, 2, ComputeDtype::BFloat16, AttentionPath::ChunkedMath),
                 base->denoiseBytes(r, 2, ComputeDtype::BFloat16, AttentionPath::ChunkedMath));
        QVERIFY(QString::fromStdString(LoraPlanning::describe(*model, r, resident)).startsWith("2 LoRAs, "));

        const MemoryPreset streamed = presetOf({"block-streaming"});
        QCOMPARE(model->footprint(streamed).denoiser().baseBytes - base->footprint(streamed).denoiser().baseBytes,
                 both.elements * 2);
        r.resolvedPreset = streamed;
        const std::int64_t tokens = base->denoiseSequenceLength(r);
        QVERIFY(tokens > 226); // the text and the video's patches
        QCOMPARE(model->denoiseBytes(r, 2, ComputeDtype::BFloat16, AttentionPath::ChunkedMath) -
                     base->denoiseBytes(r, 2, ComputeDtype::BFloat16, AttentionPath::ChunkedMath),
                 2 * tokens * (both.maxRank + both.maxOutFeatures) * 2);
        QVERIFY2(LoraPlanning::describe(*model, r, streamed).find("side path") != std::string::npos,
                 LoraPlanning::describe(*model, r, streamed).c_str());
    }

    // Wan 2.2 A14B has two expert transformers, loaded one at a time: a LoRA without @high/@low
    // goes on both, so each expert's figure counts it; @high and @low count on their expert only.
    void countsALoraOnEachExpertThatTakesIt_data()
    {
        QTest::addColumn<QString>("expert");
        QTest::addColumn<bool>("onHigh");
        QTest::addColumn<bool>("onLow");
        QTest::newRow("both") << "" << true << true;
        QTest::newRow("@high") << "high" << true << false;
        QTest::newRow("@low") << "low" << false << true;
    }
    void countsALoraOnEachExpertThatTakesIt()
    {
        QFETCH(QString, expert);
        QFETCH(bool, onHigh);
        QFETCH(bool, onLow);
        GenerationRequest r = request({"loras/wan_peft_r4.safetensors"});
        r.modelPath = test::fixturesDir() + "/wan/models/wan2.2-a14b";
        r.width = 48;
        r.height = 32;
        r.loras[0].expert = expert.toStdString();
        const auto base = ModelRegistry::planning(r.modelPath);
        auto model = LoraPlanning::wrap(ModelRegistry::planning(r.modelPath), r);
        const LoraBytes bytes = LoraBytes::of(r.loras);
        QVERIFY(bytes.elements > 0);
        for (const MemoryPreset& preset : {presetOf({"transformer-resident"}), presetOf({"block-streaming"})}) {
            const ModelFootprint with = model->footprint(preset), without = base->footprint(preset);
            const std::int64_t resting = dynamic_cast<const LoraPlanning&>(*model).restingBytes(preset);
            QVERIFY(resting > 0);
            QCOMPARE(with.find("transformer")->bytes() - without.find("transformer")->bytes(), onHigh ? resting : 0);
            QCOMPARE(with.find("transformer_2")->bytes() - without.find("transformer_2")->bytes(), onLow ? resting : 0);
        }
    }
};

FRAMESMITH_TEST_GUILESS_MAIN(tst_LoraPlanning)

} // namespace tst_LoraPlanning
#include "tst_LoraPlanning.moc"
