// UniPC as the Wan repos configure it, against diffusers 0.36: integer timesteps (truncated) and
// float32 sigmas for 7 (shift, steps) settings, and two sampling runs with fixed model outputs
// (every prev_sample and kept data prediction at 5e-6); the corrector is exercised, the multistep
// state survives a save/restore (what an expert switch or a pause leaves behind), and configs this
// port does not run are refused.
#include "framesmith/Error.h"
#include "io/JsonGuard.h"
#include "io/SafetensorsReader.h"
#include "models/wan/sampling/WanUniPCScheduler.h"
#include "support/TensorParity.h"
#include "WanFixtures.h"
#include "support/TestRegistry.h"

#include <ATen/ATen.h>
#include <QtTest/QtTest>

namespace tst_WanUniPCScheduler {

using namespace framesmith;

namespace {

constexpr double kSigmaAtol = 1e-7; // README: scheduler *_sigmas
constexpr double kRunAtol = 5e-6;   // README: scheduler runs

class NoDraws : public NoiseSource {
public:
    at::Tensor draw(const std::vector<std::int64_t>&, const at::Tensor&, const std::string& purpose) override
    {
        throw Error(ErrorCode::Internal, "UniPC drew noise: " + purpose);
    }
    int drawCount() const override { return 0; }
    StepState saveState() const override { return {}; }
    void restoreState(const StepState&) override {}
};

SafetensorsReader& golden()
{
    static SafetensorsReader reader(test::wanFixture("golden/scheduler/schedulers.safetensors"));
    return reader;
}

WanUniPCScheduler wanScheduler(double shift, std::vector<int> disableCorrector = {})
{
    // The Wan repos' scheduler_config.json fields that matter, through the config reader.
    nlohmann::json config = {{"_class_name", "UniPCMultistepScheduler"}, {"prediction_type", "flow_prediction"},
                             {"use_flow_sigmas", true}, {"num_train_timesteps", 1000}, {"flow_shift", shift},
                             {"solver_order", 2}, {"solver_type", "bh2"}, {"lower_order_final", true},
                             {"final_sigmas_type", "zero"}, {"disable_corrector", disableCorrector}};
    return WanUniPCScheduler(WanUniPCSettings::fromConfig(config, "test config"));
}

struct Run {
    std::string name;
    double shift;
};

// Runs a golden sampling run; returns the largest deviation of prev_sample from the golden.
double runAgainstGolden(WanUniPCScheduler& scheduler, const Run& run, bool compareEachStep)
{
    const std::string p = "unipc_run_" + run.name + "_";
    const at::Tensor timesteps = golden().view(p + "timesteps");
    scheduler.setTimesteps(static_cast<int>(timesteps.size(0)));
    if (!scheduler.timesteps().equal(timesteps))
        throw std::runtime_error("timesteps differ");
    NoDraws noise;
    at::Tensor sample = golden().view(p + "x_T");
    double worst = 0;
    for (int i = 0; i < scheduler.stepCount(); ++i) {
        const std::string k = std::to_string(i);
        const SchedulerStep step = scheduler.step(i, golden().view(p + "model_output_" + k), sample, noise);
        sample = step.prevSample;
        worst = std::max(worst, (sample - golden().view(p + "prev_sample_" + k)).abs().max().item<double>());
        if (compareEachStep) {
            auto report = test::compareTensors(p + "prev_sample_" + k, sample, golden().view(p + "prev_sample_" + k), kRunAtol);
            if (!report.ok)
                throw std::runtime_error(report.message);
            report = test::compareTensors(p + "x0_pred_" + k, step.predOriginalSample, golden().view(p + "x0_pred_" + k),
                                          kRunAtol);
            if (!report.ok)
                throw std::runtime_error(report.message);
        }
    }
    return worst;
}

} // namespace

class TestWanUniPCScheduler : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void timestepsAndSigmasMatch_data()
    {
        QTest::addColumn<double>("shift");
        QTest::addColumn<int>("steps");
        const std::vector<std::pair<int, int>> grid = {{3, 4}, {3, 10}, {3, 50}, {5, 4}, {5, 30}, {1, 7}, {8, 12}};
        for (const auto& [shift, steps] : grid)
            QTest::newRow(("shift" + std::to_string(shift) + "_steps" + std::to_string(steps)).c_str())
                << double(shift) << steps;
    }

    void timestepsAndSigmasMatch()
    {
        QFETCH(double, shift);
        QFETCH(int, steps);
        const std::string p = "unipc_shift" + std::to_string(int(shift)) + "_steps" + std::to_string(steps) + "_";
        WanUniPCScheduler scheduler = wanScheduler(shift);
        scheduler.setTimesteps(steps);
        const at::Tensor expected = golden().view(p + "timesteps");
        QVERIFY2(scheduler.timesteps().equal(expected),
                 (c10::str(scheduler.timesteps()) + " vs golden " + c10::str(expected)).c_str());
        FRAMESMITH_EXPECT_PARITY(p + "sigmas", scheduler.sigmas(), golden().view(p + "sigmas"), kSigmaAtol);
        QCOMPARE(scheduler.sigmas()[steps].item<float>(), 0.0f);
        QCOMPARE(scheduler.timestep(0), static_cast<double>(expected[0].item<std::int64_t>()));
    }

