// framesmith-cli's text commands end to end: `tokenize` JSON, `eval tokenizer` and
// `eval text-encoder` on the golden cases, compared with the golden tensors.
#include "support/CliRun.h"
#include "support/FixturePath.h"
#include "support/TensorParity.h"
#include "support/TestPaths.h"

#include "io/SafetensorsReader.h"

#include <ATen/ATen.h>
#include <nlohmann/json.hpp>

#include <QTemporaryDir>
#include <QTest>

using framesmith::test::CliRun;
using framesmith::test::cogvideoxFixture;
using framesmith::test::fixturePath;
using framesmith::test::runCli;
using framesmith::test::separateChannels;

class tst_TextCli : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void tokenizePrintsIdsAndCounts()
    {
        const CliRun run = runCli({"tokenize", "--model", fixturePath("cogvideox/models/tiny-2b"), "A robot <extra_id_0> paints",
                                   ""},
                                  separateChannels());
        QVERIFY2(run.exitCode == 0, qPrintable(run.error));
        const auto json = nlohmann::json::parse(run.output.toStdString());
        QCOMPARE(json.size(), std::size_t(2));
        QCOMPARE(json[0]["ids"].size(), std::size_t(226));
        QCOMPARE(json[0]["ids"][2].get<int>(), 579);
        QCOMPARE(json[1]["tokenCount"].get<int>(), 1);
        QCOMPARE(json[1]["truncatedCount"].get<int>(), 0);
    }

    void tokenizeAcceptsTheTokenizerFolderAndReportsTruncation()
    {
        QString longPrompt;
        for (int i = 0; i < 100; ++i)
            longPrompt += "A panda plays a guitar. ";
        const CliRun run =
            runCli({"tokenize", "--model", fixturePath("cogvideox/models/tiny-5b/tokenizer"), longPrompt}, separateChannels());
        QVERIFY2(run.exitCode == 0, qPrintable(run.error));
        const auto json = nlohmann::json::parse(run.output.toStdString());
        QCOMPARE(json[0]["tokenCount"].get<int>(), 226);
        QVERIFY(json[0]["truncatedCount"].get<int>() > 0);
    }

    void tokenizeWithoutAModelIsBadInput()
    {
        const CliRun run = runCli({"tokenize", "--model", "/nonexistent", "text"}, separateChannels());
        QCOMPARE(run.exitCode, 2);
        QVERIFY2(run.error.contains("/nonexistent"), qPrintable(run.error));
    }

    void evalTextEncoderMatchesGolden()
    {
        QTemporaryDir dir;
        const QString out = dir.filePath("out.safetensors");
        const CliRun run = runCli({"eval", "text-encoder", "--model", fixturePath("cogvideox/models/tiny-2b"), "--case",
                                   fixturePath("cogvideox/golden/text_encoder.safetensors"), "--out", out},
                                  separateChannels());
        QVERIFY2(run.exitCode == 0, qPrintable(run.error));
        const framesmith::SafetensorsReader port(out.toStdString());
        const framesmith::SafetensorsReader golden(cogvideoxFixture("golden/text_encoder.safetensors"));
        for (const char* name : {"prompt_embeds", "prompt_embeds_with_attention_mask"}) {
            QVERIFY2(port.find(name), name);
            FRAMESMITH_EXPECT_PARITY(name, port.view(name), golden.view(name), 5e-4);
        }
    }

    void evalTokenizerMatchesGolden()
    {
        QTemporaryDir dir;
        const QString out = dir.filePath("out.safetensors");
        const CliRun run = runCli({"eval", "tokenizer", "--model", fixturePath("cogvideox/models/tiny-1.5-i2v"), "--case",
                                   fixturePath("cogvideox/golden/tokenizer.safetensors"), "--out", out},
                                  separateChannels());
        QVERIFY2(run.exitCode == 0, qPrintable(run.error));
        const framesmith::SafetensorsReader port(out.toStdString());
        const framesmith::SafetensorsReader golden(cogvideoxFixture("golden/tokenizer.safetensors"));
        QVERIFY(at::equal(port.view("input_ids"), golden.view("input_ids")));
        QVERIFY(at::equal(port.view("attention_mask"), golden.view("attention_mask")));
    }
};

QTEST_GUILESS_MAIN(tst_TextCli)
#include "tst_TextCli.moc"
