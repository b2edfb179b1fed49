// RFLOW against the reference: timesteps bit for bit (NaN where the reference has NaN), the
// 3-step guided sampling run with the frame-mask branch (a discarded first step and a re-noised
// second one), add_noise; and the rules the pipeline relies on (CFG order, invalid frame counts).
#include "framesmith/Error.h"
#include "io/SafetensorsReader.h"
#include "models/opensora/eval/OpenSoraRflowEval.h"
#include "models/opensora/sampling/OpenSoraRflowSampler.h"
#include "models/opensora/sampling/OpenSoraRflowScheduler.h"
#include "support/TensorParity.h"
#include "support/TestPaths.h"
#include "support/TestRegistry.h"

#include <ATen/ATen.h>
#include <nlohmann/json.hpp>
#include <QtTest/QtTest>

namespace tst_OpenSoraRflowScheduler {

using namespace framesmith;

namespace {

std::string goldenPath() { return test::fixturesDir() + "/opensora/golden/scheduler/rflow.safetensors"; }

nlohmann::json metaOf(const SafetensorsReader& r) { return nlohmann::json::parse(r.metadata().at("json")); }

std::map<std::string, at::Tensor> evaluate()
{
    SafetensorsReader golden(goldenPath());
    return OpenSoraRflowEval::run(golden, metaOf(golden));
}

OpenSoraRflowScheduler started(int steps, int height, int width, int frames, bool transform = true)
{
    OpenSoraRflowSettings s;
    s.steps = steps;
    s.useTimestepTransform = transform;
    OpenSoraRflowScheduler scheduler(s);
    scheduler.start(OpenSoraModelKwargs::make(1, height, width, frames, 24, at::kFloat), at::ones({1, 1}));
    return scheduler;
}

} // namespace

class TestOpenSoraRflowScheduler : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void timestepsMatchBitForBit()
    {
        SafetensorsReader golden(goldenPath());
        auto out = evaluate();
        int compared = 0;
        for (const auto& entry : golden.entries()) {
            if (entry.name.rfind("timesteps.", 0) != 0)
                continue;
            QVERIFY2(out.count(entry.name), ("no " + entry.name).c_str());
            at::Tensor expected = golden.view(entry.name), port = out.at(entry.name);
            QCOMPARE(port.sizes(), expected.sizes());
            QCOMPARE(port.scalar_type(), at::kFloat);
            // Equal, or NaN on both sides (frames_16_nan).
            const bool same = at::logical_or(port.eq(expected), port.isnan().logical_and(expected.isnan())).all().item<bool>();
            QVERIFY2(same, (entry.name + ": port " + c10::str(port) + " golden " + c10::str(expected)).c_str());
            ++compared;
        }
        QCOMPARE(compared, 9);
        QVERIFY(out.at("timesteps.frames_16_nan")[0].isnan().item<bool>());
        QVERIFY(out.at("timesteps.t0_above_1000_48x80_36f")[0].item<float>() > 1000.0f);
    }

    void samplingRunMatchesGolden()
    {
        SafetensorsReader golden(goldenPath());
        auto out = evaluate();
        for (int k = 0; k < 3; ++k) {
            const std::string p = "steps.step" + std::to_string(k) + ".";
            FRAMESMITH_EXPECT_PARITY(p + "z_in", out.at(p + "z_in"), golden.view(p + "z_in"), 1e-5);
            QVERIFY2(out.at(p + "t").equal(golden.view(p + "t")), (p + "t").c_str());
            QVERIFY2(out.at(p + "x_mask").equal(golden.view(p + "x_mask")), (p + "x_mask").c_str());
        }
        QVERIFY(!out.at("steps.step0.x_mask").any().item<bool>()); // t = 1000.0001: every frame out
        QVERIFY(out.at("steps.step1.x_mask").all().item<bool>());
        FRAMESMITH_EXPECT_PARITY("steps.z_final", out.at("steps.z_final"), golden.view("steps.z_final"), 1e-5);
        FRAMESMITH_EXPECT_PARITY("add_noise.out", out.at("add_noise.out"), golden.view("add_noise.out"), 1e-5);
    }

