// The T5 tokenizer against the reference ids (golden/tokenizer.{json,safetensors}): every prompt,
// every model folder, plus truncation reporting and the edge rules of T5Tokenizer.
#include "support/TestPaths.h"

#include "framesmith/Error.h"
#include "io/SafetensorsReader.h"
#include "text/T5Tokenizer.h"
#include "support/TestRegistry.h"

#include <ATen/ATen.h>
#include <nlohmann/json.hpp>

#include <QDir>
#include <QFile>
#include <QTemporaryDir>
#include <QTest>

#include <fstream>

namespace tst_T5Tokenizer {

using framesmith::T5Tokenizer;
using framesmith::test::cogvideoxFixture;

namespace {

const nlohmann::json& goldenCases()
{
    static const nlohmann::json json = [] {
        std::ifstream in(cogvideoxFixture("golden/tokenizer.json"));
        return nlohmann::json::parse(in);
    }();
    return json;
}

const T5Tokenizer& tinyTokenizer()
{
    static const T5Tokenizer tokenizer = T5Tokenizer::fromFolder(cogvideoxFixture("models/tiny-2b/tokenizer"));
    return tokenizer;
}

std::vector<std::int64_t> toIds(const nlohmann::json& array)
{
    return array.get<std::vector<std::int64_t>>();
}

QString describe(const std::vector<std::int64_t>& port, const std::vector<std::int64_t>& golden)
{
    std::size_t i = 0;
    while (i < port.size() && i < golden.size() && port[i] == golden[i])
        ++i;
    return QString("lengths %1 vs %2, first difference at %3 (port %4, golden %5)")
        .arg(port.size())
        .arg(golden.size())
        .arg(i)
        .arg(i < port.size() ? QString::number(port[i]) : "-")
        .arg(i < golden.size() ? QString::number(golden[i]) : "-");
}

} // namespace

class tst_T5Tokenizer : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void matchesGoldenIdsForEveryPrompt_data()
    {
        QTest::addColumn<int>("row");
        const auto& cases = goldenCases()["cases"];
        for (std::size_t i = 0; i < cases.size(); ++i)
            QTest::newRow(cases[i]["name"].get<std::string>().c_str()) << static_cast<int>(i);
    }

    void matchesGoldenIdsForEveryPrompt()
    {
        QFETCH(int, row);
        const auto& c = goldenCases()["cases"][static_cast<std::size_t>(row)];
        const std::string text = c["text"].get<std::string>();
        const auto tokens = tinyTokenizer().encode(text, goldenCases()["max_length"].get<int>());
        QVERIFY2(tokens.ids == toIds(c["input_ids"]), qPrintable(describe(tokens.ids, toIds(c["input_ids"]))));
        QVERIFY(tokens.attentionMask == toIds(c["attention_mask"]));
        QCOMPARE(tokens.tokenCount, c["num_tokens"].get<int>());
        const auto untruncated = tinyTokenizer().encodeUntruncated(text);
        QVERIFY2(untruncated == toIds(c["untruncated_ids"]), qPrintable(describe(untruncated, toIds(c["untruncated_ids"]))));
        QCOMPARE(tokens.truncatedCount, static_cast<int>(untruncated.size()) - tokens.tokenCount);
        QVERIFY(tinyTokenizer().tokenize(text) == c["pieces"].get<std::vector<std::string>>());
    }

    void matchesGoldenSafetensorsRows()
    {
        framesmith::SafetensorsReader golden(cogvideoxFixture("golden/tokenizer.safetensors"));
        const at::Tensor ids = golden.view("input_ids");       // [N, 226]
        const at::Tensor mask = golden.view("attention_mask"); // [N, 226]
        const auto& cases = goldenCases()["cases"];
        QCOMPARE(ids.size(0), static_cast<std::int64_t>(cases.size()));
        for (std::size_t i = 0; i < cases.size(); ++i) {
            const auto tokens = tinyTokenizer().encode(cases[i]["text"].get<std::string>());
            const auto row = static_cast<std::int64_t>(i);
            QVERIFY2(at::equal(at::tensor(tokens.ids), ids[row]), cases[i]["name"].get<std::string>().c_str());
            QVERIFY(at::equal(at::tensor(tokens.attentionMask), mask[row]));
        }
    }

    void everyModelFolderTokenizesAlike_data()
    {
        QTest::addColumn<QString>("variant");
        for (const char* v : {"tiny-2b", "tiny-5b", "tiny-5b-i2v", "tiny-1.5-i2v"})
            QTest::newRow(v) << v;
    }

    void everyModelFolderTokenizesAlike()
    {
        QFETCH(QString, variant);
        const auto tokenizer = T5Tokenizer::fromFolder(cogvideoxFixture("models/" + variant.toStdString() + "/tokenizer"));
        for (const auto& c : goldenCases()["cases"])
            QVERIFY(tokenizer.encode(c["text"].get<std::string>()).ids == toIds(c["input_ids"]));
    }

