// OpenSoraPipeline behind the VideoPipeline interface the runner drives: a seeded run (seed 1024
// draws what the reference draws) against golden/pipeline, the decoded frames, the interface's
// layouts, and the requests it refuses before any model work.
#include "framesmith/Error.h"
#include "export/FfmpegVideoWriter.h"
#include "io/SafetensorsReader.h"
#include "models/opensora/OpenSoraModelLayout.h"
#include "models/opensora/pipeline/OpenSoraPipeline.h"
#include "models/opensora/vae/OpenSoraVae.h"
#include "models/opensora/conditioning/OpenSoraReferenceFrames.h"
#include "support/TensorParity.h"
#include "support/TestPaths.h"
#include "support/TestRegistry.h"

#include <ATen/ATen.h>
#include <ATen/CPUGeneratorImpl.h>
#include <ATen/Parallel.h>
#include <QTemporaryDir>
#include <QtTest/QtTest>

namespace tst_OpenSoraPipeline {

using namespace framesmith;

namespace {

std::string fixture(const std::string& relative) { return test::fixturesDir() + "/opensora/" + relative; }

GenerationRequest goldenRequest()
{
    GenerationRequest r;
    r.modelPath = fixture("models");
    r.prompt = "A panda playing guitar in a bamboo forest, 一只熊猫在弹吉他.";
    r.height = 64;
    r.width = 96;
    r.frameCount = 20;
    r.fps = 24;
    r.steps = 4;
    r.guidanceScale = 7.0;
    r.seed = 1024;
    r.negativePrompt.clear();
    return r;
}

struct Run {
    std::unique_ptr<OpenSoraPipeline> pipeline;
    std::vector<DenoiseStepRecord> steps;
};

Run generate(const GenerationRequest& request, PipelineResources resources = {})
{
    Run run;
    run.pipeline = std::make_unique<OpenSoraPipeline>(request.modelPath, resources);
    run.pipeline->setStepObserver([&](const DenoiseStepRecord& r) { run.steps.push_back(r); });
    GeneratorNoise noise(request.seed);
    const EncodedPrompts& prompts = run.pipeline->encodeText(request);
    if (prompts.promptEmbeds.sizes() != at::IntArrayRef{1, 300, 32} || prompts.truncatedTokens != 0)
        throw std::runtime_error("unexpected prompt embedding");
    run.pipeline->prepareDenoising(request, at::Tensor(), std::nullopt, noise);
    for (int i = 0; i < run.pipeline->stepCount(); ++i)
        run.pipeline->denoiseStep(i, noise);
    return run;
}

struct ConditionedRun {
    std::unique_ptr<OpenSoraPipeline> pipeline;
    std::vector<OpenSoraStepRecord> steps;
    at::Tensor referenceLatents; // [1, C, 1, h, w]: the start image encoded on its own
};

// A seeded image-to-video run with a start image of another size than the clip (resized, cropped).
ConditionedRun conditionedRun(GenerationRequest request)
{
    ConditionedRun run;
    request.startImagePath = "(start image)";
    const at::Tensor image = at::randint(0, 256, {50, 80, 3}, at::kLong).to(at::kByte);
    run.pipeline = std::make_unique<OpenSoraPipeline>(request.modelPath, PipelineResources{});
    run.pipeline->setOpenSoraStepObserver([&](const OpenSoraStepRecord& r) { run.steps.push_back(r); });
    GeneratorNoise noise(request.seed);
    run.pipeline->encodeText(request);
    run.pipeline->prepareDenoising(request, image, std::nullopt, noise);
    for (int i = 0; i < run.pipeline->stepCount(); ++i)
        run.pipeline->denoiseStep(i, noise);
    // The posterior draws come from a generator of the request's seed (OpenSoraConditioning.h).
    const OpenSoraModelLayout layout = OpenSoraModelLayout::locate(request.modelPath);
    OpenSoraVae vae(layout.vae, layout.spatialVae, c10::kCPU, at::kFloat);
    at::Generator posterior = at::make_generator<at::CPUGeneratorImpl>(request.seed);
    run.referenceLatents =
        vae.encode(OpenSoraReferenceFrames::fromImage(image, request.height, request.width).unsqueeze(0), posterior);
    return run;
}

QString refusal(const GenerationRequest& request)
{
    try {
        OpenSoraPipeline(request.modelPath, {}).checkRequest(request);
    } catch (const InvalidRequestError& e) {
        return QString::fromStdString(e.field());
    }
    return {};
}

} // namespace

class TestOpenSoraPipeline : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void initTestCase() { at::set_num_threads(2); }

