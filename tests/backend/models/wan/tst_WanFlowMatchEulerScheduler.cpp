// FlowMatchEulerDiscreteScheduler against diffusers 0.36: float32 timesteps and sigmas for 7
// (shift, steps) settings (the reference's double shift included) and the two Euler sampling runs
// with fixed model outputs.
#include "framesmith/Error.h"
#include "io/SafetensorsReader.h"
#include "models/wan/sampling/WanFlowMatchEulerScheduler.h"
#include "support/TensorParity.h"
#include "WanFixtures.h"
#include "support/TestRegistry.h"

#include <ATen/ATen.h>
#include <QtTest/QtTest>

namespace tst_WanFlowMatchEulerScheduler {

using namespace framesmith;

namespace {

constexpr double kScheduleAtol = 1e-7; // README: scheduler *_sigmas and Euler *_timesteps
constexpr double kRunAtol = 5e-6;      // README: scheduler runs

class NoDraws : public NoiseSource {
public:
    at::Tensor draw(const std::vector<std::int64_t>&, const at::Tensor&, const std::string& purpose) override
    {
        throw Error(ErrorCode::Internal, "Euler drew noise: " + purpose);
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

WanFlowMatchEulerScheduler eulerScheduler(double shift)
{
    const nlohmann::json config = {{"_class_name", "FlowMatchEulerDiscreteScheduler"}, {"num_train_timesteps", 1000},
                                   {"shift", shift}};
    return WanFlowMatchEulerScheduler(WanFlowMatchEulerSettings::fromConfig(config, "test config"));
}

} // namespace

class TestWanFlowMatchEulerScheduler : public QObject {
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
        const std::string p = "euler_shift" + std::to_string(int(shift)) + "_steps" + std::to_string(steps) + "_";
        WanFlowMatchEulerScheduler scheduler = eulerScheduler(shift);
        scheduler.setTimesteps(steps);
        FRAMESMITH_EXPECT_PARITY(p + "timesteps", scheduler.timesteps(), golden().view(p + "timesteps"), kScheduleAtol);
        FRAMESMITH_EXPECT_PARITY(p + "sigmas", scheduler.sigmas(), golden().view(p + "sigmas"), kScheduleAtol);
        QCOMPARE(scheduler.timestep(0), static_cast<double>(golden().view(p + "timesteps")[0].item<float>()));
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
        const std::string p = "euler_run_" + name.toStdString() + "_";
        const at::Tensor timesteps = golden().view(p + "timesteps");
        WanFlowMatchEulerScheduler scheduler = eulerScheduler(shift);
        scheduler.setTimesteps(static_cast<int>(timesteps.size(0)));
        FRAMESMITH_EXPECT_PARITY(p + "timesteps", scheduler.timesteps(), timesteps, kScheduleAtol);
        NoDraws noise;
        at::Tensor sample = golden().view(p + "x_T");
        for (int i = 0; i < scheduler.stepCount(); ++i) {
            const std::string k = std::to_string(i);
            sample = scheduler.step(i, golden().view(p + "model_output_" + k), sample, noise).prevSample;
            FRAMESMITH_EXPECT_PARITY(p + "prev_sample_" + k, sample, golden().view(p + "prev_sample_" + k), kRunAtol);
        }
    }

    void refusesWhatItDoesNotRun()
    {
        for (const char* key : {"use_dynamic_shifting", "use_karras_sigmas", "invert_sigmas", "stochastic_sampling"}) {
            nlohmann::json config = {{"shift", 3.0}};
            config[key] = true;
            QVERIFY_EXCEPTION_THROWN(WanFlowMatchEulerSettings::fromConfig(config, "scheduler_config.json"), FileError);
        }
        QVERIFY_EXCEPTION_THROWN(eulerScheduler(3.0).setTimesteps(1001), InvalidRequestError);
        QVERIFY_EXCEPTION_THROWN(eulerScheduler(3.0).restoreState({{"x", at::zeros({1})}}), FileError);
    }
};

FRAMESMITH_TEST_GUILESS_MAIN(TestWanFlowMatchEulerScheduler)

} // namespace tst_WanFlowMatchEulerScheduler
#include "tst_WanFlowMatchEulerScheduler.moc"
