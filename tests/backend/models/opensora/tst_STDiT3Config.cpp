// STDiT3 config parsing: the fixture and full-size configs, the reference defaults, and bounds
// checked at read time with the key, value and bound named.
#include "framesmith/Error.h"
#include "models/opensora/transformer/STDiT3Config.h"
#include "support/TestPaths.h"
#include "support/TestRegistry.h"

#include <QtTest/QtTest>

#include <filesystem>
#include <fstream>

namespace tst_STDiT3Config {

using namespace framesmith;

namespace {

std::string fixture(const std::string& relative) { return test::fixturesDir() + "/opensora/" + relative; }

QString errorOf(const std::string& json)
{
    try {
        STDiT3Config::fromJson(json, "cfg.json");
    } catch (const Error& e) {
        return e.what();
    }
    return {};
}

} // namespace

class TestSTDiT3Config : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void readsTheTinyFixture()
    {
        auto c = STDiT3Config::fromFile(fixture("models/hpcai-tech/OpenSora-STDiT-v3/config.json"));
        QCOMPARE(c.hiddenSize, 32);
        QCOMPARE(c.depth, 2);
        QCOMPARE(c.numHeads, 2);
        QCOMPARE(c.headDim(), 16);
        QCOMPARE(c.mlpHidden(), 128);
        QCOMPARE(c.captionChannels, 32);
        QCOMPARE(c.outChannels(), 8);
        QCOMPARE(c.ropeFrequencies(), 8);
        QCOMPARE(c.patchSize, (std::array<int, 3>{1, 2, 2}));
        QVERIFY(c.qkNorm);
    }

    void readsTheFullSizeConfig()
    {
        auto c = STDiT3Config::fromFile(fixture("full-size-configs/hpcai-tech/OpenSora-STDiT-v3/config.json"));
        QCOMPARE(c.hiddenSize, 1152);
        QCOMPARE(c.depth, 28);
        QCOMPARE(c.numHeads, 16);
        QCOMPARE(c.headDim(), 72);
        QCOMPARE(c.captionChannels, 4096);
        QCOMPARE(c.modelMaxLength, 300);
        QCOMPARE(c.inputSqSize, 512.0);
    }

    void absentKeysTakeTheReferenceDefaults()
    {
        auto c = STDiT3Config::fromJson("{}", "inline");
        QCOMPARE(c.hiddenSize, 1152);
        QCOMPARE(c.depth, 28);
        QCOMPARE(c.numHeads, 16);
        QCOMPARE(c.mlpRatio, 4.0);
        QCOMPARE(c.inChannels, 4);
        QVERIFY(c.predSigma);
        QCOMPARE(c.captionChannels, 4096);
        QCOMPARE(c.modelMaxLength, 300);
        // mlp_ratio is truncated like Python's int(hidden * ratio).
        QCOMPARE(STDiT3Config::fromJson("{\"hidden_size\": 36, \"num_heads\": 3, \"mlp_ratio\": 2.5}", "x").mlpHidden(), 90);
    }

    void refusesOutOfBoundValuesNamingKeyValueAndBound_data()
    {
        QTest::addColumn<QString>("json");
        QTest::addColumn<QString>("expected");
        QTest::newRow("depth huge") << "{\"depth\": 4294967298}" << "depth";
        QTest::newRow("heads huge") << "{\"num_heads\": 1000000}" << "1000000";
        QTest::newRow("hidden zero") << "{\"hidden_size\": 0}" << "below the minimum 4";
        QTest::newRow("heads do not divide") << "{\"hidden_size\": 32, \"num_heads\": 3}" << "num_heads";
        QTest::newRow("hidden not /4") << "{\"hidden_size\": 30, \"num_heads\": 2}" << "divisible by 4";
        QTest::newRow("float depth") << "{\"depth\": 2.5}" << "must be an integer";
        QTest::newRow("string heads") << "{\"num_heads\": \"16\"}" << "num_heads";
        QTest::newRow("patch shape") << "{\"patch_size\": [2, 2]}" << "patch_size";
        QTest::newRow("patch zero") << "{\"patch_size\": [1, 0, 2]}" << "patch_size[1]";
        QTest::newRow("mlp ratio") << "{\"mlp_ratio\": 0}" << "mlp_ratio";
        QTest::newRow("caption channels") << "{\"caption_channels\": 100000000}" << "caption_channels";
        QTest::newRow("max length") << "{\"model_max_length\": -1}" << "model_max_length";
        QTest::newRow("negative unsigned") << "{\"in_channels\": 18446744073709551615}" << "in_channels";
        QTest::newRow("model type") << "{\"model_type\": \"STDiT2\"}" << "STDiT2";
        QTest::newRow("skip y embedder") << "{\"skip_y_embedder\": true}" << "skip_y_embedder";
        QTest::newRow("qk_norm type") << "{\"qk_norm\": 1}" << "qk_norm";
        QTest::newRow("not an object") << "[1, 2]" << "cfg.json";
    }
    void refusesOutOfBoundValuesNamingKeyValueAndBound()
    {
        QFETCH(QString, json);
        QFETCH(QString, expected);
        const QString message = errorOf(json.toStdString());
        QVERIFY2(!message.isEmpty(), "accepted");
        QVERIFY2(message.contains(expected), qPrintable(message));
        QVERIFY2(message.contains("cfg.json"), qPrintable(message));
    }

    void missingFileIsAFileError()
    {
        QVERIFY_THROWS_EXCEPTION(FileError, STDiT3Config::fromFile("/nonexistent/config.json"));
    }
};

FRAMESMITH_TEST_GUILESS_MAIN(TestSTDiT3Config)

} // namespace tst_STDiT3Config
#include "tst_STDiT3Config.moc"
