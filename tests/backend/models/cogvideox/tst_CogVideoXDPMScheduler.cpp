// CogVideoXDPMScheduler against golden/scheduler/dpm.safetensors (tiny-5b's scheduler config),
// once replaying the recorded draws and once drawing from a CPU generator seeded like the reference.
#include "framesmith/Error.h"
#include "io/SafetensorsReader.h"
#include "models/cogvideox/sampling/CogVideoXDPMScheduler.h"
#include "support/TensorParity.h"
#include "support/TestPaths.h"
#include "support/TestRegistry.h"

#include <ATen/ATen.h>
#include <QtTest/QtTest>
#include <nlohmann/json.hpp>

#include <regex>

namespace tst_CogVideoXDPMScheduler {

using namespace framesmith;

class TestCogVideoXDPMScheduler : public QObject {
    Q_OBJECT

private:
    SafetensorsReader golden{test::cogvideoxFixture("golden/scheduler/dpm.safetensors")};
    CogVideoXSchedulerConfig config = CogVideoXSchedulerConfig::fromModelFolder(test::cogvideoxFixture("models/tiny-5b"));

    std::vector<at::Tensor> recordedDraws() const
    {
        std::vector<at::Tensor> draws;
        for (int k = 0; k < 4; ++k)
            for (int j = 0; j < 2; ++j)
                if (golden.find("step" + std::to_string(k) + ".noise" + std::to_string(j)))
                    draws.push_back(golden.view("step" + std::to_string(k) + ".noise" + std::to_string(j)));
        return draws;
    }

    std::uint64_t callSeed() const
    {
        auto meta = nlohmann::json::parse(golden.metadata().at("json"));
        std::smatch m;
        std::string call = meta.at("call").get<std::string>();
        if (!std::regex_search(call, m, std::regex("manual_seed\\((\\d+)\\)")))
            return 0;
        return std::stoull(m[1].str());
    }

    void runSteps(NoiseSource& noise)
    {
        CogVideoXDPMScheduler scheduler(config);
        scheduler.setTimesteps(4);
        at::Tensor sample = golden.view("sample.0");
        for (int k = 0; k < 4; ++k) {
            const std::string p = "step" + std::to_string(k) + ".";
            QCOMPARE(scheduler.timesteps()[k], golden.view(p + "timestep").item<std::int64_t>());
            SchedulerStep out = scheduler.step(k, golden.view(p + "model_output"), sample, noise);
            FRAMESMITH_EXPECT_PARITY(p + "pred_original_sample", out.predOriginalSample,
                                     golden.view(p + "pred_original_sample"), 1e-5);
            FRAMESMITH_EXPECT_PARITY(p + "prev_sample", out.prevSample, golden.view(p + "prev_sample"), 1e-5);
            sample = out.prevSample;
        }
    }

private Q_SLOTS:
    void alphasCumprodMatchInFloat64()
    {
        CogVideoXDPMScheduler scheduler(config);
        FRAMESMITH_EXPECT_PARITY("alphas_cumprod", scheduler.alphasCumprod(), golden.view("alphas_cumprod"), 1e-7);
    }

    void timestepsAreIdentical()
    {
        CogVideoXDPMScheduler scheduler(config);
        for (int steps : {4, 10, 50}) {
            scheduler.setTimesteps(steps);
            QVERIFY(at::equal(at::tensor(scheduler.timesteps(), at::kLong),
                              golden.view("timesteps." + std::to_string(steps))));
        }
    }

    void stepsMatchWithRecordedNoise()
    {
        auto draws = recordedDraws();
        QCOMPARE(draws.size(), std::size_t(6)); // 1 + 2 + 2 + 1: steps 1 and 2 are second order
        RecordedNoise noise(draws);
        runSteps(noise);
        QCOMPARE(noise.remaining(), std::size_t(0));
    }

    void stepsMatchWithSeededGenerator()
    {
        const std::uint64_t seed = callSeed();
        QVERIFY(seed != 0);
        GeneratorNoise noise(seed);
        runSteps(noise);
        QCOMPARE(noise.drawCount(), 6);
    }

    void generatorDrawsEqualTheRecordedDraws()
    {
        GeneratorNoise noise(callSeed());
        at::Tensor like = golden.view("sample.0");
        for (const at::Tensor& recorded : recordedDraws())
            QVERIFY(at::equal(noise.draw(recorded.sizes().vec(), like, "test"), recorded));
    }

    void recordedNoiseRejectsWrongShapes()
    {
        RecordedNoise noise({at::zeros({2, 3})});
        QVERIFY_THROWS_EXCEPTION(ShapeError, noise.draw({3, 2}, at::zeros({1}), "test"));
    }
};

FRAMESMITH_TEST_GUILESS_MAIN(TestCogVideoXDPMScheduler)

} // namespace tst_CogVideoXDPMScheduler
#include "tst_CogVideoXDPMScheduler.moc"
