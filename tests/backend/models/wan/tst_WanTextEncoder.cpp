// Wan's text side against golden/text_encoder (WanPipeline._get_t5_prompt_embeds, diffusers 0.36 with
// transformers' T5Tokenizer and UMT5EncoderModel, float32) for its nine prompts: every cleaning stage
// and the token ids exactly, UMT5's last hidden state and the zero-padded prompt embeddings within the
// README's text-encoder tolerance (1e-4 + 1e-4 relative); the zero rows are exactly zero.
#include "framesmith/Error.h"
#include "io/SafetensorsReader.h"
#include "models/wan/text/WanPromptCleaner.h"
#include "models/wan/text/WanTextEncoder.h"
#include "support/TensorParity.h"
#include "text/T5Encoder.h"
#include "WanFixtures.h"
#include "support/TestRegistry.h"

#include <ATen/ATen.h>
#include <ATen/core/grad_mode.h>
#include <QtTest/QtTest>

#include <fstream>

namespace tst_WanTextEncoder {

using namespace framesmith;

namespace {

constexpr double kAtol = 1e-4; // README: text encoder

nlohmann::json goldenJson()
{
    std::ifstream in(test::wanFixture("golden/text_encoder.json"));
    return nlohmann::json::parse(in);
}

std::vector<std::string> rawPrompts(const nlohmann::json& golden)
{
    std::vector<std::string> raw;
    for (const auto& c : golden.at("cases"))
        raw.push_back(c.at("raw").get<std::string>());
    return raw;
}

} // namespace

class TestWanTextEncoder : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void cleansEveryPromptLikeThePipeline()
    {
        const auto golden = goldenJson();
        QCOMPARE(golden.at("cases").size(), std::size_t{9});
        for (const auto& c : golden.at("cases")) {
            const auto stages = WanPromptCleaner::stages(c.at("raw").get<std::string>());
            const QByteArray name = QByteArray::fromStdString(c.at("name").get<std::string>());
            QVERIFY2(stages.afterFixText == c.at("after_ftfy_fix_text").get<std::string>(), name + " ftfy");
            QVERIFY2(stages.afterUnescapeTwice == c.at("after_html_unescape_twice").get<std::string>(), name + " html");
            QVERIFY2(stages.cleaned == c.at("after_prompt_clean").get<std::string>(), name + " prompt_clean");
        }
    }

    // Beyond the golden prompts: entities unescaped twice, every Unicode space run collapsed; the
    // separators U+001C..U+001F (where re's and the regex module's \s differ) never reach
    // whitespace_clean, since ftfy's remove_control_chars drops them first.
    void collapsesWhitespaceAfterFtfy()
    {
        QCOMPARE(WanPromptCleaner::clean("  &amp;amp;  x\u3000y\u2028 z "), std::string("& x y z"));
        QCOMPARE(WanPromptCleaner::clean("\x1c a \x1d\t b\n\n\x1f"), std::string("a b"));
    }

    void tokenizesExactly()
    {
        const auto golden = goldenJson();
        const SafetensorsReader tensors(test::wanFixture("golden/text_encoder.safetensors"));
        const T5Tokenizer tokenizer = T5Tokenizer::fromFolder(test::wanFixture(golden.at("tokenizer_dir").get<std::string>()));
        const at::Tensor ids = tensors.view("input_ids"), mask = tensors.view("attention_mask"); // [9, 512]
        const int maxLength = golden.at("max_sequence_length").get<int>();
        QCOMPARE(maxLength, WanTextEncoder::kMaxSequenceLength);
        for (std::size_t i = 0; i < golden.at("cases").size(); ++i) {
            const auto& c = golden.at("cases")[i];
            const TokenizedText tokens = tokenizer.encode(c.at("after_prompt_clean").get<std::string>(), maxLength);
            const QByteArray name = QByteArray::fromStdString(c.at("name").get<std::string>());
            QCOMPARE(tokens.tokenCount, c.at("num_tokens").get<int>());
            QCOMPARE(tokens.truncatedCount > 0, c.at("truncated").get<bool>());
            const auto expected = c.at("input_ids").get<std::vector<std::int64_t>>();
            QVERIFY2(std::equal(expected.begin(), expected.end(), tokens.ids.begin()), name + " ids (json)");
            QVERIFY2(at::equal(at::tensor(tokens.ids, at::kLong), ids[static_cast<std::int64_t>(i)]), name + " ids");
            QVERIFY2(at::equal(at::tensor(tokens.attentionMask, at::kLong), mask[static_cast<std::int64_t>(i)]),
                     name + " mask");
        }
    }

    void encodesLikeUmt5WithZeroRowsPastEachPrompt()
    {
        const auto golden = goldenJson();
        const SafetensorsReader tensors(test::wanFixture("golden/text_encoder.safetensors"));
        const std::string modelDir = test::wanFixture(test::wanMetadata(tensors).at("model_dir").get<std::string>());
        const WanTextEncoder encoder(modelDir, at::kCPU, at::kFloat);
        QVERIFY(encoder.model().config().hasRelativeBiasPerLayer); // config.json: model_type "umt5"
        const WanTextEmbedding out = encoder.encode(rawPrompts(golden));
        QVERIFY(at::equal(out.inputIds, tensors.view("input_ids")));
        QVERIFY(at::equal(out.attentionMask, tensors.view("attention_mask")));
        FRAMESMITH_EXPECT_PARITY("last_hidden_state", out.lastHiddenState, tensors.view("last_hidden_state"), kAtol);
        FRAMESMITH_EXPECT_PARITY("prompt_embeds", out.promptEmbeds, tensors.view("prompt_embeds"), kAtol);
        const at::Tensor padding = (out.attentionMask == 0).unsqueeze(-1).expand_as(out.promptEmbeds);
        QVERIFY(at::equal(out.promptEmbeds.masked_select(padding), at::zeros({padding.sum().item<std::int64_t>()})));
    }

    // T5's structure (block 0's bias shared by every block) on the same weights misses the golden by
    // far more than the tolerance, so the parity above tells the two apart.
    void sharedBiasWouldMissTheGolden()
    {
        const SafetensorsReader golden(test::wanFixture("golden/text_encoder.safetensors"));
        const std::string dir = test::wanFixture("models/wan2.1-t2v/text_encoder");
        T5Config t5 = T5Config::fromFile(dir + "/config.json");
        t5.hasRelativeBiasPerLayer = false;
        auto shared = std::make_shared<T5Encoder>(t5);
        const SafetensorsReader weights(dir + "/model.safetensors");
        for (auto& slot : shared->parameters())
            *slot.tensor = weights.view(slot.name).clone();
        at::NoGradGuard noGrad;
        const at::Tensor out = shared->forward(golden.view("input_ids"), golden.view("attention_mask"));
        const double gap = (out - golden.view("last_hidden_state")).abs().max().item<double>();
        QVERIFY2(gap > 1e-2, qPrintable(QString("T5 structure only %1 away").arg(gap)));
    }

    void refusesNoPrompt()
    {
        const WanTextEncoder encoder(test::wanFixture("models/wan2.1-t2v"), at::kCPU, at::kFloat);
        QVERIFY_THROWS_EXCEPTION(InvalidRequestError, encoder.encode({}));
        QVERIFY_THROWS_EXCEPTION(InvalidRequestError, encoder.encode({"a"}, 0));
    }
};

FRAMESMITH_TEST_GUILESS_MAIN(TestWanTextEncoder)

} // namespace tst_WanTextEncoder
#include "tst_WanTextEncoder.moc"
