// CogVideoXDDIMScheduler against golden/scheduler/ddim.safetensors (tiny-2b's scheduler config).
#include "framesmith/Error.h"
#include "io/SafetensorsReader.h"
#include "models/cogvideox/sampling/CogVideoXDDIMScheduler.h"
#include "support/TensorParity.h"
#include "support/TestPaths.h"
#include "support/TestRegistry.h"

#include <ATen/ATen.h>
#include <QtTest/QtTest>

namespace tst_CogVideoXDDIMScheduler {

using namespace framesmith;

class TestCogVideoXDDIMScheduler : public QObject {
    Q_OBJECT

private:
    SafetensorsReader golden{test::cogvideoxFixture("golden/scheduler/ddim.safetensors")};
    CogVideoXSchedulerConfig config = CogVideoXSchedulerConfig::fromModelFolder(test::cogvideoxFixture("models/tiny-2b"));

private Q_SLOTS:
    void alphasCumprodMatchInFloat64()
    {
        CogVideoXDDIMScheduler scheduler(config);
        at::Tensor port = scheduler.alphasCumprod();
        QCOMPARE(port.scalar_type(), at::kDouble);
        FRAMESMITH_EXPECT_PARITY("alphas_cumprod", port, golden.view("alphas_cumprod"), 1e-7);
        QCOMPARE(port[999].item<double>(), 0.0); // zero terminal SNR
        QCOMPARE(scheduler.finalAlphaCumprod(), golden.view("final_alpha_cumprod").item<double>());
    }

    void timestepsAreIdentical_data()
    {
        QTest::addColumn<int>("steps");
        QTest::newRow("4") << 4;
        QTest::newRow("10") << 10;
        QTest::newRow("50") << 50;
    }
    void timestepsAreIdentical()
    {
        QFETCH(int, steps);
        CogVideoXDDIMScheduler scheduler(config);
        scheduler.setTimesteps(steps);
        at::Tensor port = at::tensor(scheduler.timesteps(), at::kLong);
        QVERIFY(at::equal(port, golden.view("timesteps." + std::to_string(steps))));
    }

    void stepsMatchGolden()
    {
        CogVideoXDDIMScheduler scheduler(config);
        scheduler.setTimesteps(4);
        RecordedNoise noNoise({}); // DDIM draws nothing: any draw would throw
        at::Tensor sample = golden.view("sample.0");
        for (int k = 0; k < 4; ++k) {
            const std::string p = "step" + std::to_string(k) + ".";
            QCOMPARE(scheduler.timesteps()[k], golden.view(p + "timestep").item<std::int64_t>());
            SchedulerStep out = scheduler.step(k, golden.view(p + "model_output"), sample, noNoise);
            FRAMESMITH_EXPECT_PARITY(p + "pred_original_sample", out.predOriginalSample,
                                     golden.view(p + "pred_original_sample"), 1e-5);
            FRAMESMITH_EXPECT_PARITY(p + "prev_sample", out.prevSample, golden.view(p + "prev_sample"), 1e-5);
            sample = out.prevSample;
        }
    }

    void rejectsStepCountsOutsideTheSchedule()
    {
        CogVideoXDDIMScheduler scheduler(config);
        QVERIFY_THROWS_EXCEPTION(InvalidRequestError, scheduler.setTimesteps(0));
        QVERIFY_THROWS_EXCEPTION(InvalidRequestError, scheduler.setTimesteps(1001));
    }
};

FRAMESMITH_TEST_GUILESS_MAIN(TestCogVideoXDDIMScheduler)

} // namespace tst_CogVideoXDDIMScheduler
#include "tst_CogVideoXDDIMScheduler.moc"
