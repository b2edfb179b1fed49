// The registry contract, for every registered scheduler: found by short and class name, built from
// every fixture model's config, timesteps descending and inside the table, one step keeps the shape.
#include "framesmith/Error.h"
#include "schedulers/DiffusionSchedule.h"
#include "schedulers/SchedulerRegistry.h"
#include "support/TestPaths.h"

#include <ATen/ATen.h>
#include <QtTest/QtTest>

using namespace framesmith;

class TestSchedulerRegistry : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void everySchedulerHonoursTheContract()
    {
        QVERIFY(SchedulerRegistry::entries().size() >= 2);
        for (const auto& entry : SchedulerRegistry::entries()) {
            QCOMPARE(SchedulerRegistry::findByName(entry.name), &entry);
            QCOMPARE(SchedulerRegistry::findByName(entry.className), &entry);
            for (const char* model : {"tiny-2b", "tiny-5b"}) {
                auto s = SchedulerRegistry::createForModel(test::cogvideoxFixture(std::string("models/") + model), entry.name);
                QCOMPARE(QString::fromStdString(s->name()), QString::fromStdString(entry.name));
                s->setTimesteps(7);
                const auto& ts = s->timesteps();
                QCOMPARE(ts.size(), std::size_t(7));
                for (std::size_t i = 0; i < ts.size(); ++i) {
                    QVERIFY(ts[i] >= 0 && ts[i] < 1000);
                    QVERIFY(i == 0 || ts[i] < ts[i - 1]);
                }
                GeneratorNoise noise(1);
                at::Tensor sample = at::randn({1, 2, 4, 3, 3});
                for (int k = 0; k < 7; ++k) {
                    SchedulerStep out = s->step(k, at::randn({1, 2, 4, 3, 3}) * 0.1, sample, noise);
                    QCOMPARE(out.prevSample.sizes(), sample.sizes());
                    QVERIFY(at::isfinite(out.prevSample).all().item<bool>());
                    sample = out.prevSample;
                }
            }
        }
    }

    void emptyNameMeansTheModelsOwn()
    {
        auto ddim = SchedulerRegistry::createForModel(test::cogvideoxFixture("models/tiny-2b"), "");
        QCOMPARE(QString::fromStdString(ddim->name()), QString("ddim"));
        auto dpm = SchedulerRegistry::createForModel(test::cogvideoxFixture("models/tiny-1.5-i2v"), "");
        QCOMPARE(QString::fromStdString(dpm->name()), QString("dpm"));
    }

    void unknownNamesAreRejectedWithTheKnownOnes()
    {
        try {
            SchedulerRegistry::createForModel(test::cogvideoxFixture("models/tiny-2b"), "euler");
            QFAIL("no exception");
        } catch (const InvalidRequestError& e) {
            QCOMPARE(QString::fromStdString(e.field()), QString("scheduler"));
            QVERIFY(QString(e.what()).contains("ddim"));
        }
    }

    void badConfigsNameTheKey()
    {
        try {
            SchedulerConfig::fromJson("{\"timestep_spacing\": \"sideways\"}", "x.json");
            QFAIL("no exception");
        } catch (const FileError& e) {
            QVERIFY(QString(e.what()).contains("timestep_spacing"));
        }
        QVERIFY_THROWS_EXCEPTION(FileError, SchedulerConfig::fromJson("[1, 2]", "x.json"));
        QVERIFY_THROWS_EXCEPTION(FileError, SchedulerConfig::fromFile("/nonexistent/scheduler_config.json"));
    }

    void spacingRulesMatchDiffusers()
    {
        SchedulerConfig c;
        c.timestepSpacing = "leading";
        c.stepsOffset = 1;
        QCOMPARE(DiffusionSchedule(c).timesteps(4), (std::vector<std::int64_t>{751, 501, 251, 1}));
        c.timestepSpacing = "linspace";
        QCOMPARE(DiffusionSchedule(c).timesteps(4), (std::vector<std::int64_t>{999, 666, 333, 0}));
        c.timestepSpacing = "trailing";
        QCOMPARE(DiffusionSchedule(c).timesteps(3), (std::vector<std::int64_t>{999, 666, 332}));
    }
};

QTEST_GUILESS_MAIN(TestSchedulerRegistry)
#include "tst_SchedulerRegistry.moc"