    void seededRunReproducesTheReference()
    {
        SafetensorsReader golden(fixture("golden/pipeline.safetensors"));
        const GenerationRequest request = goldenRequest();
        Run run = generate(request);
        QCOMPARE(run.pipeline->stepCount(), 4);
        QCOMPARE(int(run.steps.size()), 4);
        QCOMPARE(float(run.pipeline->timestep(0)), 999.99994f); // the float32 flow time, as the reference computes it
        for (const DenoiseStepRecord& r : run.steps)
            FRAMESMITH_EXPECT_PARITY("step" + std::to_string(r.index) + ".model_output", r.modelOutput,
                                     golden.view("step" + std::to_string(r.index) + ".model_output"), 5e-4);
        const at::Tensor latents = run.pipeline->latents(); // [1, T, C, h, w]
        QCOMPARE(latents.sizes(), (at::IntArrayRef{1, 6, 4, 8, 12}));
        FRAMESMITH_EXPECT_PARITY("final_latents", latents.permute({0, 2, 1, 3, 4}), golden.view("final_latents"), 5e-4);

        for (const DenoiseStepRecord& r : run.steps) { // the family's own taps: the step's draw, the frame mask
            const std::string step = "step" + std::to_string(r.index) + ".";
            QVERIFY(r.tensors.count("mask_noise") && r.tensors.count("x_mask"));
            FRAMESMITH_EXPECT_PARITY(step + "mask_noise", r.tensors.at("mask_noise"), golden.view(step + "mask_noise"), 0.0);
            QVERIFY(r.tensors.at("x_mask").equal(golden.view(step + "x_mask")));
        }

        run.pipeline->releaseDenoiser(); // the latents outlive the denoiser: the runner checkpoints them after
        FRAMESMITH_EXPECT_PARITY("latents after release", run.pipeline->latents(), latents, 0.0);
        int chunks = 0;
        const at::Tensor frames = run.pipeline->decode(latents, request, DecodeSettings{}, [&](int, int) { ++chunks; });
        QCOMPARE(frames.sizes(), (at::IntArrayRef{20, 3, 64, 96}));
        QVERIFY(chunks > 0);
        const at::Tensor expected = golden.view("video")[0].permute({1, 0, 2, 3}).clamp(-1, 1).add(1).div(2);
        FRAMESMITH_EXPECT_PARITY("frames", frames, expected, 5e-4);
        DecodeSettings sliced;
        sliced.slicing = true; // frame by frame through the 2-D VAE: the same frames
        FRAMESMITH_EXPECT_PARITY("sliced frames", run.pipeline->decode(latents, request, sliced, {}), frames, 1e-5);
    }

    void anotherSeedGivesAnotherClip()
    {
        SafetensorsReader golden(fixture("golden/pipeline.safetensors"));
        GenerationRequest request = goldenRequest();
        request.seed = 42;
        Run run = generate(request);
        QVERIFY((run.pipeline->latents().permute({0, 2, 1, 3, 4}) - golden.view("final_latents")).abs().max().item<double>() > 0.1);
    }

    void oneFrameIsAnImage()
    {
        GenerationRequest request = goldenRequest();
        request.frameCount = 1;
        request.steps = 2;
        Run run = generate(request);
        QCOMPARE(run.pipeline->latentSize(request), (std::vector<std::int64_t>{1, 8, 12}));
        const at::Tensor frames = run.pipeline->decode(run.pipeline->latents(), request, DecodeSettings{}, {});
        QCOMPARE(frames.sizes(), (at::IntArrayRef{1, 3, 64, 96}));
        QVERIFY(at::isfinite(frames).all().item<bool>());
    }

    // sample.py runs in bf16: the model, the VAE and the size conditioning in bf16 (T5 in float32).
    // The bf16 sizes move the schedule as they do in the reference: (r - 1) rounded to bf16 makes
    // the first timestep 994.3 instead of 1000 at 64 x 96, 20 frames.
    void bfloat16RunFollowsTheReferencesBf16Schedule()
    {
        PipelineResources resources;
        resources.dtype = at::kBFloat16;
        Run run = generate(goldenRequest(), resources);
        QCOMPARE(float(run.pipeline->timestep(0)), 994.31817627f);
        QCOMPARE(run.steps.front().timesteps[0].item<float>(), 994.31817627f);
        const at::Tensor latents = run.pipeline->latents();
        QCOMPARE(latents.scalar_type(), at::kFloat);
        QVERIFY(at::isfinite(latents).all().item<bool>());
        const at::Tensor frames = run.pipeline->decode(latents, goldenRequest(), DecodeSettings{}, {});
        QCOMPARE(frames.scalar_type(), at::kFloat);
        QCOMPARE(frames.sizes(), (at::IntArrayRef{20, 3, 64, 96}));
    }

