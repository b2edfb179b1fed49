// The text-to-video denoising stage against golden/pipeline.safetensors: the reference's text
// embeddings injected, its noise replayed (initial_noise, stepK.mask_noise) or drawn from seed
// 1024 as the reference draws it; every step's model input, timestep, frame mask and output, and
// the final latents. Also the model kwargs, the null caption and the frame-count rule.
#include "framesmith/Error.h"
#include "io/SafetensorsReader.h"
#include "models/opensora/sampling/OpenSoraDenoiser.h"
#include "support/TensorParity.h"
#include "support/TestPaths.h"
#include "support/TestRegistry.h"

#include <ATen/ATen.h>
#include <ATen/Parallel.h>
#include <QtTest/QtTest>

namespace tst_OpenSoraDenoiser {

using namespace framesmith;

namespace {

std::string fixture(const std::string& relative) { return test::fixturesDir() + "/opensora/" + relative; }

constexpr int kSteps = 4, kHeight = 64, kWidth = 96, kFrames = 20, kFps = 24;

std::shared_ptr<STDiT3> model()
{
    return STDiT3::load(fixture("models/hpcai-tech/OpenSora-STDiT-v3"), at::kFloat, c10::Device(c10::kCPU));
}

OpenSoraRflowSettings settings()
{
    OpenSoraRflowSettings s;
    s.steps = kSteps;
    s.cfgScale = 7.0;
    return s;
}

struct Run {
    std::vector<OpenSoraStepRecord> steps;
    at::Tensor initial;
    at::Tensor latents;
};

Run denoise(const SafetensorsReader& golden, NoiseSource& noise)
{
    OpenSoraDenoiser denoiser(model(), settings());
    Run run;
    run.initial = noise.draw({1, 4, 6, 8, 12}, at::empty({0}), "initial latents");
    denoiser.start(golden.view("y"), golden.view("mask"),
                   OpenSoraModelKwargs::make(1, kHeight, kWidth, kFrames, kFps, at::kFloat), run.initial, kFrames);
    for (int k = 0; k < denoiser.stepCount(); ++k)
        run.steps.push_back(denoiser.step(k, noise));
    run.latents = denoiser.latents();
    return run;
}

void expectGoldenSteps(const Run& run, const SafetensorsReader& golden)
{
    QCOMPARE(int(run.steps.size()), kSteps);
    for (const OpenSoraStepRecord& r : run.steps) {
        const std::string p = "step" + std::to_string(r.index) + ".";
        FRAMESMITH_EXPECT_PARITY(p + "x", r.x, golden.view(p + "x"), 5e-4);
        QVERIFY2(r.timestep.equal(golden.view(p + "timestep")), (p + "timestep").c_str());
        QVERIFY2(r.xMask.equal(golden.view(p + "x_mask")), (p + "x_mask").c_str());
        FRAMESMITH_EXPECT_PARITY(p + "model_output", r.modelOutput, golden.view(p + "model_output"), 5e-4);
    }
    FRAMESMITH_EXPECT_PARITY("final_latents", run.latents, golden.view("final_latents"), 5e-4);
    qInfo("%s", test::compareTensors("final_latents", run.latents, golden.view("final_latents"), 5e-4).message.c_str());
}

} // namespace

class TestOpenSoraDenoiser : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void initTestCase() { at::set_num_threads(2); }

    void modelKwargsAndNullCaptionMatchTheReference()
    {
        SafetensorsReader golden(fixture("golden/pipeline.safetensors"));
        const auto k = OpenSoraModelKwargs::make(1, kHeight, kWidth, kFrames, kFps, at::kFloat);
        QVERIFY(k.height.equal(golden.view("model_kwargs.height")));
        QVERIFY(k.width.equal(golden.view("model_kwargs.width")));
        QVERIFY(k.numFrames.equal(golden.view("model_kwargs.num_frames")));
        QVERIFY(k.ar.equal(golden.view("model_kwargs.ar")));
        QVERIFY(k.fps.equal(golden.view("model_kwargs.fps")));
        QCOMPARE(OpenSoraModelKwargs::make(1, 64, 96, 1, 24, at::kFloat).fps.item<float>(), 120.0f); // IMG_FPS
        QVERIFY(model()->nullCaption(1).equal(golden.view("y_null")));
    }

