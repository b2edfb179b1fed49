// The sampler contract, for every sampler of every registered family, built from the family's own
// demo model: found by short and class name, listed in the model's ParameterSpec in order, timesteps
// strictly descending and finite, every step keeps the sample's shape and stays finite. A registry
// answers for unknown names with the ones it knows. Every sampler's saved state continues a run
// bit-identically (pause to disk).
#include "framesmith/Error.h"
#include "models/ModelRegistry.h"
#include "schedulers/SchedulerRegistry.h"
#include "support/TestPaths.h"
#include "support/TestRegistry.h"

#include <ATen/ATen.h>
#include <QTemporaryDir>
#include <QtTest/QtTest>

#include <cmath>

namespace tst_SchedulerRegistry {

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

    // A paused run's sampler: steps 0..k-1 on one instance, its state and the noise's saved, the
    // rest on a fresh instance (and a noise source of another seed) after restoring both. The last
    // sample is the uninterrupted run's bit for bit, for every pause point.
    void everySamplerContinuesBitIdenticallyFromItsSavedState()
    {
        const ScheduleRequest schedule{6, 17, 96, 64};
        for (const auto& family : ModelRegistry::families()) {
            const std::string model = demoModel(*family);
            for (const SchedulerEntry& entry : family->schedulers().entries()) {
                at::manual_seed(17);
                const at::Tensor start = at::randn({1, 2, 4, 3, 3});
                std::vector<at::Tensor> outputs;
                for (int i = 0; i < schedule.stepCount; ++i)
                    outputs.push_back(at::randn({1, 2, 4, 3, 3}) * 0.1);
                auto run = [&](Scheduler& s, NoiseSource& noise, at::Tensor sample, int from, int to) {
                    for (int i = from; i < to; ++i)
                        sample = s.step(i, outputs[i], sample, noise).prevSample;
                    return sample;
                };
                auto whole = family->createScheduler(model, entry.name);
                whole->setTimesteps(schedule);
                GeneratorNoise wholeNoise(5);
                const at::Tensor expected = run(*whole, wholeNoise, start, 0, schedule.stepCount);
                for (int k = 0; k <= schedule.stepCount; ++k) {
                    auto first = family->createScheduler(model, entry.name);
                    first->setTimesteps(schedule);
                    GeneratorNoise noise(5);
                    const at::Tensor paused = run(*first, noise, start, 0, k);
                    const StepState state = first->saveState();
                    const StepState noiseState = noise.saveState();
                    auto second = family->createScheduler(model, entry.name);
                    second->setTimesteps(schedule);
                    GeneratorNoise otherNoise(999);
                    second->restoreState(state);
                    otherNoise.restoreState(noiseState);
                    const at::Tensor resumed = run(*second, otherNoise, paused.clone(), k, schedule.stepCount);
                    QVERIFY2(at::equal(resumed, expected), (entry.name + " paused after step " + std::to_string(k)).c_str());
                    QCOMPARE(otherNoise.drawCount(), wholeNoise.drawCount());
                }
                if (entry.name == "dpm") { // the second-order step needs the previous x0 prediction
                    QVERIFY(whole->saveState().count("previous_pred_original"));
                    auto fresh = family->createScheduler(model, entry.name);
                    fresh->setTimesteps(schedule);
                    QVERIFY(fresh->saveState().empty());
                }
                auto strange = family->createScheduler(model, entry.name);
                strange->setTimesteps(schedule);
                QVERIFY_THROWS_EXCEPTION(FileError, strange->restoreState({{"no_such_entry", at::zeros({1})}}));
            }
        }
    }

    void noiseStateIsCheckedWhenRestored()
    {
        GeneratorNoise noise(1);
        QVERIFY_THROWS_EXCEPTION(FileError, noise.restoreState({}));
        QVERIFY_THROWS_EXCEPTION(FileError, noise.restoreState({{"generator", at::zeros({3})}, {"draws", at::zeros({1}, at::kLong)}}));
        RecordedNoise recorded({at::zeros({2}), at::ones({2})});
        recorded.restoreState({{"draws", at::ones({1}, at::kLong)}});
        QVERIFY(at::equal(recorded.draw({2}, at::zeros({0}), "next"), at::ones({2})));
        QVERIFY_THROWS_EXCEPTION(InvalidRequestError, recorded.restoreState({{"draws", at::full({1}, 5, at::kLong)}}));
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

FRAMESMITH_TEST_GUILESS_MAIN(TestSchedulerRegistry)

} // namespace tst_SchedulerRegistry
#include "tst_SchedulerRegistry.moc"
