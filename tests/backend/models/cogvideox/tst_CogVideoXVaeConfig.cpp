// CogVideoXVaeConfig: every fixture and full-size VAE config parses; unsupported keys are named.
#include "framesmith/Error.h"
#include "models/cogvideox/vae/CogVideoXVaeConfig.h"
#include "support/TestPaths.h"
#include "support/TestRegistry.h"

#include <QtTest/QtTest>

namespace tst_CogVideoXVaeConfig {

using namespace framesmith;

class TestCogVideoXVaeConfig : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void parsesTinyAndFullSizeConfigs()
    {
        auto tiny = CogVideoXVaeConfig::fromFile(test::cogvideoxFixture("models/tiny-1.5-i2v/vae/config.json"));
        QVERIFY(tiny.invertScaleLatents);
        QCOMPARE(tiny.blockOutChannels, (std::vector<std::int64_t>{8, 16, 16, 24}));
        QCOMPARE(tiny.spatialCompression(), std::int64_t{8});
        QCOMPARE(tiny.temporalCompressLevel(), 2);
        auto full = CogVideoXVaeConfig::fromFile(test::cogvideoxFixture("full-size-configs/cogvideox-5b/vae/config.json"));
        QCOMPARE(full.latentChannels, std::int64_t{16});
        QCOMPARE(full.normNumGroups, std::int64_t{32});
        QCOMPARE(full.sampleHeight, std::int64_t{480});
        QVERIFY(std::abs(full.scalingFactor - 0.7) < 1e-12);
    }

    void rejectsUnsupportedKeys()
    {
        QVERIFY_THROWS_EXCEPTION(FileError, CogVideoXVaeConfig::fromJsonText("{\"use_quant_conv\": true}", "cfg"));
        QVERIFY_THROWS_EXCEPTION(FileError, CogVideoXVaeConfig::fromJsonText("{\"act_fn\": \"gelu\"}", "cfg"));
        QVERIFY_THROWS_EXCEPTION(FileError, CogVideoXVaeConfig::fromJsonText("[1, 2]", "cfg"));
        QVERIFY_THROWS_EXCEPTION(FileError, CogVideoXVaeConfig::fromJsonText("{\"latent_channels\": \"x\"}", "cfg"));
        QVERIFY_THROWS_EXCEPTION(FileError,
                                 CogVideoXVaeConfig::fromJsonText("{\"block_out_channels\": [30, 64], \"norm_num_groups\": 32}", "cfg"));
    }

    // issue 16: 0 groups divided by zero (SIGFPE), 1e8 layers per block cost `plan` 3.8 GB, and a
    // zero scaling factor was accepted; each is refused where read, naming the key and the bound.
    void refusesAbsurdNumbersWhereRead_data()
    {
        QTest::addColumn<QString>("json");
        QTest::addColumn<QString>("key");
        QTest::newRow("norm_num_groups 0") << R"({"norm_num_groups": 0})" << "norm_num_groups";
        QTest::newRow("layers_per_block 1e8") << R"({"layers_per_block": 100000000})" << "layers_per_block";
        QTest::newRow("temporal ratio 0") << R"({"temporal_compression_ratio": 0})" << "temporal_compression_ratio";
        QTest::newRow("scaling_factor 0") << R"({"scaling_factor": 0})" << "scaling_factor";
        QTest::newRow("latent channels 2^32+16") << R"({"latent_channels": 4294967312})" << "latent_channels";
        QTest::newRow("channels 1e6") << R"({"block_out_channels": [1000000, 64]})" << "block_out_channels";
        QTest::newRow("64 blocks") << R"({"block_out_channels": [8,8,8,8,8,8,8,8,8,8]})" << "block_out_channels";
    }
    void refusesAbsurdNumbersWhereRead()
    {
        QFETCH(QString, json);
        QFETCH(QString, key);
        try {
            CogVideoXVaeConfig::fromJsonText(json.toStdString(), "vae.json");
            QFAIL("accepted an absurd config");
        } catch (const FileError& e) {
            QCOMPARE(e.path(), std::string("vae.json"));
            QVERIFY2(QString(e.what()).contains(key), e.what());
        }
    }

    void missingFileIsNamed()
    {
        try {
            CogVideoXVaeConfig::fromFile("/nonexistent/vae/config.json");
            QFAIL("no exception");
        } catch (const FileError& e) {
            QCOMPARE(QString::fromStdString(e.path()), QString("/nonexistent/vae/config.json"));
        }
    }
};

FRAMESMITH_TEST_GUILESS_MAIN(TestCogVideoXVaeConfig)

} // namespace tst_CogVideoXVaeConfig
#include "tst_CogVideoXVaeConfig.moc"