    void refusesWhatItCannotRunNamingTheField()
    {
        GenerationRequest r = goldenRequest();
        r.frameCount = 16; // floor(16 / 17) * 5 = 0: the first timestep is 0/0
        QCOMPARE(refusal(r), QString("frameCount"));
        r = goldenRequest();
        r.negativePrompt = "blurry";
        QCOMPARE(refusal(r), QString("negativePrompt"));
        r = goldenRequest();
        r.startImagePath = "/tmp/start.png"; // image-to-video: strategy "0"
        QCOMPARE(refusal(r), QString());
        r.conditioning = "0,1"; // reference 1 of one
        QCOMPARE(refusal(r), QString("conditioning"));
        r = goldenRequest();
        r.references = {"/tmp/ref.mp4"}; // no strategy places it
        QCOMPARE(refusal(r), QString("conditioning"));
        r = goldenRequest();
        r.prompt = "a cat {\"reference_path\": \"x.mp4\"}";
        QCOMPARE(refusal(r), QString("prompt"));
        r = goldenRequest();
        r.steps = 0;
        QCOMPARE(refusal(r), QString("steps"));
        r = goldenRequest();
        r.width = 8;
        QCOMPARE(refusal(r), QString("width"));
        r = goldenRequest();
        r.frameCount = 1; // an image: fps becomes 120 and the transform uses one frame
        QCOMPARE(refusal(r), QString());
    }

    void startImageIsKeptAtLatentFrameZero()
    {
        GenerationRequest request = goldenRequest();
        request.steps = 3;
        request.seed = 7;
        ConditionedRun run = conditionedRun(request);
        QCOMPARE(int(run.steps.size()), 3);
        const at::Tensor reference = run.referenceLatents[0].select(1, 0); // [C, h, w]
        const at::Tensor latents = run.pipeline->latents();                 // [1, T, C, h, w]
        QVERIFY(at::equal(latents[0][0], reference)); // mask 0: never denoised, never re-noised
        for (const OpenSoraStepRecord& step : run.steps) {
            // x_mask [2B, T] for both CFG halves: false at the kept frame, true everywhere else.
            QVERIFY(!step.xMask.select(1, 0).any().item<bool>());
            QVERIFY(step.xMask.narrow(1, 1, step.xMask.size(1) - 1).all().item<bool>());
            QVERIFY(at::equal(step.x[0].select(1, 0), reference)); // the model sees the reference
            QVERIFY(at::equal(step.x[1].select(1, 0), reference));
        }
        QVERIFY(!at::equal(latents[0][1], run.steps[0].x[0].select(1, 1))); // the others are denoised
    }

    void editRatioRenoisesTheFrameAtItsStep()
    {
        GenerationRequest request = goldenRequest();
        request.seed = 11;
        request.conditioning = "0,0,0,0,1,0.5";
        ConditionedRun run = conditionedRun(request);
        const at::Tensor reference = run.referenceLatents[0].select(1, 0);
        int renoised = -1;
        for (const OpenSoraStepRecord& step : run.steps) {
            // mask_t = 1000·0.5 ≥ t in float32 decides, step by step.
            const bool upper = 500.0f >= step.timestep[0].item<float>();
            QCOMPARE(step.xMask[0][0].item<bool>(), upper);
            QCOMPARE(step.xMask[1][0].item<bool>(), upper);
            if (!upper) {
                QVERIFY(at::equal(step.x[0].select(1, 0), reference));
            } else if (renoised < 0) {
                renoised = step.index;
                // add_noise(x0, randn_like(x0), t) on the frame entering the range, from this step's draw.
                const at::Tensor x0 = run.steps[step.index - 1].latents;
                const at::Tensor noised = OpenSoraRflowScheduler::addNoise(x0, step.maskNoise, step.timestep.narrow(0, 0, 1), 1000);
                QVERIFY(at::equal(step.x[0].select(1, 0), noised[0].select(1, 0)));
                QVERIFY(!at::equal(noised[0].select(1, 0), reference));
            } else {
                QVERIFY(at::equal(step.x[0].select(1, 0), run.steps[step.index - 1].latents[0].select(1, 0)));
            }
        }
        QCOMPARE(renoised, 2); // 64 x 96, 20 frames, 4 steps: t = 1000, 506, 255, ... after the transform
        QVERIFY(!at::equal(run.pipeline->latents()[0][0], reference));
    }

