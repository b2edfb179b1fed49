// WanPipeline against diffusers 0.36 WanPipeline / WanImageToVideoPipeline on the tiny fixture
// models (golden/pipeline/*.safetensors, CPU, float32): every recorded tensor within the README's
// tolerances, through the `eval pipeline` handler; a paused and resumed run equal to an
// uninterrupted one bit for bit (across A14B's expert switch); the switch step and the one-expert
// residency; the switch reported through the engine at its step; start images of another size
// stretched to the clip, as the reference does.
#include "framesmith/Engine.h"
#include "framesmith/Error.h"
#include "engine/GenerationRunner.h"
#include "engine/checkpoints/LatentsCheckpoint.h"
#include "io/SafetensorsReader.h"
#include "models/VaeImageProcessor.h"
#include "models/wan/eval/WanPipelineEval.h"
#include "models/wan/pipeline/WanPipeline.h"
#include "models/wan/vae/WanVaeTiling.h"
#include "sampling/StepCache.h"
#include "support/StepCacheRuns.h"
#include "support/TensorParity.h"
#include "support/TestRegistry.h"
#include "WanFixtures.h"
#include "WanRecordingPlacement.h"

#include <ATen/ATen.h>
#include <QTemporaryDir>
#include <QtTest/QtTest>
#include <c10/core/InferenceMode.h>

#include <algorithm>

namespace tst_WanPipeline {

using namespace framesmith;

namespace {

// README "Tolerances": atol per golden (rtol 1e-4); -1: exact.
double toleranceOf(const std::string& name)
{
    if (name == "noise" || name == "timesteps" || name == "expert_per_step" || name == "first_frame_mask" ||
        name == "image_preprocessed" || name == "image_uint8" || name.find("_timestep") != std::string::npos)
        return -1;
    if (name == "prompt_embeds" || name == "negative_prompt_embeds" || name == "image_embeds")
        return 1e-4;
    if (name == "vae_decode_input")
        return 2e-3;
    return 5e-4; // step*, condition, decoded, frames
}

struct Quiet : ProgressSink {};

} // namespace

class TestWanPipeline : public QObject {
    Q_OBJECT

private:
    QTemporaryDir m_dir;

    std::string model(const std::string& variant) { return test::wanModelFolder(variant, m_dir.path().toStdString()); }

    // The runner's run of `request` (paused after pauseAfter steps when > 0): its final latents.
    GenerationResult run(WanPipeline& pipeline, const GenerationRequest& request, int pauseAfter,
                         const LatentsCheckpoint* resume, const std::string& checkpoint, StepCache* cache = nullptr,
                         const at::Tensor& startImage = at::Tensor())
    {
        Quiet sink;
        CancelToken cancel;
        GenerationRunner runner(pipeline, sink, cancel);
        RunOptions options;
        options.checkpointPath = m_dir.filePath(QString::fromStdString(checkpoint)).toStdString();
        options.isDecodeWanted = false;
        options.isPreviewWanted = false;
        options.pauseAfterStep = pauseAfter;
        options.resume = resume;
        options.stepCache = cache;
        options.startImage = startImage;
        return runner.run(request, options);
    }

private Q_SLOTS:
    void matchesDiffusers_data()
    {
        QTest::addColumn<QString>("name");
        QTest::addColumn<QString>("variant");
        QTest::newRow("wan2.1-t2v") << "wan2.1-t2v" << "wan2.1-t2v";
        QTest::newRow("wan2.2-a14b") << "wan2.2-a14b" << "wan2.2-a14b";
        QTest::newRow("wan2.2-ti2v-t2v") << "wan2.2-ti2v-t2v" << "wan2.2-ti2v";
        QTest::newRow("wan2.2-ti2v-i2v") << "wan2.2-ti2v-i2v" << "wan2.2-ti2v";
        QTest::newRow("wan2.2-i2v-a14b") << "wan2.2-i2v-a14b" << "wan2.2-i2v-a14b";
        QTest::newRow("wan2.1-i2v (CLIP image rows)") << "wan2.1-i2v" << "wan2.1-i2v";
    }

    void matchesDiffusers()
    {
        QFETCH(QString, name);
        QFETCH(QString, variant);
        c10::InferenceMode inference;
        const std::string casePath = test::wanFixture("golden/pipeline/" + name.toStdString() + ".safetensors");
        SafetensorsReader golden(casePath);
        EvalCase c{model(variant.toStdString()), golden, test::wanMetadata(golden), casePath};
        const EvalOutputs out = wanPipelineEval().run(c);
        for (const auto& entry : golden.entries()) {
            const std::string& tensor = entry.name;
            const auto it = out.find(tensor);
            QVERIFY2(it != out.end(), ("no output " + tensor).c_str());
            const double atol = toleranceOf(tensor);
            if (atol < 0)
                QVERIFY2(it->second.equal(golden.view(tensor)), (tensor + " differs").c_str());
            else
                FRAMESMITH_EXPECT_PARITY(tensor, it->second, golden.view(tensor), atol);
        }
    }

