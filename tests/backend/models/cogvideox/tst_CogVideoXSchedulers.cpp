// The CogVideoX samplers as the family offers them: the folder's own by its config's _class_name,
// others by name from the same config, unknown names refused with the known ones, bad configs
// refused naming the key (range-checked where read), the diffusers spacing rules.
#include "framesmith/Error.h"
#include "models/cogvideox/sampling/CogVideoXSchedulers.h"
#include "models/cogvideox/sampling/DiffusionSchedule.h"
#include "support/TestPaths.h"
#include "support/TestRegistry.h"

#include <QtTest/QtTest>

namespace tst_CogVideoXSchedulers {

using namespace framesmith;

class TestCogVideoXSchedulers : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void emptyNameMeansTheModelsOwn()
    {
        auto ddim = CogVideoXSchedulers::createForModel(test::cogvideoxFixture("models/tiny-2b"), "");
        QCOMPARE(QString::fromStdString(ddim->name()), QString("ddim"));
        auto dpm = CogVideoXSchedulers::createForModel(test::cogvideoxFixture("models/tiny-1.5-i2v"), "");
        QCOMPARE(QString::fromStdString(dpm->name()), QString("dpm"));
        auto other = CogVideoXSchedulers::createForModel(test::cogvideoxFixture("models/tiny-2b"), "dpm");
        QCOMPARE(QString::fromStdString(other->name()), QString("dpm"));
    }

    void unknownNamesAreRejectedWithTheKnownOnes()
    {
        try {
            CogVideoXSchedulers::createForModel(test::cogvideoxFixture("models/tiny-2b"), "euler");
            QFAIL("no exception");
        } catch (const InvalidRequestError& e) {
            QCOMPARE(QString::fromStdString(e.field()), QString("scheduler"));
            QVERIFY(QString(e.what()).contains("ddim"));
        }
    }

    void badConfigsNameTheKey_data()
    {
        QTest::addColumn<QString>("json");
        QTest::addColumn<QString>("key");
        QTest::newRow("spacing") << R"({"timestep_spacing": "sideways"})" << "timestep_spacing";
        // issue 16: 2e9 table entries gave a raw libtorch backtrace.
        QTest::newRow("timesteps 2e9") << R"({"num_train_timesteps": 2000000000})" << "num_train_timesteps";
        QTest::newRow("timesteps 0") << R"({"num_train_timesteps": 0})" << "num_train_timesteps";
        QTest::newRow("timesteps 2^32+2") << R"({"num_train_timesteps": 4294967298})" << "num_train_timesteps";
        QTest::newRow("timesteps float") << R"({"num_train_timesteps": 1e3})" << "num_train_timesteps";
        QTest::newRow("negative offset") << R"({"steps_offset": -1})" << "steps_offset";
        QTest::newRow("shift 0") << R"({"snr_shift_scale": 0})" << "snr_shift_scale";
    }
    void badConfigsNameTheKey()
    {
        QFETCH(QString, json);
        QFETCH(QString, key);
        try {
            CogVideoXSchedulerConfig::fromJson(json.toStdString(), "x.json");
            QFAIL("no exception");
        } catch (const FileError& e) {
            QVERIFY2(QString(e.what()).contains(key), e.what());
            QCOMPARE(e.path(), std::string("x.json"));
        }
    }

    void unreadableConfigsAreFileErrors()
    {
        QVERIFY_THROWS_EXCEPTION(FileError, CogVideoXSchedulerConfig::fromJson("[1, 2]", "x.json"));
        QVERIFY_THROWS_EXCEPTION(FileError, CogVideoXSchedulerConfig::fromFile("/nonexistent/scheduler_config.json"));
    }

    void spacingRulesMatchDiffusers()
    {
        CogVideoXSchedulerConfig c;
        c.timestepSpacing = "leading";
        c.stepsOffset = 1;
        QCOMPARE(DiffusionSchedule(c).timesteps(4), (std::vector<std::int64_t>{751, 501, 251, 1}));
        c.timestepSpacing = "linspace";
        QCOMPARE(DiffusionSchedule(c).timesteps(4), (std::vector<std::int64_t>{999, 666, 333, 0}));
        c.timestepSpacing = "trailing";
        QCOMPARE(DiffusionSchedule(c).timesteps(3), (std::vector<std::int64_t>{999, 666, 332}));
    }
};

FRAMESMITH_TEST_GUILESS_MAIN(TestCogVideoXSchedulers)

} // namespace tst_CogVideoXSchedulers
#include "tst_CogVideoXSchedulers.moc"
