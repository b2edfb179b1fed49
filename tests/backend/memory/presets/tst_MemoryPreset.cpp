// Preset JSON: strategies set their fields, explicit fields win, mistakes are named.
#include "framesmith/Error.h"
#include "framesmith/MemoryPreset.h"
#include "support/TestRegistry.h"

#include <QTest>

namespace tst_MemoryPreset {

using namespace framesmith;

class tst_MemoryPreset : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void roundTripsEveryField()
    {
        MemoryPreset p;
        p.name = "mine";
        p.description = "custom";
        p.strategies = {"block-streaming", "vae-tiling"};
        p.dtype = ComputeDtype::Float16;
        p.weightStorage = WeightStorage::Int8;
        p.maxSplitSizeMb = 512;
        p.garbageCollectionThreshold = 0.6;
        p.transformer = Placement::Streamed;
        p.streamPrefetchBlocks = 2;
        p.vramHeadroomMb = 1536;
        p.vaeTileHeight = 144;
        p.vaeTileWidth = 200;
        p.cfgParallel = true;
        MemoryPreset back = presetFromJson(toJson(p), "test");
        QCOMPARE(toJson(back), toJson(p));
        QCOMPARE(back.maxSplitSizeMb, 512);
        QCOMPARE(back.weightStorage, WeightStorage::Int8);
        QCOMPARE(back.streamPrefetchBlocks, 2);
        QCOMPARE(back.vramHeadroomMb, 1536);
    }

    void strategiesSetTheirFields()
    {
        MemoryPreset p = presetFromJson("{\"schemaVersion\":1,\"name\":\"s\",\"strategies\":[\"block-streaming\","
                                        "\"text-encoder-on-cpu\",\"vae-small-tiles\"]}", "test");
        QCOMPARE(p.transformer, Placement::Streamed);
        QCOMPARE(p.textEncoder, Placement::Cpu);
        QVERIFY(p.vaeTiling);
        QCOMPARE(p.vaeTileHeight, 144);
        QVERIFY(!p.vaeSlicing); // not asked for: a preset means exactly its strategies
    }

    void explicitFieldsOverrideStrategies()
    {
        MemoryPreset p = presetFromJson("{\"schemaVersion\":1,\"name\":\"s\",\"strategies\":[\"vae-small-tiles\"],"
                                        "\"vae\":{\"tileHeight\":96}}", "test");
        QCOMPARE(p.vaeTileHeight, 96);
        QCOMPARE(p.vaeTileWidth, 200);
    }

    void rejectsMistakesNamingThem_data()
    {
        QTest::addColumn<QString>("json");
        QTest::addColumn<QString>("expected");
        QTest::newRow("unknown strategy") << "{\"schemaVersion\":1,\"name\":\"x\",\"strategies\":[\"warp-drive\"]}" << "warp-drive";
        QTest::newRow("typo key") << "{\"schemaVersion\":1,\"name\":\"x\",\"strategy\":[]}" << "strategy";
        QTest::newRow("no version") << "{\"name\":\"x\"}" << "schemaVersion";
        QTest::newRow("newer version") << "{\"schemaVersion\":99,\"name\":\"x\"}" << "newer";
        QTest::newRow("bad dtype") << "{\"schemaVersion\":1,\"name\":\"x\",\"dtype\":\"fp4\"}" << "fp4";
        QTest::newRow("bad placement") << "{\"schemaVersion\":1,\"name\":\"x\",\"placement\":{\"vae\":\"moon\"}}" << "moon";
        QTest::newRow("wrong type") << "{\"schemaVersion\":1,\"name\":\"x\",\"vae\":{\"tiling\":\"yes\"}}" << "tiling";
        QTest::newRow("odd tile") << "{\"schemaVersion\":1,\"name\":\"x\",\"vae\":{\"tileHeight\":100}}" << "multiples of 8";
        QTest::newRow("no name") << "{\"schemaVersion\":1}" << "name";
        QTest::newRow("not json") << "{oops" << "not a JSON object";
        QTest::newRow("negative headroom") << "{\"schemaVersion\":1,\"name\":\"x\",\"placement\":{\"vramHeadroomMb\":-1}}"
                                           << "vramHeadroomMb";
        // Found by fuzz_preset: a huge float was converted to int (undefined), 9.9 truncated.
        QTest::newRow("version 2.2e23") << "{\"schemaVersion\":222222222222222222222221,\"name\":\"x\"}"
                                        << "schemaVersion must be an integer";
        QTest::newRow("version 1.0") << "{\"schemaVersion\":1.0,\"name\":\"x\"}" << "must be an integer";
        QTest::newRow("tile 256.9") << "{\"schemaVersion\":1,\"name\":\"x\",\"vae\":{\"tileHeight\":256.9}}"
                                    << "tileHeight must be an integer";
        QTest::newRow("split 2^40") << "{\"schemaVersion\":1,\"name\":\"x\",\"allocator\":{\"maxSplitSizeMb\":1099511627776}}"
                                    << "maxSplitSizeMb is out of range";
        QTest::newRow("gc threshold as text") << "{\"schemaVersion\":1,\"name\":\"x\",\"allocator\":{\"garbageCollectionThreshold\":\"0.6\"}}"
                                            << "garbageCollectionThreshold must be a number";
    }
    void rejectsMistakesNamingThem()
    {
        QFETCH(QString, json);
        QFETCH(QString, expected);
        try {
            presetFromJson(json.toStdString(), "my-preset.json");
            QFAIL("accepted a bad preset");
        } catch (const InvalidRequestError& e) {
            const QString message = e.what();
            QVERIFY2(message.contains(expected), qPrintable(message));
            QVERIFY2(message.contains("my-preset.json"), qPrintable(message));
        }
    }

    void namesEnums()
    {
        QCOMPARE(QString(placementName(Placement::Streamed)), QString("streamed"));
        QCOMPARE(QString(dtypeName(ComputeDtype::BFloat16)), QString("bf16"));
        QCOMPARE(QString(weightStorageName(WeightStorage::Float8)), QString("fp8"));
    }
};

FRAMESMITH_TEST_GUILESS_MAIN(tst_MemoryPreset)

} // namespace tst_MemoryPreset
#include "tst_MemoryPreset.moc"