    void resumedRunEqualsUninterruptedAcrossTheSwitch()
    {
        c10::InferenceMode inference;
        const GenerationRequest request = test::wanRequest(model("wan2.2-a14b"));
        WanPipeline whole(request.modelPath, PipelineResources{});
        run(whole, request, 0, nullptr, "whole.safetensors");
        const at::Tensor expected = whole.latents().clone();

        WanPipeline first(request.modelPath, PipelineResources{});
        const GenerationResult paused = run(first, request, 2, nullptr, "paused.safetensors");
        QVERIFY(paused.isPaused);
        QCOMPARE(paused.stepsCompleted, 2);
        const LatentsCheckpoint checkpoint = LatentsCheckpoint::readPaused(paused.latentsCheckpointPath);
        QVERIFY(!checkpoint.schedulerState.empty()); // UniPC's previous data predictions
        WanPipeline second(request.modelPath, PipelineResources{});
        const GenerationResult resumed = run(second, checkpoint.request, 0, &checkpoint, "resumed.safetensors");
        QCOMPARE(resumed.stepsCompleted, 4);
        QVERIFY2(at::equal(second.latents(), expected), "the resumed run differs from the uninterrupted one");
    }

    void switchesExpertsAtTheBoundaryWithOneLoaded_data()
    {
        QTest::addColumn<QString>("variant");
        QTest::addColumn<QVector<int>>("experts");
        QTest::newRow("t2v-a14b (boundary 875)") << "wan2.2-a14b" << QVector<int>{0, 0, 1, 1};
        QTest::newRow("i2v-a14b (boundary 900)") << "wan2.2-i2v-a14b" << QVector<int>{0, 1, 1, 1};
    }

    void switchesExpertsAtTheBoundaryWithOneLoaded()
    {
        QFETCH(QString, variant);
        QFETCH(QVector<int>, experts);
        c10::InferenceMode inference;
        GenerationRequest request = test::wanRequest(model(variant.toStdString()));
        at::Tensor image;
        if (variant.contains("i2v")) {
            image = at::full({32, 48, 3}, 128, at::kByte);
            request.startImagePath = "start.png"; // read by the runner; here handed in as `image`
        }
        test::WanRecordingPlacement placement;
        PipelineResources resources;
        resources.placement = &placement;
        request.knobs["guidance_scale_2"] = 1.5;
        WanPipeline pipeline(request.modelPath, resources);
        std::vector<double> guidance;
        pipeline.setWanStepObserver([&](const WanStepRecord& r) { guidance.push_back(r.guidanceScale); });
        pipeline.encodeText(request);
        GeneratorNoise noise(request.seed);
        pipeline.prepareDenoising(request, image, std::nullopt, noise);
        for (int i = 0; i < pipeline.stepCount(); ++i) {
            QCOMPARE(pipeline.expertAt(i), experts[i]);
            pipeline.denoiseStep(i, noise);
            QCOMPARE(guidance.back(), experts[i] == 0 ? 4.0 : 1.5);
            QVERIFY2(placement.attached.size() == 1, placement.log().c_str()); // one expert at a time
        }
        pipeline.releaseDenoiser();
        // Each expert attached once, the high-noise one detached before the low-noise one came.
        const std::string log = placement.log();
        QVERIFY2(log.find("+transformer -transformer +transformer_2 -transformer_2") != std::string::npos, log.c_str());
    }

    void anExpertTakingOverIsReportedAtItsStep()
    {
        // Through the engine, whose placement sees what attaches: the Denoising stage starts again
        // when transformer_2 takes over, between steps 2 and 3 (boundary 875: experts 0, 0, 1, 1);
        // front ends mark it on the memory graph.
        struct Events : ProgressSink {
            std::vector<std::string> log;
            void onStageStarted(const StageStarted& e) override { log.push_back(stageName(e.stage) + (": " + e.detail)); }
            void onStepFinished(const StepFinished& e) override { log.push_back("step " + std::to_string(e.step)); }
        } sink;
        const GenerationRequest request = test::wanRequest(model("wan2.2-a14b"));
        CancelToken cancel;
        Engine engine;
        engine.generate(request, sink, cancel);
        std::string all;
        for (const std::string& e : sink.log)
            all += e + "\n";
        const auto swap = std::find(sink.log.begin(), sink.log.end(),
                                    "denoise: transformer_2 takes over from transformer at step 3 of 4");
        QVERIFY2(swap != sink.log.end(), all.c_str());
        QCOMPARE(*(swap - 1), std::string("step 2"));
        QCOMPARE(*(swap + 1), std::string("step 3"));
        const auto denoiseStarts = std::count_if(sink.log.begin(), sink.log.end(),
                                                 [](const std::string& e) { return e.rfind("denoise:", 0) == 0; });
        QVERIFY2(denoiseStarts == 2, all.c_str()); // the stage's own start and the switch
    }

