// The sampler contract, for every sampler of every registered family, built from the family's own
// demo model: found by short and class name, listed in the model's ParameterSpec in order, timesteps
// strictly descending and finite, every step keeps the sample's shape and stays finite. A registry
// answers for unknown names with the ones it knows.
#include "framesmith/Error.h"
#include "models/ModelRegistry.h"
#include "schedulers/SchedulerRegistry.h"
#include "support/TestPaths.h"

#include <ATen/ATen.h>
#include <QTemporaryDir>
#include <QtTest/QtTest>

#include <cmath>

using namespace framesmith;

class TestSchedulerRegistry : public QObject {
    Q_OBJECT

private:
    QTemporaryDir m_dir;

    std::string demoModel(const ModelFamily& family)
    {
        const std::string dir = m_dir.filePath(QString::fromStdString(family.info().name)).toStdString();
        if (!QDir(QString::fromStdString(dir)).exists())
            family.writeDemoModel(dir, {test::sourceDir() + "/resources/demo-tokenizer", 7});
        return dir;
    }

    static void checkRun(Scheduler& s, const std::string& name)
    {
        QCOMPARE(QString::fromStdString(s.name()), QString::fromStdString(name));
        s.setTimesteps(ScheduleRequest{7, 17, 96, 64});
        QCOMPARE(s.stepCount(), 7);
        for (int i = 0; i < s.stepCount(); ++i) {
            QVERIFY(std::isfinite(s.timestep(i)) && s.timestep(i) >= 0);
            QVERIFY(i == 0 || s.timestep(i) < s.timestep(i - 1));
        }
        GeneratorNoise noise(1);
        at::Tensor sample = at::randn({1, 2, 4, 3, 3});
        for (int k = 0; k < s.stepCount(); ++k) {
            SchedulerStep out = s.step(k, at::randn({1, 2, 4, 3, 3}) * 0.1, sample, noise);
            QCOMPARE(out.prevSample.sizes(), sample.sizes());
            QVERIFY(at::isfinite(out.prevSample).all().item<bool>());
            sample = out.prevSample;
        }
    }

private Q_SLOTS:
    void everySamplerOfEveryFamilyHonoursTheContract()
    {
        QVERIFY(!ModelRegistry::families().empty());
        for (const auto& family : ModelRegistry::families()) {
            const SchedulerRegistry& registry = family->schedulers();
            QVERIFY2(!registry.entries().empty(), family->info().name.c_str());
            const std::string model = demoModel(*family);
            const std::vector<SchedulerOption> offered = inspectModelFolder(model).spec.schedulers;
            QCOMPARE(offered.size(), registry.entries().size());
            for (std::size_t i = 0; i < registry.entries().size(); ++i) {
                const SchedulerEntry& entry = registry.entries()[i];
                QCOMPARE(registry.findByName(entry.name), &entry);
                QCOMPARE(registry.findByName(entry.className), &entry);
                QCOMPARE(offered[i].id, entry.name);
                QVERIFY(!entry.label.empty() && !entry.summary.empty());
                checkRun(*family->createScheduler(model, entry.name), entry.name);
            }
            auto own = family->createScheduler(model, "");
            QVERIFY(registry.findByName(own->name()));
        }
    }

    void unknownNamesAreRejectedWithTheKnownOnes()
    {
        for (const auto& family : ModelRegistry::families()) {
            try {
                family->createScheduler(demoModel(*family), "no-such-sampler");
                QFAIL("no exception");
            } catch (const InvalidRequestError& e) {
                QCOMPARE(QString::fromStdString(e.field()), QString("scheduler"));
                QVERIFY(QString(e.what()).contains(QString::fromStdString(family->schedulers().entries().front().name)));
            }
        }
    }

    void aListAnswersByNameAndClass()
    {
        std::vector<std::string> builtFrom; // the _class_name each factory call saw
        auto factory = [&](const nlohmann::json& config, const std::string&) -> std::unique_ptr<Scheduler> {
            builtFrom.push_back(config.value("_class_name", ""));
            return nullptr;
        };
        SchedulerRegistry registry({{"a", "ClassA", "A", "first", factory}});
        QVERIFY(registry.findByName("ClassA"));
        QVERIFY(!registry.findByClassName("a"));
        registry.create("", nlohmann::json{{"_class_name", "ClassA"}}, "c.json");
        registry.create("a", nlohmann::json{{"_class_name", "Other"}}, "c.json"); // built from another's config
        registry.create("", nlohmann::json::object(), "c.json");                  // no class: the family's first
        QCOMPARE(builtFrom, (std::vector<std::string>{"ClassA", "ClassA", "ClassA"}));
        QVERIFY_THROWS_EXCEPTION(InvalidRequestError, registry.create("", nlohmann::json{{"_class_name", "X"}}, "c.json"));
        QVERIFY_THROWS_EXCEPTION(FileError, registry.create("", nlohmann::json::array(), "c.json"));
    }
};

QTEST_GUILESS_MAIN(TestSchedulerRegistry)
#include "tst_SchedulerRegistry.moc"
