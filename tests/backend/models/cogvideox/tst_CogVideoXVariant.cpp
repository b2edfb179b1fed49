#include "framesmith/Error.h"
#include "models/cogvideox/CogVideoXVariant.h"
#include "io/JsonGuard.h"
#include "support/TestPaths.h"
#include "support/TestRegistry.h"

#include <QTest>

namespace tst_CogVideoXVariant {

using namespace framesmith;
using Json = nlohmann::json;

namespace {

Json transformer(int in, int out, bool rotary, bool learned, Json patchT, Json ofs)
{
    return Json{{"_class_name", "CogVideoXTransformer3DModel"}, {"in_channels", in}, {"out_channels", out},
                {"use_rotary_positional_embeddings", rotary}, {"use_learned_positional_embeddings", learned},
                {"patch_size_t", patchT}, {"ofs_embed_dim", ofs}};
}

} // namespace

class tst_CogVideoXVariant : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void classifiesFromConfigsOnly_data()
    {
        QTest::addColumn<QString>("pipeline");
        QTest::addColumn<QString>("config");
        QTest::addColumn<QString>("variant");
        const QString t2v = "CogVideoXPipeline", i2v = "CogVideoXImageToVideoPipeline";
        QTest::newRow("2b") << t2v << dump(transformer(16, 16, false, false, nullptr, nullptr)) << "cogvideox-2b";
        QTest::newRow("5b") << t2v << dump(transformer(16, 16, true, false, nullptr, nullptr)) << "cogvideox-5b";
        QTest::newRow("5b-i2v") << i2v << dump(transformer(32, 16, true, true, nullptr, nullptr)) << "cogvideox-5b-i2v";
        QTest::newRow("1.5") << t2v << dump(transformer(16, 16, true, false, 2, nullptr)) << "cogvideox1.5-5b";
        QTest::newRow("1.5-i2v") << i2v << dump(transformer(32, 16, true, false, 2, 512)) << "cogvideox1.5-5b-i2v";
        QTest::newRow("tiny channels") << i2v << dump(transformer(16, 8, true, true, nullptr, nullptr)) << "cogvideox-5b-i2v";
        QTest::newRow("v2v uses t2v weights") << "CogVideoXVideoToVideoPipeline"
                                              << dump(transformer(16, 16, true, false, nullptr, nullptr)) << "cogvideox-5b";
    }
    void classifiesFromConfigsOnly()
    {
        QFETCH(QString, pipeline);
        QFETCH(QString, config);
        QFETCH(QString, variant);
        QCOMPARE(QString::fromStdString(CogVideoXVariant::classify(pipeline.toStdString(),
                                                                   Json::parse(config.toStdString()), "c.json")),
                 variant);
    }

    void classifiesTheFullSizeConfigs()
    {
        for (const auto& variant : CogVideoXVariant::all()) {
            const std::string dir = test::cogvideoxFixture("full-size-configs/" + variant);
            const Json index = JsonGuard::readFile(dir + "/model_index.json");
            const Json config = JsonGuard::readFile(dir + "/transformer/config.json");
            QCOMPARE(CogVideoXVariant::classify(index["_class_name"].get<std::string>(), config, dir), variant);
        }
    }

    void rejectsWhatItCannotRun_data()
    {
        QTest::addColumn<QString>("pipeline");
        QTest::addColumn<QString>("config");
        QTest::addColumn<QString>("problem");
        const Json good = transformer(16, 16, true, false, nullptr, nullptr);
        QTest::newRow("other pipeline") << "StableDiffusionPipeline" << dump(good) << "is not a CogVideoX pipeline";
        Json other = good;
        other["_class_name"] = "UNet2DConditionModel";
        QTest::newRow("other transformer") << "CogVideoXPipeline" << dump(other) << "_class_name is not";
        other["_class_name"] = 42;
        QTest::newRow("class name not a string") << "CogVideoXPipeline" << dump(other) << "_class_name is not";
        QTest::newRow("i2v pipeline, t2v channels") << "CogVideoXImageToVideoPipeline" << dump(good)
                                                    << "does not fit transformer in_channels 16 / out_channels 16";
        Json noIn = good;
        noIn.erase("in_channels");
        QTest::newRow("no in_channels") << "CogVideoXPipeline" << dump(noIn) << "missing in_channels";
        Json textIn = good;
        textIn["in_channels"] = "16";
        QTest::newRow("string in_channels") << "CogVideoXPipeline" << dump(textIn) << "in_channels must be an integer";
        QTest::newRow("not an object") << "CogVideoXPipeline" << "[1]" << "_class_name is not";
    }
    void rejectsWhatItCannotRun()
    {
        QFETCH(QString, pipeline);
        QFETCH(QString, config);
        QFETCH(QString, problem);
        try {
            CogVideoXVariant::classify(pipeline.toStdString(), Json::parse(config.toStdString()), "c.json");
            QFAIL("classified");
        } catch (const FileError& e) {
            QCOMPARE(e.code(), ErrorCode::UnsupportedModel);
            QCOMPARE(e.path(), std::string("c.json"));
            QVERIFY2(std::string(e.what()).find(problem.toStdString()) != std::string::npos, e.what());
        }
    }

    void namesForPeople()
    {
        QCOMPARE(CogVideoXVariant::displayName("cogvideox1.5-5b-i2v"), std::string("CogVideoX1.5-5B-I2V"));
        QVERIFY(CogVideoXVariant::isImageToVideo("cogvideox-5b-i2v"));
        QVERIFY(!CogVideoXVariant::isImageToVideo("cogvideox-5b"));
    }

private:
    static QString dump(const Json& j) { return QString::fromStdString(j.dump()); }
};

FRAMESMITH_TEST_GUILESS_MAIN(tst_CogVideoXVariant)

} // namespace tst_CogVideoXVariant
#include "tst_CogVideoXVariant.moc"
