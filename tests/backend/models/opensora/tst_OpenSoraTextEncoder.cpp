// Open-Sora's text path against golden/text_encoder.{safetensors,json}: prepared prompts, token
// ids and masks exact, y within the fixture's atol 5e-4 (rtol 1e-4), through the class and the
// eval function; T5 runs with the mask (padding changes nothing in the rows that count).
#include "support/TensorParity.h"
#include "support/TestPaths.h"

#include "framesmith/Error.h"
#include "io/SafetensorsReader.h"
#include "models/opensora/OpenSoraTextEncoder.h"
#include "models/opensora/OpenSoraTextEncoderEval.h"
#include "text/T5Encoder.h"
#include "support/TestRegistry.h"

#include <ATen/ATen.h>
#include <ATen/core/grad_mode.h>

#include <QTest>

#include <fstream>

namespace tst_OpenSoraTextEncoder {

using framesmith::OpenSoraTextEncoder;

namespace {

constexpr double kTextEncoderAtol = 5e-4; // fixture README: text encoder y

std::string fixture(const std::string& relative)
{
    return framesmith::test::fixturesDir() + "/opensora/" + relative;
}

const framesmith::SafetensorsReader& golden()
{
    static const framesmith::SafetensorsReader reader(fixture("golden/text_encoder.safetensors"));
    return reader;
}

nlohmann::json goldenTexts()
{
    std::ifstream in(fixture("golden/text_encoder.json"));
    return nlohmann::json::parse(in);
}

std::vector<std::string> preparedGoldenPrompts()
{
    std::vector<std::string> prepared;
    const nlohmann::json texts = goldenTexts();
    for (const auto& c : texts.at("cases"))
        prepared.push_back(c.at("after_text_preprocessing").get<std::string>());
    return prepared;
}

OpenSoraTextEncoder& encoder()
{
    static OpenSoraTextEncoder model(fixture("models/DeepFloyd/t5-v1_1-xxl"), c10::Device(c10::kCPU), at::kFloat);
    return model;
}

} // namespace

class tst_OpenSoraTextEncoder : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void preparePromptMatchesTheReference()
    {
        const nlohmann::json texts = goldenTexts();
        for (const auto& c : texts.at("cases")) {
            const std::optional<double> aes = c["aes"].is_null() ? std::nullopt : std::optional<double>(c["aes"].get<double>());
            const std::optional<double> flow = c["flow"].is_null() ? std::nullopt : std::optional<double>(c["flow"].get<double>());
            QCOMPARE(OpenSoraTextEncoder::preparePrompt(c["raw"].get<std::string>(), aes, flow),
                     c["after_text_preprocessing"].get<std::string>());
        }
        QCOMPARE(OpenSoraTextEncoder::preparePrompt("A Cat", 6.5, std::nullopt), std::string("a cat aesthetic score: 6.5."));
    }

    void encodeMatchesGolden()
    {
        const auto embedding = encoder().encode(preparedGoldenPrompts());
        QVERIFY(at::equal(embedding.inputIds, golden().view("input_ids")));
        QVERIFY(at::equal(embedding.mask.cpu(), golden().view("attention_mask")));
        QCOMPARE(embedding.y.sizes(), golden().view("y").sizes());
        QCOMPARE(embedding.y.scalar_type(), at::kFloat);
        FRAMESMITH_EXPECT_PARITY("y", embedding.y, golden().view("y"), kTextEncoderAtol);
        qInfo("%s", framesmith::test::compareTensors("y", embedding.y, golden().view("y"), kTextEncoderAtol).message.c_str());
        // token counts from the json (the long prompt is cut to 299 tokens + </s>)
        const auto cases = goldenTexts().at("cases");
        for (std::size_t i = 0; i < cases.size(); ++i)
            QCOMPARE(embedding.mask[static_cast<std::int64_t>(i)].sum().item<std::int64_t>(),
                     cases[i].at("num_tokens").get<std::int64_t>());
    }

    void evalFunctionReturnsEveryOutput()
    {
        const nlohmann::json meta = nlohmann::json::parse(golden().metadata().at("json"));
        const auto out = framesmith::OpenSoraTextEncoderEval::run(fixture("models"), golden(), meta);
        QCOMPARE(out.size(), std::size_t(3));
        QVERIFY(at::equal(out.at("input_ids"), golden().view("input_ids")));
        QVERIFY(at::equal(out.at("attention_mask"), golden().view("attention_mask")));
        FRAMESMITH_EXPECT_PARITY("y", out.at("y"), golden().view("y"), kTextEncoderAtol);
        // Prompts may also be spelled out in the metadata.
        nlohmann::json inline_ = meta;
        inline_["prompts"] = nlohmann::json::array({{{"raw", "A Dog"}, {"aes", 6.5}, {"flow", nullptr}}});
        const auto prompts = framesmith::OpenSoraTextEncoderEval::promptsOf(golden(), inline_);
        QCOMPARE(prompts.size(), std::size_t(1));
        QCOMPARE(prompts[0].raw, std::string("A Dog"));
        QVERIFY(!prompts[0].flowScore);
    }

    void maskMakesPaddingIrrelevant()
    {
        // With the mask, the real tokens' rows do not depend on the padding length.
        at::NoGradGuard noGrad;
        const auto embedding = encoder().encode({"a red fox in the snow. aesthetic score: 6.5."});
        const std::int64_t tokens = embedding.mask.sum().item<std::int64_t>();
        const at::Tensor ids = embedding.inputIds.narrow(1, 0, tokens + 5);
        const at::Tensor mask = embedding.mask.narrow(1, 0, tokens + 5);
        const at::Tensor shorter = encoder().model().forward(ids, mask);
        FRAMESMITH_EXPECT_PARITY("masked rows", shorter.narrow(1, 0, tokens),
                                 embedding.y.select(1, 0).narrow(1, 0, tokens), 1e-5);
    }

    void refusesNoPrompts()
    {
        QVERIFY_THROWS_EXCEPTION(framesmith::InvalidRequestError, encoder().encode({}));
    }
};

FRAMESMITH_TEST_GUILESS_MAIN(tst_OpenSoraTextEncoder)

} // namespace tst_OpenSoraTextEncoder
#include "tst_OpenSoraTextEncoder.moc"
