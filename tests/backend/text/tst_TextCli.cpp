// framesmith-cli's text commands end to end: `tokenize` JSON, `eval tokenizer` and
// `eval text-encoder` on the golden cases, compared with the golden tensors.
#include "support/TensorParity.h"
#include "support/TestPaths.h"

#include "io/SafetensorsReader.h"
#include "support/TestRegistry.h"

#include <ATen/ATen.h>
#include <nlohmann/json.hpp>

#include <QProcess>
#include <QTemporaryDir>
#include <QTest>

namespace tst_TextCli {

using framesmith::test::cogvideoxFixture;

namespace {

struct CliRun {
    int exitCode = -1;
    QByteArray out, err;
};

CliRun runCli(const QStringList& arguments)
{
    QProcess process;
    process.start(QString::fromStdString(framesmith::test::binaryDir()) + "/bin/framesmith-cli", arguments);
    process.waitForFinished(300000);
    return {process.exitCode(), process.readAllStandardOutput(), process.readAllStandardError()};
}

QString fixture(const std::string& relative)
{
    return QString::fromStdString(cogvideoxFixture(relative));
}

} // namespace

class tst_TextCli : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void tokenizePrintsIdsAndCounts()
    {
        const CliRun run = runCli({"tokenize", "--model", fixture("models/tiny-2b"), "A robot <extra_id_0> paints", ""});
        QVERIFY2(run.exitCode == 0, run.err.constData());
        const auto json = nlohmann::json::parse(run.out.toStdString());
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
        const CliRun run = runCli({"tokenize", "--model", fixture("models/tiny-5b/tokenizer"), longPrompt});
        QVERIFY2(run.exitCode == 0, run.err.constData());
        const auto json = nlohmann::json::parse(run.out.toStdString());
        QCOMPARE(json[0]["tokenCount"].get<int>(), 226);
        QVERIFY(json[0]["truncatedCount"].get<int>() > 0);
    }

    void tokenizeWithoutAModelIsBadInput()
    {
        const CliRun run = runCli({"tokenize", "--model", "/nonexistent", "text"});
        QCOMPARE(run.exitCode, 2);
        QVERIFY2(run.err.contains("/nonexistent"), run.err.constData());
    }

    void evalTextEncoderMatchesGolden()
    {
        QTemporaryDir dir;
        const QString out = dir.filePath("out.safetensors");
        const CliRun run = runCli({"eval", "text-encoder", "--model", fixture("models/tiny-2b"), "--case",
                                   fixture("golden/text_encoder.safetensors"), "--out", out});
        QVERIFY2(run.exitCode == 0, run.err.constData());
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
        const CliRun run = runCli({"eval", "tokenizer", "--model", fixture("models/tiny-1.5-i2v"), "--case",
                                   fixture("golden/tokenizer.safetensors"), "--out", out});
        QVERIFY2(run.exitCode == 0, run.err.constData());
        const framesmith::SafetensorsReader port(out.toStdString());
        const framesmith::SafetensorsReader golden(cogvideoxFixture("golden/tokenizer.safetensors"));
        QVERIFY(at::equal(port.view("input_ids"), golden.view("input_ids")));
        QVERIFY(at::equal(port.view("attention_mask"), golden.view("attention_mask")));
    }
};

FRAMESMITH_TEST_GUILESS_MAIN(tst_TextCli)

} // namespace tst_TextCli
#include "tst_TextCli.moc"