    void stepCacheThatNeverSkipsChangesNoBit()
    {
        c10::InferenceMode inference;
        const GenerationRequest request = test::wanRequest(model("wan2.2-a14b"));
        WanPipeline plain(request.modelPath, PipelineResources{});
        run(plain, request, 0, nullptr, "plain.safetensors");
        StepCache cache(StepCachePolicy::neverSkip());
        WanPipeline cached(request.modelPath, PipelineResources{});
        run(cached, request, 0, nullptr, "cached.safetensors", &cache);
        QCOMPARE(cache.computedCount(), 8); // 4 steps x (cond, uncond)
        QVERIFY(at::equal(cached.latents(), plain.latents()));
    }

    void stepCacheKeepsEachExpertsResidualApart()
    {
        c10::InferenceMode inference;
        GenerationRequest request = test::wanRequest(model("wan2.2-i2v-a14b")); // experts 0, 1, 1, 1
        request.startImagePath = "start.png";
        StepCachePolicy policy;
        policy.kind = StepCachePolicy::Kind::FixedInterval;
        policy.interval = 2;
        policy.warmupSteps = 1;
        StepCache cache(policy);
        WanPipeline pipeline(request.modelPath, PipelineResources{});
        run(pipeline, request, 0, nullptr, "experts.safetensors", &cache, at::full({32, 48, 3}, 90, at::kByte));
        // Step 1 is the low-noise expert's first: computed although the interval would skip it,
        // since only the high-noise expert's residual exists; step 3 reuses step 2's.
        QCOMPARE(test::computedSteps(cache, 2), (std::vector<int>{1, 2}));
        QCOMPARE(test::computedSteps(cache, 3), (std::vector<int>{1, 2}));
        QCOMPARE(test::computedSteps(cache, 0), (std::vector<int>{0}));
    }

    void decodesInTilesWhenTheSettingsSay()
    {
        c10::InferenceMode inference;
        const GenerationRequest request = test::wanRequest(model("wan2.1-t2v")); // 48 x 32: latents 6 x 4
        WanPipeline pipeline(request.modelPath, PipelineResources{});
        const at::Tensor latents = at::randn({1, 3, 16, 4, 6}, at::TensorOptions().dtype(at::kFloat));
        const at::Tensor whole = pipeline.decode(latents, request, DecodeSettings{}, {});
        DecodeSettings tiled;
        tiled.tiling = true;
        tiled.tileHeight = tiled.tileWidth = 32; // strides 32·(1 − 1/6) and 32·(1 − 1/5): 24 pixels each
        const at::Tensor frames = pipeline.decode(latents, request, tiled, {});
        QCOMPARE(frames.sizes(), (at::IntArrayRef{9, 3, 32, 48}));
        const auto vae = WanVae::load(request.modelPath + "/vae", at::kFloat, at::kCPU);
        const at::Tensor expected = WanVaeTiling::decode(*vae, pipeline.lastDecodeInput(), WanVaeTiles{32, 32, 24, 24});
        QVERIFY(pipeline.lastDecoded().equal(expected));
        QVERIFY(!frames.equal(whole)); // the tiles' seams blend: not the untiled decode
    }

    void runsTheRequestedSampler()
    {
        c10::InferenceMode inference;
        GenerationRequest request = test::wanRequest(model("wan2.1-t2v"));
        request.scheduler = "euler";
        WanPipeline pipeline(request.modelPath, PipelineResources{});
        std::vector<at::Tensor> timesteps;
        pipeline.setWanStepObserver([&](const WanStepRecord& r) { timesteps.push_back(r.timestepInput); });
        pipeline.encodeText(request);
        GeneratorNoise noise(request.seed);
        pipeline.prepareDenoising(request, at::Tensor(), std::nullopt, noise);
        pipeline.denoiseStep(0, noise);
        pipeline.denoiseStep(1, noise);
        // FlowMatchEuler's float32 timesteps, shifted twice by the config's flow_shift 3 (1000·shift(shift(2/3))
        // ≈ 857.7; UniPC's are 999, 899 in int64)
        QCOMPARE(timesteps[1].scalar_type(), at::kFloat);
        QVERIFY2(std::abs(pipeline.timestep(1) - 857.7) < 0.1, std::to_string(pipeline.timestep(1)).c_str());
        request.scheduler = "ddim";
        QVERIFY_THROWS_EXCEPTION(InvalidRequestError, pipeline.prepareDenoising(request, at::Tensor(), std::nullopt, noise));
    }

