// The runner's contract on a tiny model: stage/step/preview events in order, the checkpoint written
// before decoding (and readable), "finish the stage" gives a partial clip, "stop now" throws and
// emits nothing after.
#include "framesmith/Error.h"
#include "models/ModelRegistry.h"
#include "engine/GenerationRunner.h"
#include "engine/checkpoints/LatentsCheckpoint.h"
#include "support/TestPaths.h"
#include "support/TestRegistry.h"

#include <ATen/ATen.h>
#include <QTemporaryDir>
#include <QtTest/QtTest>
#include <c10/core/InferenceMode.h>

namespace tst_GenerationRunner {

using namespace framesmith;

namespace {

struct RecordingSink : ProgressSink {
    std::vector<Stage> stages;
    std::vector<StepFinished> steps;
    std::vector<PreviewFrames> previews;
    int vaeProgress = 0;
    CancelToken* cancelAfterStep = nullptr;
    CancelMode cancelMode = CancelMode::None;
    int cancelAt = 0;

    void onStageStarted(const StageStarted& e) override { stages.push_back(e.stage); }
    void onStageProgress(const StageProgress& e) override { vaeProgress += e.stage == Stage::VaeDecoding; }
    void onPreview(const PreviewFrames& p) override { previews.push_back(p); }
    void onStepFinished(const StepFinished& e) override
    {
        steps.push_back(e);
        if (cancelAfterStep && e.step == cancelAt)
            cancelAfterStep->request(cancelMode);
    }
};

GenerationRequest tinyRequest()
{
    GenerationRequest r;
    r.modelPath = test::cogvideoxFixture("models/tiny-2b");
    r.prompt = "a panda";
    r.negativePrompt = "blurry";
    r.width = 96;
    r.height = 64;
    r.frameCount = 9;
    r.steps = 3;
    r.seed = 7;
    return r;
}

} // namespace

class TestGenerationRunner : public QObject {
    Q_OBJECT

private:
    QTemporaryDir m_dir;

private Q_SLOTS:
    void runsEveryStageAndCheckpointsBeforeDecoding()
    {
        c10::InferenceMode inference;
        auto pipeline = ModelRegistry::createPipeline(tinyRequest().modelPath, PipelineResources{});
        RecordingSink sink;
        CancelToken cancel;
        GenerationRunner runner(*pipeline, sink, cancel);
        RunOptions options;
        options.checkpointPath = m_dir.filePath("full.safetensors").toStdString();
        GenerationResult result = runner.run(tinyRequest(), options);

        QCOMPARE(sink.stages, (std::vector<Stage>{Stage::TextEncoding, Stage::Denoising, Stage::VaeDecoding}));
        QCOMPARE(sink.steps.size(), std::size_t(3));
        QCOMPARE(sink.steps.back().step, 3);
        QCOMPARE(sink.steps.back().etaSeconds, 0.0);
        QVERIFY(sink.steps[0].timestep > sink.steps[1].timestep);
        QCOMPARE(sink.previews.size(), std::size_t(3));
        QCOMPARE(sink.previews[0].rgb.size(), std::size_t(3 * 8 * 12 * 3)); // 3 latent frames of 8x12
        QVERIFY(sink.vaeProgress > 0);
        QCOMPARE(result.clip.frameCount, 9);
        QCOMPARE(result.clip.width, 96);
        QCOMPARE(result.clip.rgb.size(), std::size_t(9 * 64 * 96 * 3));
        QVERIFY(!result.isPartial);
        LatentsCheckpoint saved = LatentsCheckpoint::read(result.latentsCheckpointPath);
        QVERIFY(at::equal(saved.latents, pipeline->latents().cpu()));
        QCOMPARE(saved.request.prompt, std::string("a panda"));
        QCOMPARE(saved.stepsCompleted, 3);
    }

    void finishStageDecodesWhatIsThere()
    {
        c10::InferenceMode inference;
        auto pipeline = ModelRegistry::createPipeline(tinyRequest().modelPath, PipelineResources{});
        RecordingSink sink;
        CancelToken cancel;
        sink.cancelAfterStep = &cancel;
        sink.cancelMode = CancelMode::FinishStage;
        sink.cancelAt = 1;
        GenerationRunner runner(*pipeline, sink, cancel);
        RunOptions options;
        options.checkpointPath = m_dir.filePath("partial.safetensors").toStdString();
        GenerationResult result = runner.run(tinyRequest(), options);
        QVERIFY(result.isPartial);
        QCOMPARE(result.stepsCompleted, 1);
        QCOMPARE(result.clip.frameCount, 9);
        QVERIFY(LatentsCheckpoint::read(options.checkpointPath).isPartial);
    }

    void stopNowThrowsCancelled()
    {
        c10::InferenceMode inference;
        auto pipeline = ModelRegistry::createPipeline(tinyRequest().modelPath, PipelineResources{});
        RecordingSink sink;
        CancelToken cancel;
        sink.cancelAfterStep = &cancel;
        sink.cancelMode = CancelMode::StopNow;
        sink.cancelAt = 2;
        GenerationRunner runner(*pipeline, sink, cancel);
        RunOptions options;
        options.checkpointPath = m_dir.filePath("stopped.safetensors").toStdString();
        QVERIFY_THROWS_EXCEPTION(CancelledError, runner.run(tinyRequest(), options));
        QCOMPARE(sink.steps.size(), std::size_t(2));
        QVERIFY(std::find(sink.stages.begin(), sink.stages.end(), Stage::VaeDecoding) == sink.stages.end());
    }

    void sameSeedSameClip()
    {
        c10::InferenceMode inference;
        std::vector<at::Tensor> latents;
        for (int i = 0; i < 2; ++i) {
            auto pipeline = ModelRegistry::createPipeline(tinyRequest().modelPath, PipelineResources{});
            RecordingSink sink;
            CancelToken cancel;
            GenerationRunner runner(*pipeline, sink, cancel);
            RunOptions options;
            options.checkpointPath = m_dir.filePath("seed.safetensors").toStdString();
            options.isDecodeWanted = false;
            runner.run(tinyRequest(), options);
            latents.push_back(pipeline->latents().clone());
        }
        QVERIFY(at::equal(latents[0], latents[1]));
    }
};

FRAMESMITH_TEST_GUILESS_MAIN(TestGenerationRunner)

} // namespace tst_GenerationRunner
#include "tst_GenerationRunner.moc"