    void replayedNoiseReproducesEveryStep()
    {
        SafetensorsReader golden(fixture("golden/pipeline.safetensors"));
        std::vector<at::Tensor> draws{golden.view("initial_noise")};
        for (int k = 0; k < kSteps; ++k)
            draws.push_back(golden.view("step" + std::to_string(k) + ".mask_noise"));
        RecordedNoise noise(draws);
        Run run = denoise(golden, noise);
        expectGoldenSteps(run, golden);
        QCOMPARE(int(noise.remaining()), 0);
    }

    void seed1024DrawsTheReferenceNoise()
    {
        SafetensorsReader golden(fixture("golden/pipeline.safetensors"));
        GeneratorNoise noise(1024);
        Run run = denoise(golden, noise);
        QVERIFY(run.initial.equal(golden.view("initial_noise")));
        for (const OpenSoraStepRecord& r : run.steps)
            QVERIFY(r.maskNoise.equal(golden.view("step" + std::to_string(r.index) + ".mask_noise")));
        expectGoldenSteps(run, golden);
        QCOMPARE(noise.drawCount(), 1 + kSteps);
    }

    void anotherSeedGivesAnotherClip()
    {
        SafetensorsReader golden(fixture("golden/pipeline.safetensors"));
        GeneratorNoise noise(7);
        Run run = denoise(golden, noise);
        QVERIFY((run.latents - golden.view("final_latents")).abs().max().item<double>() > 0.1);
    }

    // The compute dtype alone (float32 sizes, so the schedule is the same): bf16 stays close without
    // guidance, which on random weights multiplies the bf16 error by up to 2 x 7 per step.
    void bfloat16ModelStaysCloseToFloat32()
    {
        SafetensorsReader golden(fixture("golden/pipeline.safetensors"));
        OpenSoraRflowSettings s = settings();
        s.cfgScale = 1.0;
        const auto kwargs = OpenSoraModelKwargs::make(1, kHeight, kWidth, kFrames, kFps, at::kFloat);
        auto run = [&](c10::ScalarType dtype) {
            OpenSoraDenoiser denoiser(STDiT3::load(fixture("models/hpcai-tech/OpenSora-STDiT-v3"), dtype, c10::kCPU), s);
            GeneratorNoise noise(1024);
            denoiser.start(golden.view("y"), golden.view("mask"), kwargs,
                           noise.draw({1, 4, 6, 8, 12}, at::empty({0}), "initial latents"), kFrames);
            for (int k = 0; k < denoiser.stepCount(); ++k)
                denoiser.step(k, noise);
            return denoiser.latents();
        };
        const at::Tensor reference = run(at::kFloat), low = run(at::kBFloat16);
        const double maxDiff = (low - reference).abs().max().item<double>();
        const double scale = reference.abs().max().item<double>();
        qInfo("bf16 final latents: max |bf16 - fp32| = %g of %g", maxDiff, scale);
        QVERIFY2(maxDiff <= 5e-2 * scale, qPrintable(QString("max diff %1 of %2").arg(maxDiff).arg(scale)));
    }

    void undefinedTimestepsAreRefusedBeforeAnyModelWork()
    {
        SafetensorsReader golden(fixture("golden/pipeline.safetensors"));
        OpenSoraDenoiser denoiser(model(), settings());
        try {
            denoiser.start(golden.view("y"), golden.view("mask"),
                           OpenSoraModelKwargs::make(1, kHeight, kWidth, 16, kFps, at::kFloat),
                           at::zeros({1, 4, 5, 8, 12}), 16);
            QFAIL("16 frames accepted");
        } catch (const InvalidRequestError& e) {
            QCOMPARE(QString::fromStdString(e.field()), QString("frameCount"));
            QVERIFY2(QString(e.what()).contains("17"), e.what());
        }
    }

    void mismatchedTextIsAShapeError()
    {
        SafetensorsReader golden(fixture("golden/pipeline.safetensors"));
        OpenSoraDenoiser denoiser(model(), settings());
        const auto kwargs = OpenSoraModelKwargs::make(1, kHeight, kWidth, kFrames, kFps, at::kFloat);
        QVERIFY_THROWS_EXCEPTION(ShapeError, denoiser.start(at::zeros({1, 1, 120, 32}), golden.view("mask"), kwargs,
                                                            golden.view("initial_noise"), kFrames));
        QVERIFY_THROWS_EXCEPTION(ShapeError, denoiser.start(golden.view("y"), golden.view("mask"), kwargs,
                                                            at::zeros({1, 3, 6, 8, 12}), kFrames));
    }
};

FRAMESMITH_TEST_GUILESS_MAIN(TestOpenSoraDenoiser)

} // namespace tst_OpenSoraDenoiser
#include "tst_OpenSoraDenoiser.moc"
