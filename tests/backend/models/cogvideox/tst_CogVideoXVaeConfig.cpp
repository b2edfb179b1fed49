// CogVideoXVaeConfig: every fixture and full-size VAE config parses; unsupported keys are named.
#include "framesmith/Error.h"
#include "models/cogvideox/CogVideoXVaeConfig.h"
#include "support/TestPaths.h"

#include <QtTest/QtTest>

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

QTEST_GUILESS_MAIN(TestCogVideoXVaeConfig)
#include "tst_CogVideoXVaeConfig.moc"
