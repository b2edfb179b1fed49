// Parameter counts from configs alone (CogVideoXParameterCounter, T5MemoryModel) match the
// reference counts of the five real checkpoints and the element counts stored in the tiny fixture
// checkpoints.
#include "io/WeightSource.h"
#include "models/cogvideox/planning/CogVideoXParameterCounter.h"
#include "models/cogvideox/planning/CogVideoXPlanning.h"
#include "support/TestPaths.h"
#include "models/T5MemoryModel.h"
#include "support/TestRegistry.h"

#include <nlohmann/json.hpp>

#include <QTest>

#include <fstream>

namespace tst_CogVideoXParameterCounter {

using namespace framesmith;

namespace {

std::int64_t storedElements(const std::string& folder)
{
    WeightSource source = WeightSource::open(folder);
    std::int64_t total = 0;
    for (const std::string& name : source.names()) {
        std::int64_t n = 1;
        for (std::int64_t d : source.find(name)->shape)
            n *= d;
        total += n;
    }
    return total;
}

} // namespace

class tst_CogVideoXParameterCounter : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void matchesFullSizeReferenceCounts_data()
    {
        QTest::addColumn<QString>("model");
        for (const char* m : {"cogvideox-2b", "cogvideox-5b", "cogvideox-5b-i2v", "cogvideox1.5-5b", "cogvideox1.5-5b-i2v"})
            QTest::newRow(m) << m;
    }
    void matchesFullSizeReferenceCounts()
    {
        QFETCH(QString, model);
        const std::string root = test::cogvideoxFixture("full-size-configs/");
        std::ifstream in(root + "param_counts.json");
        const auto reference = nlohmann::json::parse(in).at("models").at(model.toStdString());
        const CogVideoXPlanning configs = CogVideoXPlanning::fromFolder(root + model.toStdString());

        const TransformerCount t = CogVideoXParameterCounter::transformer(configs.transformer());
        QCOMPARE(t.stateDictElements(), reference["transformer"]["state_dict_elements"].get<std::int64_t>());
        QCOMPARE(t.perBlockElements, reference["transformer"]["per_block_elements"].get<std::int64_t>());
        QCOMPARE(t.blockCount, reference["transformer"]["num_layers"].get<int>());
        std::int64_t buffers = 0;
        for (const auto& item : reference["transformer"]["non_persistent_buffer_elements"].items())
            buffers += item.value().get<std::int64_t>();
        QCOMPARE(t.bufferElements, buffers);
        QCOMPARE(CogVideoXParameterCounter::vae(configs.vae()), reference["vae"]["state_dict_elements"].get<std::int64_t>());
        QCOMPARE(T5MemoryModel::parameterElements(configs.textEncoder()),
                 reference["text_encoder"]["state_dict_elements"].get<std::int64_t>());
        QCOMPARE(configs.transformer().inChannels == 2 * configs.vae().latentChannels, model.endsWith("i2v"));
    }

    void matchesTinyCheckpoints_data()
    {
        QTest::addColumn<QString>("model");
        for (const char* m : {"tiny-2b", "tiny-5b", "tiny-5b-i2v", "tiny-1.5-i2v"})
            QTest::newRow(m) << m;
    }
    void matchesTinyCheckpoints()
    {
        QFETCH(QString, model);
        const std::string folder = test::cogvideoxFixture("models/" + model.toStdString());
        const CogVideoXPlanning configs = CogVideoXPlanning::fromFolder(folder);
        QCOMPARE(CogVideoXParameterCounter::transformer(configs.transformer()).stateDictElements(),
                 storedElements(folder + "/transformer"));
        QCOMPARE(CogVideoXParameterCounter::vae(configs.vae()), storedElements(folder + "/vae"));
        QCOMPARE(T5MemoryModel::parameterElements(configs.textEncoder()), storedElements(folder + "/text_encoder"));
    }

    void missingConfigIsNamed()
    {
        try {
            CogVideoXPlanning::fromFolder(test::cogvideoxFixture("golden"));
            QFAIL("loaded configs from a folder without them");
        } catch (const std::exception& e) {
            QVERIFY2(QString(e.what()).contains("transformer/config.json"), e.what());
        }
    }
};

FRAMESMITH_TEST_GUILESS_MAIN(tst_CogVideoXParameterCounter)

} // namespace tst_CogVideoXParameterCounter
#include "tst_CogVideoXParameterCounter.moc"