    void timestepsAreTruncatedNotRounded()
    {
        // shift 3, 4 steps: sigma_0 = 0.99967 -> 999 (rounding would give 1000); README's pipeline: 999, 899, 749, 499.
        WanUniPCScheduler scheduler = wanScheduler(3.0);
        scheduler.setTimesteps(4);
        QVERIFY2(scheduler.timesteps().equal(at::tensor(std::vector<std::int64_t>{999, 899, 749, 499})),
                 c10::str(scheduler.timesteps()).c_str());
    }

    void samplingRunsMatch_data()
    {
        QTest::addColumn<QString>("name");
        QTest::addColumn<double>("shift");
        QTest::newRow("wan21") << QString("wan21") << 3.0;
        QTest::newRow("ti2v") << QString("ti2v") << 5.0;
    }

    void samplingRunsMatch()
    {
        QFETCH(QString, name);
        QFETCH(double, shift);
        WanUniPCScheduler scheduler = wanScheduler(shift);
        try {
            qInfo("max |prev_sample - golden| over the run: %g",
                  runAgainstGolden(scheduler, Run{name.toStdString(), shift}, true));
        } catch (const std::exception& e) {
            QFAIL(e.what());
        }
    }

    void correctorIsExercised()
    {
        // Without the corrector the same run leaves the golden by far more than the tolerance.
        WanUniPCScheduler scheduler = wanScheduler(3.0, {0, 1, 2, 3});
        const double worst = runAgainstGolden(scheduler, Run{"wan21", 3.0}, false);
        QVERIFY2(worst > 1e-3, std::to_string(worst).c_str());
    }

    void stateContinuesAfterRestore()
    {
        // Two steps, the state handed to a fresh scheduler (as across an expert switch or a pause),
        // the rest there: bit-identical to the uninterrupted run.
        const std::string p = "unipc_run_ti2v_";
        NoDraws noise;
        WanUniPCScheduler whole = wanScheduler(5.0), first = wanScheduler(5.0), second = wanScheduler(5.0);
        for (auto* s : {&whole, &first, &second})
            s->setTimesteps(6);
        at::Tensor a = golden().view(p + "x_T"), b = a;
        for (int i = 0; i < 6; ++i) {
            const at::Tensor v = golden().view(p + "model_output_" + std::to_string(i));
            a = whole.step(i, v, a, noise).prevSample;
            if (i == 2)
                second.restoreState(first.saveState());
            b = (i < 2 ? first : second).step(i, v, b, noise).prevSample;
        }
        QVERIFY(a.equal(b));
        FRAMESMITH_EXPECT_PARITY("prev_sample_5", b, golden().view(p + "prev_sample_5"), kRunAtol);
    }

    void stepsRunInOrder()
    {
        WanUniPCScheduler scheduler = wanScheduler(3.0);
        scheduler.setTimesteps(4);
        NoDraws noise;
        const at::Tensor x = at::zeros({1, 4});
        QVERIFY_EXCEPTION_THROWN(scheduler.step(1, x, x, noise), Error);
    }

    void refusesWhatItDoesNotRun()
    {
        for (const auto& [key, value] : std::vector<std::pair<std::string, nlohmann::json>>{
                 {"prediction_type", "epsilon"}, {"use_flow_sigmas", false}, {"thresholding", true},
                 {"solver_type", "dpm"}, {"timestep_spacing", "trailing"}, {"solver_order", 7}}) {
            nlohmann::json config = {{"prediction_type", "flow_prediction"}, {"use_flow_sigmas", true}, {"flow_shift", 3.0}};
            config[key] = value;
            try {
                WanUniPCSettings::fromConfig(config, "scheduler_config.json");
                QFAIL(("accepted " + key + " " + value.dump()).c_str());
            } catch (const FileError& e) {
                QVERIFY2(std::string(e.what()).find("scheduler_config.json") != std::string::npos, e.what());
            }
        }
        QVERIFY_EXCEPTION_THROWN(wanScheduler(3.0).setTimesteps(0), InvalidRequestError);
    }

    void readsTheRepoConfigs_data()
    {
        QTest::addColumn<QString>("variant");
        QTest::addColumn<double>("shift");
        QTest::newRow("wan2.1-t2v") << QString("wan2.1-t2v") << 3.0;
        QTest::newRow("wan2.2-ti2v") << QString("wan2.2-ti2v") << 5.0;
        QTest::newRow("wan2.2-a14b") << QString("wan2.2-a14b") << 3.0;
    }

    void readsTheRepoConfigs()
    {
        QFETCH(QString, variant);
        QFETCH(double, shift);
        const std::string path = test::wanFixture("models/" + variant.toStdString() + "/scheduler/scheduler_config.json");
        const WanUniPCSettings s = WanUniPCSettings::fromConfig(JsonGuard::readFile(path), path);
        QCOMPARE(s.flowShift, shift);
        QCOMPARE(s.solverOrder, 2);
        QCOMPARE(s.numTrainTimesteps, 1000);
        QVERIFY(s.isBh2 && s.lowerOrderFinal && s.finalSigmaZero && s.disableCorrector.empty());
    }
};

FRAMESMITH_TEST_GUILESS_MAIN(TestWanUniPCScheduler)

} // namespace tst_WanUniPCScheduler
#include "tst_WanUniPCScheduler.moc"
