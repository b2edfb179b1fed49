// T5Config, the one reader of a T5 encoder's config.json: the full-size and tiny configs read as
// transformers does, and absurd sizes (issue 16: 1e8 layers cost `plan` gigabytes) are refused
// where read, naming the file, key and bound; a FIFO or a folder in its place is refused at once.
#include "framesmith/Error.h"
#include "support/TestPaths.h"
#include "text/T5Config.h"
#include "support/TestRegistry.h"

#include <nlohmann/json.hpp>

#include <QTemporaryDir>
#include <QtTest/QtTest>

#include <sys/stat.h>

namespace tst_T5Config {

using namespace framesmith;

class TestT5Config : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void readsTheFullSizeEncoder()
    {
        const T5Config c = T5Config::fromFile(test::cogvideoxFixture("full-size-configs/cogvideox-5b/text_encoder/config.json"));
        QCOMPARE(c.dModel, std::int64_t{4096});
        QCOMPARE(c.numLayers, std::int64_t{24});
        QCOMPARE(c.numHeads, std::int64_t{64});
        QCOMPARE(c.dFf, std::int64_t{10240});
        QVERIFY(c.isGatedAct);
        QCOMPARE(c.denseActFn, std::string("gelu_new"));
    }

    // transformers picks UMT5Config by model_type (else by the class loading it); its attention layers
    // all own a relative bias.
    void umt5ModelTypeGivesEveryLayerItsPositionBias()
    {
        const auto read = [](const char* json) { return T5Config::fromJson(nlohmann::json::parse(json), "t.json"); };
        QVERIFY(read(R"({"model_type": "umt5", "num_layers": 2})").hasRelativeBiasPerLayer);
        QVERIFY(!read(R"({"model_type": "t5", "num_layers": 2})").hasRelativeBiasPerLayer);
        QVERIFY(!read(R"({"num_layers": 2})").hasRelativeBiasPerLayer);
        // Without model_type, UMT5EncoderModel.from_pretrained still builds UMT5Config: the
        // architectures list decides (google/umt5-xxl as the Wan fixtures' full-size config has it).
        QVERIFY(read(R"({"architectures": ["UMT5EncoderModel"], "num_layers": 2})").hasRelativeBiasPerLayer);
        QVERIFY(!read(R"({"architectures": ["T5EncoderModel"], "num_layers": 2})").hasRelativeBiasPerLayer);
        QVERIFY(!T5Config::fromFile(test::cogvideoxFixture("full-size-configs/cogvideox-5b/text_encoder/config.json"))
                     .hasRelativeBiasPerLayer);
    }

    void refusesAbsurdSizesNamingTheKey_data()
    {
        QTest::addColumn<QString>("json");
        QTest::addColumn<QString>("key");
        QTest::newRow("layers 1e8") << R"({"num_layers": 100000000})" << "num_layers";
        QTest::newRow("layers 2^32+2") << R"({"num_layers": 4294967298})" << "num_layers";
        QTest::newRow("heads 0") << R"({"num_heads": 0})" << "num_heads";
        QTest::newRow("d_model float") << R"({"d_model": 4096.5})" << "d_model";
        QTest::newRow("vocab 1e12") << R"({"vocab_size": 1000000000000})" << "vocab_size";
        QTest::newRow("epsilon 2") << R"({"layer_norm_epsilon": 2})" << "layer_norm_epsilon";
    }
    void refusesAbsurdSizesNamingTheKey()
    {
        QFETCH(QString, json);
        QFETCH(QString, key);
        try {
            T5Config::fromJson(nlohmann::json::parse(json.toStdString()), "t5.json");
            QFAIL("accepted an absurd config");
        } catch (const FileError& e) {
            QCOMPARE(e.path(), std::string("t5.json"));
            QVERIFY2(QString(e.what()).contains(key), e.what());
        }
    }

    void specialFilesAreRefusedAtOnce()
    {
        QTemporaryDir dir;
        const std::string fifo = dir.filePath("config.json").toStdString();
        QCOMPARE(::mkfifo(fifo.c_str(), 0600), 0);
        QVERIFY_THROWS_EXCEPTION(FileError, T5Config::fromFile(fifo)); // would block forever in an ifstream
        QVERIFY_THROWS_EXCEPTION(FileError, T5Config::fromFile(dir.path().toStdString()));
        QVERIFY_THROWS_EXCEPTION(FileError, T5Config::fromFile(dir.filePath("absent.json").toStdString()));
    }
};

FRAMESMITH_TEST_GUILESS_MAIN(TestT5Config)

} // namespace tst_T5Config
#include "tst_T5Config.moc"
