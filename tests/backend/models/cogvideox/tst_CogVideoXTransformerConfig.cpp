// Config parsing (defaults, validation) and the module tree built from the five real configs:
// its state-dict element count must equal the reference's.
#include "framesmith/Error.h"
#include "models/cogvideox/CogVideoXTransformer3D.h"
#include "models/cogvideox/CogVideoXTransformerConfig.h"
#include "support/TestPaths.h"

#include <nlohmann/json.hpp>
#include <QtTest/QtTest>

#include <fstream>

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

QTEST_GUILESS_MAIN(TestCogVideoXTransformerConfig)
#include "tst_CogVideoXTransformerConfig.moc"
