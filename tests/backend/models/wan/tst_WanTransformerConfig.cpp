// WanTransformerConfig: the fixture configs and the full-size ones read as published; corrupt or
// unsupported values refused with the file and key named.
#include "framesmith/Error.h"
#include "models/wan/transformer/WanTransformerConfig.h"
#include "WanFixtures.h"
#include "support/TestRegistry.h"

#include <QtTest/QtTest>

#include <filesystem>
#include <fstream>
#include <unistd.h> // ::getpid (GCC 14's headers do not bring it along)

namespace tst_WanTransformerConfig {

using namespace framesmith;

namespace {

std::string writeConfig(const nlohmann::json& config)
{
    const auto path = std::filesystem::temp_directory_path() /
                      ("framesmith-wan-config-" + std::to_string(::getpid()) + ".json");
    std::ofstream(path) << config.dump();
    return path.string();
}

nlohmann::json fixtureConfig(const std::string& relative)
{
    std::ifstream in(test::wanFixture(relative));
    return nlohmann::json::parse(in);
}

} // namespace

class TestWanTransformerConfig : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void readsTheFixtureConfigs()
    {
        const auto t2v = WanTransformerConfig::fromFile(test::wanFixture("models/wan2.1-t2v/transformer/config.json"));
        QCOMPARE(t2v.innerDim(), std::int64_t(32));
        QCOMPARE(t2v.inChannels, std::int64_t(16));
        QVERIFY(!t2v.imageDim && !t2v.addedKvProjDim && t2v.crossAttnNorm);
        const auto i2v = WanTransformerConfig::fromFile(test::wanFixture("models/wan2.1-i2v/transformer/config.json"));
        QCOMPARE(i2v.inChannels, std::int64_t(36));
        QCOMPARE(i2v.outChannels, std::int64_t(16));
        QCOMPARE(*i2v.imageDim, std::int64_t(24));
        QCOMPARE(*i2v.addedKvProjDim, std::int64_t(32));
        const auto ti2v = WanTransformerConfig::fromFile(test::wanFixture("models/wan2.2-ti2v/transformer/config.json"));
        QCOMPARE(ti2v.outChannels, std::int64_t(48));
    }

    void outChannelsDefaultToInChannels()
    {
        nlohmann::json config = fixtureConfig("models/wan2.1-t2v/transformer/config.json");
        config["out_channels"] = nullptr;
        config["in_channels"] = 20;
        QCOMPARE(WanTransformerConfig::fromFile(writeConfig(config)).outChannels, std::int64_t(20));
    }

    void refusesBadValues_data()
    {
        QTest::addColumn<QString>("key");
        QTest::addColumn<QString>("value");
        QTest::newRow("heads zero") << "num_attention_heads" << "0";
        QTest::newRow("layers absurd") << "num_layers" << "100000";
        QTest::newRow("patch of two") << "patch_size" << "[1, 2]";
        QTest::newRow("eps text") << "eps" << "\"small\"";
        QTest::newRow("qk_norm other") << "qk_norm" << "\"layer_norm\"";
        QTest::newRow("flf2v pos embed") << "pos_embed_seq_len" << "514";
        QTest::newRow("added kv without image") << "added_kv_proj_dim" << "32";
    }

    void refusesBadValues()
    {
        QFETCH(QString, key);
        QFETCH(QString, value);
        nlohmann::json config = fixtureConfig("models/wan2.1-t2v/transformer/config.json");
        config[key.toStdString()] = nlohmann::json::parse(value.toStdString());
        const std::string path = writeConfig(config);
        try {
            WanTransformerConfig::fromFile(path);
            QFAIL("accepted");
        } catch (const FileError& e) {
            QVERIFY2(std::string(e.what()).find(path) != std::string::npos, e.what());
        }
    }
};

FRAMESMITH_TEST_GUILESS_MAIN(TestWanTransformerConfig)

} // namespace tst_WanTransformerConfig
#include "tst_WanTransformerConfig.moc"