    void reportsTruncatedTokensOfALongPrompt()
    {
        std::string prompt;
        for (int i = 0; i < 80; ++i)
            prompt += "A panda plays a guitar. ";
        const auto untruncated = tinyTokenizer().encodeUntruncated(prompt);
        QVERIFY(untruncated.size() > 226);
        const auto tokens = tinyTokenizer().encode(prompt);
        QCOMPARE(tokens.tokenCount, 226);
        QCOMPARE(tokens.truncatedCount, static_cast<int>(untruncated.size()) - 226);
        QCOMPARE(tokens.ids.back(), tinyTokenizer().eosId()); // 225 prompt tokens + </s>
        QVERIFY(std::equal(tokens.ids.begin(), tokens.ids.end() - 1, untruncated.begin()));
    }

    void promptThatFitsIsNotTruncated()
    {
        const auto tokens = tinyTokenizer().encode("A panda plays a guitar.");
        QCOMPARE(tokens.truncatedCount, 0);
        QVERIFY(tokens.tokenCount > 1 && tokens.tokenCount < 226);
        QCOMPARE(tokens.ids[static_cast<std::size_t>(tokens.tokenCount) - 1], tinyTokenizer().eosId());
        QCOMPARE(tokens.ids[static_cast<std::size_t>(tokens.tokenCount)], tinyTokenizer().padId());
    }

    void honoursShorterMaxLength()
    {
        const auto tokens = tinyTokenizer().encode("A golden retriever runs across a sunny beach", 5);
        QCOMPARE(tokens.ids.size(), std::size_t(5));
        QCOMPARE(tokens.tokenCount, 5);
        QCOMPARE(tokens.ids[4], tinyTokenizer().eosId());
        QVERIFY(tokens.truncatedCount > 0);
        QVERIFY_THROWS_EXCEPTION(framesmith::InvalidRequestError, tinyTokenizer().encode("x", 0));
    }

    void doesNotAppendASecondEos()
    {
        const auto ids = tinyTokenizer().encodeUntruncated("A robot </s>");
        QCOMPARE(ids.back(), tinyTokenizer().eosId());
        QVERIFY(ids[ids.size() - 2] != tinyTokenizer().eosId());
    }

    void addedTokensSplitBeforeSentencePiece()
    {
        // Each chunk gets its own dummy prefix; the <extra_id_N> strip rules accept U+3000 as space.
        const std::vector<std::string> expected{"\xe2\x96\x81in", "<extra_id_1>", "\xe2\x96\x81the", "</s>"};
        QVERIFY(tinyTokenizer().tokenize("in\u3000<extra_id_1>  the</s>") == expected);
        const auto ids = tinyTokenizer().encodeUntruncated("<extra_id_99><pad><unk>");
        QVERIFY(ids == (std::vector<std::int64_t>{480, 0, 2, 1})); // 479 + 100 - 99, then </s> appended
    }

    void refusesAHostileExtraIdCount()
    {
        // extra_ids sizes a table of added tokens: 2^31 - 1 of them would exhaust memory.
        QTemporaryDir dir;
        const QString tokenizer = dir.filePath("tokenizer");
        QVERIFY(QDir().mkpath(tokenizer));
        const QString source = QString::fromStdString(cogvideoxFixture("models/tiny-2b/tokenizer"));
        for (const QString& name : QDir(source).entryList(QDir::Files))
            QVERIFY(QFile::copy(source + "/" + name, tokenizer + "/" + name));
        const std::string configPath = (tokenizer + "/tokenizer_config.json").toStdString();
        nlohmann::json config = nlohmann::json::parse(std::ifstream(configPath));
        config["extra_ids"] = 2147483647;
        QFile::remove(QString::fromStdString(configPath));
        std::ofstream(configPath) << config.dump();
        try {
            T5Tokenizer::fromFolder(tokenizer.toStdString());
            QFAIL("accepted");
        } catch (const framesmith::FileError& e) {
            QVERIFY2(QString(e.what()).contains("extra_ids"), e.what());
        }
    }

    void missingFolderNamesThePath()
    {
        try {
            T5Tokenizer::fromFolder("/nonexistent/tokenizer");
            QFAIL("expected an error");
        } catch (const framesmith::FileError& e) {
            QCOMPARE(e.code(), framesmith::ErrorCode::MissingFile);
            QVERIFY(QString(e.what()).contains("/nonexistent/tokenizer"));
        }
    }
};

FRAMESMITH_TEST_GUILESS_MAIN(tst_T5Tokenizer)

} // namespace tst_T5Tokenizer
#include "tst_T5Tokenizer.moc"