    void firstStepAboveOneThousandIsDiscardedAndTheNextRenoises()
    {
        SafetensorsReader golden(goldenPath());
        auto out = evaluate();
        const at::Tensor z0 = golden.view("steps.z0");
        // Step 0 ran the model on z0 unchanged and its update was thrown away: step 1 re-noised z0.
        FRAMESMITH_EXPECT_PARITY("step0 input", out.at("steps.step0.z_in").narrow(0, 0, 2), z0, 0);
        at::Tensor t1 = golden.view("steps.step1.t").narrow(0, 0, 2);
        at::Tensor renoised = OpenSoraRflowScheduler::addNoise(z0, golden.view("steps.step1.mask_noise"), t1, 1000);
        FRAMESMITH_EXPECT_PARITY("step1 input", out.at("steps.step1.z_in").narrow(0, 0, 2), renoised, 1e-6);
    }

    // A conditioned run (frames kept, re-noised at an edit ratio) on the golden's recorded model
    // outputs and draws, against RFLOW.sample's mask branch written out by hand in float64.
    void conditionedStepsMatchAFloat64HandComputation()
    {
        SafetensorsReader golden(goldenPath());
        const at::Tensor frameMask = at::tensor({0.0f, 0.5f, 1.0f, 1.0f, 0.0f, 0.3f}).view({2, 3});
        OpenSoraRflowSettings settings;
        settings.steps = 3;
        settings.cfgScale = 7.0;
        OpenSoraRflowScheduler scheduler(settings);
        OpenSoraModelKwargs kwargs;
        kwargs.height = golden.view("steps.model_kwargs.height");
        kwargs.width = golden.view("steps.model_kwargs.width");
        kwargs.numFrames = golden.view("steps.model_kwargs.num_frames");
        kwargs.ar = golden.view("steps.model_kwargs.ar");
        kwargs.fps = golden.view("steps.model_kwargs.fps");
        scheduler.start(kwargs, frameMask);
        std::vector<at::Tensor> draws;
        for (int k = 0; k < 3; ++k)
            draws.push_back(golden.view("steps.step" + std::to_string(k) + ".mask_noise"));
        RecordedNoise noise(draws);
        const at::Tensor z0 = golden.view("steps.z0");
        at::Tensor z = z0.clone();
        at::Tensor hand = z0.to(at::kDouble);
        at::Tensor noiseAdded = frameMask.eq(1);
        for (int k = 0; k < 3; ++k) {
            const at::Tensor output = golden.view("steps.step" + std::to_string(k) + ".model_output");
            const auto input = scheduler.beginStep(k, z, noise);
            z = scheduler.endStep(k, scheduler.guidedVelocity(output, 7.0));
            // By hand: t in float32 as the reference compares it, everything else in float64.
            const at::Tensor t = scheduler.timestep(k);
            const at::Tensor upper = frameMask.mul(1000).ge(t.unsqueeze(1)); // [B, T]
            QVERIFY(input.xMask.equal(upper));
            const at::Tensor td = t.to(at::kDouble).view({2, 1, 1, 1, 1}) / 1000.0;
            const at::Tensor x0 = hand;
            const at::Tensor noised = (1 - td) * x0 + td * draws[k].to(at::kDouble);
            const at::Tensor add = upper.logical_and(noiseAdded.logical_not()).view({2, 1, 3, 1, 1});
            at::Tensor zk = at::where(add, noised, x0);
            noiseAdded = upper;
            const at::Tensor pred = output.to(at::kDouble).narrow(1, 0, 4);
            const at::Tensor v = pred.narrow(0, 2, 2) + 7.0 * (pred.narrow(0, 0, 2) - pred.narrow(0, 2, 2));
            const at::Tensor next = k < 2 ? scheduler.timestep(k + 1).to(at::kDouble).view({2, 1, 1, 1, 1}) / 1000.0
                                          : at::zeros_like(td);
            zk = zk + v * (td - next);
            hand = at::where(upper.view({2, 1, 3, 1, 1}), zk, x0);
        }
        FRAMESMITH_EXPECT_PARITY("conditioned z_final", z, hand.to(at::kFloat), 1e-5);
        // Mask 0: the frames are the input's, bit for bit.
        QVERIFY(at::equal(z[0].select(1, 0), z0[0].select(1, 0)));
        QVERIFY(at::equal(z[1].select(1, 1), z0[1].select(1, 1)));
        QVERIFY(!at::equal(z[0].select(1, 1), z0[0].select(1, 1))); // an edit ratio lets the frame change
    }