    // A reference video through the FFmpeg reader: its last two latent frames at the clip's first
    // two ("0,0,-2,0,2"), equal to the video encoded on its own.
    void videoReferenceFramesAreKept()
    {
        QTemporaryDir dir;
        const std::string path = dir.filePath("reference.mp4").toStdString();
        VideoFrames clip;
        clip.frameCount = 20;
        clip.width = 80;
        clip.height = 48;
        clip.fps = 24;
        const at::Tensor pixels = at::randint(0, 256, {20, 48, 80, 3}, at::kLong).to(at::kByte);
        clip.rgb.assign(pixels.data_ptr<std::uint8_t>(), pixels.data_ptr<std::uint8_t>() + pixels.numel());
        ExportOptions options;
        options.path = path;
        options.writeSidecar = false;
        FfmpegVideoWriter::write(clip, options);

        GenerationRequest request = goldenRequest();
        request.steps = 2;
        request.seed = 5;
        request.references = {path};
        request.conditioning = "0,0,-2,0,2";
        OpenSoraPipeline pipeline(request.modelPath, {});
        std::vector<OpenSoraStepRecord> steps;
        pipeline.setOpenSoraStepObserver([&](const OpenSoraStepRecord& r) { steps.push_back(r); });
        GeneratorNoise noise(request.seed);
        pipeline.encodeText(request);
        pipeline.prepareDenoising(request, at::Tensor(), std::nullopt, noise);
        for (int i = 0; i < pipeline.stepCount(); ++i)
            pipeline.denoiseStep(i, noise);

        const OpenSoraModelLayout layout = OpenSoraModelLayout::locate(request.modelPath);
        OpenSoraVae vae(layout.vae, layout.spatialVae, c10::kCPU, at::kFloat);
        at::Generator posterior = at::make_generator<at::CPUGeneratorImpl>(request.seed);
        const at::Tensor frames = OpenSoraReferenceFrames::read(path, request.height, request.width);
        QCOMPARE(frames.sizes(), (at::IntArrayRef{3, 20, 64, 96}));
        const at::Tensor reference = vae.encode(frames.unsqueeze(0), posterior)[0]; // [C, 6, h, w]
        QCOMPARE(reference.size(1), 6);
        const at::Tensor latents = pipeline.latents(); // [1, T, C, h, w]
        QVERIFY(at::equal(latents[0][0], reference.select(1, 4)));
        QVERIFY(at::equal(latents[0][1], reference.select(1, 5)));
        for (const OpenSoraStepRecord& step : steps)
            QVERIFY(!step.xMask.narrow(1, 0, 2).any().item<bool>() && step.xMask.narrow(1, 2, 4).all().item<bool>());
    }

    void unreadableReferenceIsNamedBeforeTextEncoding()
    {
        GenerationRequest request = goldenRequest();
        request.references = {"/nonexistent/reference.png"};
        request.conditioning = "0";
        OpenSoraPipeline pipeline(request.modelPath, {});
        try {
            pipeline.encodeText(request);
            QFAIL("a missing reference was taken");
        } catch (const FileError& e) {
            QVERIFY2(QString(e.what()).contains("/nonexistent/reference.png"), e.what());
        }
    }

    void cancelStopsTheDenoiser()
    {
        CancelToken token;
        PipelineResources resources;
        resources.cancel = &token;
        OpenSoraPipeline pipeline(fixture("models"), resources);
        GeneratorNoise noise(1);
        const GenerationRequest request = goldenRequest();
        pipeline.encodeText(request);
        pipeline.prepareDenoising(request, at::Tensor(), std::nullopt, noise);
        token.request(CancelMode::StopNow);
        QVERIFY_THROWS_EXCEPTION(CancelledError, pipeline.denoiseStep(0, noise));
    }

    void specDescribesOpenSora()
    {
        const ParameterSpec spec = OpenSoraPipeline(fixture("models"), {}).parameterSpec();
        QCOMPARE(QString::fromStdString(spec.family), QString("opensora"));
        QCOMPARE(spec.defaultWidth, 426);
        QCOMPARE(spec.defaultHeight, 240);
        QCOMPARE(spec.defaultFrames, 51);
        QCOMPARE(spec.defaultFps, 24);
        QCOMPARE(spec.minSize, 16);
        QVERIFY(validateRequest(goldenRequest(), spec).empty());
    }

    void missingRepoIsNamed()
    {
        try {
            OpenSoraPipeline(fixture("golden"), {});
            QFAIL("no error for a folder without the repos");
        } catch (const FileError& e) {
            QVERIFY2(QString(e.what()).contains("OpenSora-STDiT-v3"), e.what());
        }
    }
};

FRAMESMITH_TEST_GUILESS_MAIN(TestOpenSoraPipeline)

} // namespace tst_OpenSoraPipeline
#include "tst_OpenSoraPipeline.moc"
