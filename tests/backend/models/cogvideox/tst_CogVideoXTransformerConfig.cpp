// Config parsing (defaults, validation) and the module tree built from the five real configs:
// its state-dict element count must equal the reference's.
#include "framesmith/Error.h"
#include "models/cogvideox/transformer/CogVideoXTransformer3D.h"
#include "models/cogvideox/transformer/CogVideoXTransformerConfig.h"
#include "support/TestPaths.h"
#include "support/TestRegistry.h"

#include <nlohmann/json.hpp>
#include <QtTest/QtTest>

#include <fstream>

namespace tst_CogVideoXTransformerConfig {

using namespace framesmith;

class TestCogVideoXTransformerConfig : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void absentKeysTakeDiffusersDefaults()
    {
        auto c = CogVideoXTransformerConfig::fromJsonText("{\"num_layers\": 3}", "inline");
        QCOMPARE(c.numLayers, 3);
        QCOMPARE(c.numAttentionHeads, 30);
        QCOMPARE(c.attentionHeadDim, 64);
        QCOMPARE(c.timeEmbedDim, 512);
        QCOMPARE(c.textEmbedDim, 4096);
        QCOMPARE(c.maxTextSeqLength, 226);
        QCOMPARE(c.sampleFrames, 49);
        QCOMPARE(c.sampleLatentFrames(), 13);
        QVERIFY(!c.patchSizeT);
        QVERIFY(!c.ofsEmbedDim);
        QVERIFY(!c.useRotaryPositionalEmbeddings);
        QCOMPARE(c.spatialInterpolationScale, 1.875);
    }

    void nullOptionalKeysMeanUnused()
    {
        auto c = CogVideoXTransformerConfig::fromJsonText("{\"patch_size_t\": null, \"ofs_embed_dim\": null}", "inline");
        QVERIFY(!c.patchSizeT);
        QVERIFY(!c.ofsEmbedDim);
    }

    void rejectsBadValuesNamingTheKey()
    {
        try {
            CogVideoXTransformerConfig::fromJsonText("{\"num_attention_heads\": \"many\"}", "cfg.json");
            QFAIL("accepted a string head count");
        } catch (const FileError& e) {
            QVERIFY2(QString(e.what()).contains("num_attention_heads"), e.what());
        }
        QVERIFY_THROWS_EXCEPTION(Error, CogVideoXTransformerConfig::fromJsonText("{\"activation_fn\": \"swiglu\"}", "x"));
        QVERIFY_THROWS_EXCEPTION(Error, CogVideoXTransformerConfig::fromJsonText("[1, 2]", "x"));
        QVERIFY_THROWS_EXCEPTION(Error, CogVideoXTransformerConfig::fromJsonText(
                                            "{\"_class_name\": \"AutoencoderKLCogVideoX\"}", "x"));
        QVERIFY_THROWS_EXCEPTION(FileError, CogVideoXTransformerConfig::fromFile("/nonexistent/config.json"));
    }

    // issue 16: absurd sizes are refused where read, naming file, key, value and bound (they grew
    // a 22 GB sincos table, or were narrowed: 4294967298 layers ran as 2).
    void refusesAbsurdSizesBeforeAllocating_data()
    {
        QTest::addColumn<QString>("json");
        QTest::addColumn<QString>("key");
        QTest::addColumn<QString>("value");
        QTest::newRow("heads 1e6") << R"({"num_attention_heads": 1000000})" << "num_attention_heads" << "1000000";
        QTest::newRow("layers 2^32+2") << R"({"num_layers": 4294967298})" << "num_layers" << "4294967298";
        QTest::newRow("layers 2^64-1") << R"({"num_layers": 18446744073709551615})" << "num_layers" << "18446744073709551615";
        QTest::newRow("in_channels 1e8") << R"({"in_channels": 100000000})" << "in_channels" << "100000000";
        QTest::newRow("sample_height 1e5") << R"({"sample_height": 100000})" << "sample_height" << "100000";
        QTest::newRow("sample_frames 2e9") << R"({"sample_frames": 2000000000})" << "sample_frames" << "2000000000";
        QTest::newRow("text length 1e9") << R"({"max_text_seq_length": 1000000000})" << "max_text_seq_length" << "1000000000";
        QTest::newRow("temporal ratio 0") << R"({"temporal_compression_ratio": 0})" << "temporal_compression_ratio" << "0";
        QTest::newRow("size as a float") << R"({"sample_width": 1e5})" << "sample_width" << "100000";
        QTest::newRow("table too large") << R"({"sample_height": 4096, "sample_width": 4096, "sample_frames": 49})"
                                         << "sample_height" << "4096";
    }
    void refusesAbsurdSizesBeforeAllocating()
    {
        QFETCH(QString, json);
        QFETCH(QString, key);
        QFETCH(QString, value);
        try {
            CogVideoXTransformerConfig::fromJsonText(json.toStdString(), "cfg.json");
            QFAIL("accepted an absurd config");
        } catch (const FileError& e) {
            QCOMPARE(e.path(), std::string("cfg.json"));
            const QString what = e.what();
            QVERIFY2(what.contains(key) && (what.contains(value) || what.contains("1e+05")), e.what());
            QVERIFY2(what.contains("limit") || what.contains("minimum") || what.contains("integer"), e.what());
        }
    }

    void fullSizeModelsHaveTheReferenceParameterCount_data()
    {
        QTest::addColumn<QString>("model");
        for (const char* m : {"cogvideox-2b", "cogvideox-5b", "cogvideox-5b-i2v", "cogvideox1.5-5b", "cogvideox1.5-5b-i2v"})
            QTest::newRow(m) << QString(m);
    }
    void fullSizeModelsHaveTheReferenceParameterCount()
    {
        QFETCH(QString, model);
        const std::string root = test::cogvideoxFixture("full-size-configs/");
        std::ifstream countsFile(root + "param_counts.json");
        auto counts = nlohmann::json::parse(countsFile);
        const auto& expected = counts["models"][model.toStdString()]["transformer"];
        auto config = CogVideoXTransformerConfig::fromFile(root + model.toStdString() + "/transformer/config.json");
        CogVideoXTransformer3D transformer(config); // shapes only: no weights are allocated
        std::int64_t elements = 0;
        for (const auto& slot : transformer.parameters()) {
            std::int64_t n = 1;
            for (auto d : slot.shape)
                n *= d;
            elements += n;
        }
        QCOMPARE(elements, expected["state_dict_elements"].get<std::int64_t>());
    }
};

FRAMESMITH_TEST_GUILESS_MAIN(TestCogVideoXTransformerConfig)

} // namespace tst_CogVideoXTransformerConfig
#include "tst_CogVideoXTransformerConfig.moc"