    void guidanceUsesCondThenUncondOnTheFirstHalfOfTheChannels()
    {
        at::Tensor out = at::zeros({2, 8, 1, 1, 1});
        out[0].narrow(0, 0, 4).fill_(3.0); // cond
        out[1].narrow(0, 0, 4).fill_(1.0); // uncond
        out.narrow(1, 4, 4).fill_(100.0); // the variance half is never used
        OpenSoraRflowScheduler scheduler(OpenSoraRflowSettings{});
        at::Tensor v = scheduler.guidedVelocity(out, 7.0);
        QCOMPARE(v.sizes(), (at::IntArrayRef{1, 4, 1, 1, 1}));
        QVERIFY(v.eq(1.0 + 7.0 * (3.0 - 1.0)).all().item<bool>());
        QVERIFY_THROWS_EXCEPTION(ShapeError, scheduler.guidedVelocity(at::zeros({3, 8, 1, 1, 1}), 7.0));
    }

    void frameCountsTwoToSixteenGiveAnUndefinedFirstTimestep()
    {
        for (int frames : {2, 9, 16})
            QCOMPARE(started(5, 64, 96, frames).firstInvalidStep(), 0);
        for (int frames : {1, 17, 51})
            QCOMPARE(started(5, 64, 96, frames).firstInvalidStep(), -1);
        QCOMPARE(started(5, 64, 96, 16, /*transform=*/false).firstInvalidStep(), -1);
    }

    void discreteTimestepsRoundHalfToEven()
    {
        OpenSoraRflowSettings s;
        s.steps = 16;
        s.useTimestepTransform = false;
        s.useDiscreteTimesteps = true;
        OpenSoraRflowScheduler scheduler(s);
        scheduler.start(OpenSoraModelKwargs::make(1, 64, 64, 17, 24, at::kFloat), at::Tensor());
        QCOMPARE(scheduler.timestep(1)[0].item<float>(), 938.0f); // 937.5
        QCOMPARE(scheduler.timestep(3)[0].item<float>(), 812.0f); // 812.5
    }

    void withoutFrameMaskNothingIsDrawn()
    {
        OpenSoraRflowSettings s;
        s.steps = 2;
        OpenSoraRflowScheduler scheduler(s);
        scheduler.start(OpenSoraModelKwargs::make(1, 64, 96, 20, 24, at::kFloat), at::Tensor());
        RecordedNoise none({});
        at::Tensor z = at::ones({1, 4, 6, 8, 12});
        auto input = scheduler.beginStep(0, z, none);
        QVERIFY(!input.xMask.defined());
        QVERIFY(input.z.equal(z));
        at::Tensor next = scheduler.endStep(0, at::ones_like(z));
        const float dt = (scheduler.timestep(0) - scheduler.timestep(1))[0].item<float>() / 1000.0f;
        QVERIFY(at::allclose(next, z + dt));
    }

    void refusesImpossibleStepCounts()
    {
        OpenSoraRflowSettings s;
        s.steps = 0;
        QVERIFY_THROWS_EXCEPTION(InvalidRequestError, OpenSoraRflowScheduler{s});
    }

    void refusesTimestepCountsThatWouldWrap_data()
    {
        QTest::addColumn<QString>("value");
        QTest::newRow("2^32 + 2 (was read as 2)") << "4294967298";
        QTest::newRow("zero") << "0";
        QTest::newRow("float") << "1000.5";
        QTest::newRow("text") << "\"1000\"";
    }

    void refusesTimestepCountsThatWouldWrap()
    {
        QFETCH(QString, value);
        const auto config = nlohmann::json::parse("{\"num_timesteps\": " + value.toStdString() + "}");
        try {
            OpenSoraRflowSampler(config, "scheduler.json");
            QFAIL("accepted");
        } catch (const framesmith::FileError& e) {
            QVERIFY2(QString(e.what()).contains("num_timesteps"), e.what());
        }
        QCOMPARE(OpenSoraRflowSampler(nlohmann::json::parse("{\"num_timesteps\": 1000}"), "ok").name().empty(), false);
    }
};

FRAMESMITH_TEST_GUILESS_MAIN(TestOpenSoraRflowScheduler)

} // namespace tst_OpenSoraRflowScheduler
#include "tst_OpenSoraRflowScheduler.moc"