    void countsPromptTokensWithoutWeights()
    {
        WanPipeline pipeline(model("wan2.1-t2v"), PipelineResources{});
        const PromptTokenCount count = pipeline.countPromptTokens("a panda &amp;amp; a   guitar");
        QCOMPARE(count.limit, 512);
        QVERIFY(count.count > 1 && count.count < 20);
        QVERIFY(!count.isTruncated());
    }

    void guidanceScale2DefaultsToGuidance()
    {
        c10::InferenceMode inference;
        const GenerationRequest request = test::wanRequest(model("wan2.2-a14b"));
        WanPipeline pipeline(request.modelPath, PipelineResources{});
        std::vector<double> guidance;
        pipeline.setWanStepObserver([&](const WanStepRecord& r) { guidance.push_back(r.guidanceScale); });
        pipeline.encodeText(request);
        GeneratorNoise noise(request.seed);
        pipeline.prepareDenoising(request, at::Tensor(), std::nullopt, noise);
        for (int i = 0; i < pipeline.stepCount(); ++i)
            pipeline.denoiseStep(i, noise);
        QCOMPARE(guidance, (std::vector<double>{4.0, 4.0, 4.0, 4.0}));
    }

    void generatesFromAStartImageOfAnotherSize_data()
    {
        QTest::addColumn<QString>("variant");
        QTest::addColumn<int>("width");
        QTest::addColumn<int>("height");
        QTest::addColumn<int>("conditionFrames"); // TI2V: the first latent frame; I2V: all of them
        // Wider and taller than the clip, another aspect ratio (the CLIP encoder of Wan 2.1 I2V
        // resizes and crops the original on its own).
        QTest::newRow("wan2.2-ti2v (first frame)") << "wan2.2-ti2v" << 96 << 64 << 1;
        QTest::newRow("wan2.1-i2v (channels + CLIP)") << "wan2.1-i2v" << 48 << 32 << 3;
        QTest::newRow("wan2.2-i2v-a14b (channels)") << "wan2.2-i2v-a14b" << 48 << 32 << 3;
    }

    void generatesFromAStartImageOfAnotherSize()
    {
        QFETCH(QString, variant);
        QFETCH(int, width);
        QFETCH(int, height);
        QFETCH(int, conditionFrames);
        c10::InferenceMode inference;
        GenerationRequest request = test::wanRequest(model(variant.toStdString()));
        request.width = width;
        request.height = height;
        request.steps = 2;
        request.startImagePath = "start.png";
        at::manual_seed(5);
        const at::Tensor image = at::randint(0, 256, {57, 100, 3}, at::kByte);
        WanPipeline pipeline(request.modelPath, PipelineResources{});
        const GenerationResult result = run(pipeline, request, 0, nullptr, "resized.safetensors", nullptr, image);
        QCOMPARE(result.stepsCompleted, 2);
        QVERIFY(pipeline.latents().isfinite().all().item<bool>());
        // video_processor.preprocess(image, height, width): stretched to the clip, then encoded
        QVERIFY(pipeline.preprocessedImage().equal(VaeImageProcessor::preprocess(image, height, width)));
        QCOMPARE(pipeline.conditionTensor().size(2), conditionFrames);
        QCOMPARE(pipeline.conditionTensor().size(4), pipeline.latents().size(4));
        QCOMPARE(pipeline.imageEmbeds().defined(), variant == "wan2.1-i2v");
    }

    void refusesWhatTheModelCannotRun()
    {
        c10::InferenceMode inference;
        GenerationRequest request = test::wanRequest(model("wan2.2-i2v-a14b"));
        WanPipeline i2v(request.modelPath, PipelineResources{});
        QVERIFY_THROWS_EXCEPTION(InvalidRequestError, i2v.encodeText(request)); // no start image
        request = test::wanRequest(model("wan2.1-t2v"));
        request.frameCount = 10;
        WanPipeline t2v(request.modelPath, PipelineResources{});
        QVERIFY_THROWS_EXCEPTION(InvalidRequestError, t2v.encodeText(request)); // not 4k + 1
        request.frameCount = 9;
        request.width = 40;
        QVERIFY_THROWS_EXCEPTION(InvalidRequestError, t2v.encodeText(request)); // not a multiple of 16
    }
};

FRAMESMITH_TEST_GUILESS_MAIN(TestWanPipeline)

} // namespace tst_WanPipeline
#include "tst_WanPipeline.moc"
