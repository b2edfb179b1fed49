// Wan's knobs, declared by the family: flow_shift on every variant (its default the scheduler
// config's), guidance_scale_2 and boundary_ratio on the A14B variants only (the first without a
// default: the guidance scale, as diffusers does; the second model_index.json's). They reach the
// sampler and the expert switch from the request, change the run (boundary_ratio moves the switch
// step), and are refused out of range, on the wrong variant, or as a CLI flag the model does not declare.
#include "framesmith/Engine.h"
#include "models/wan/pipeline/WanPipeline.h"
#include "schedulers/NoiseSource.h"
#include "support/CliRun.h"
#include "support/TestRegistry.h"
#include "WanFixtures.h"

#include <ATen/ATen.h>
#include <QTemporaryDir>
#include <QtTest/QtTest>
#include <c10/core/InferenceMode.h>

namespace tst_WanKnobs {

using namespace framesmith;

namespace {

struct Denoised {
    std::vector<double> timesteps;
    std::vector<int> experts; // 0: transformer, 1: transformer_2
    at::Tensor latents;
};

// The pipeline's denoising of `request` (no decode): the timesteps it ran and the final latents.
Denoised denoise(const GenerationRequest& request)
{
    c10::InferenceMode inference;
    WanPipeline pipeline(request.modelPath, PipelineResources{});
    pipeline.encodeText(request);
    GeneratorNoise noise(request.seed);
    pipeline.prepareDenoising(request, at::Tensor(), std::nullopt, noise);
    Denoised out;
    for (int i = 0; i < pipeline.stepCount(); ++i) {
        out.timesteps.push_back(pipeline.timestep(i));
        out.experts.push_back(pipeline.expertAt(i));
        pipeline.denoiseStep(i, noise);
    }
    out.latents = pipeline.latents().clone();
    return out;
}

const FieldError* find(const std::vector<FieldError>& errors, const std::string& field, FieldRule rule)
{
    for (const FieldError& e : errors)
        if (e.field == field && e.rule == rule)
            return &e;
    return nullptr;
}

} // namespace

class TestWanKnobs : public QObject {
    Q_OBJECT

private:
    QTemporaryDir m_dir;

    std::string model(const std::string& variant) { return test::wanModelFolder(variant, m_dir.path().toStdString()); }

private Q_SLOTS:
    void everyVariantShiftsOnlyA14BHasASecondGuidance()
    {
        const ParameterSpec t2v = Engine::parameterSpec(model("wan2.1-t2v"));
        QCOMPARE(t2v.knobs.size(), std::size_t(1));
        const FamilyKnob* shift = t2v.knob("flow_shift");
        QVERIFY(shift);
        QCOMPARE(shift->kind, KnobKind::Number);
        QVERIFY(shift->defaultValue && *shift->defaultValue == KnobValue(3.0)); // its scheduler config's
        QVERIFY(!t2v.knob("guidance_scale_2"));
        const ParameterSpec ti2v = Engine::parameterSpec(model("wan2.2-ti2v"));
        const FamilyKnob* ti2vShift = ti2v.knob("flow_shift");
        QVERIFY(ti2vShift && ti2vShift->defaultValue && *ti2vShift->defaultValue == KnobValue(5.0));
        const ParameterSpec a14b = Engine::parameterSpec(model("wan2.2-a14b"));
        const FamilyKnob* second = a14b.knob("guidance_scale_2");
        QVERIFY(second);
        QVERIFY(!second->defaultValue); // diffusers: guidance_scale_2 = guidance_scale when not given
        QVERIFY(a14b.knob("flow_shift"));
        QVERIFY(Engine::parameterSpec(model("wan2.2-i2v-a14b")).knob("guidance_scale_2"));
    }

    void outOfRangeOrForeignKnobsAreRefused()
    {
        GenerationRequest r = test::wanRequest(model("wan2.2-a14b"));
        r.knobs = {{"flow_shift", 25.0}, {"guidance_scale_2", true}};
        std::vector<FieldError> errors = validateRequest(r, Engine::parameterSpec(r.modelPath));
        const FieldError* shift = find(errors, "knobs.flow_shift", FieldRule::KnobOutOfRange);
        QVERIFY(shift);
        QCOMPARE(shift->args, (std::vector<std::string>{"flow_shift", "0.1", "20", "25"}));
        QVERIFY(find(errors, "knobs.guidance_scale_2", FieldRule::KnobKind));
        r.knobs = {{"guidance_scale_2", 60.0}};
        QVERIFY(find(validateRequest(r, Engine::parameterSpec(r.modelPath)), "knobs.guidance_scale_2",
                     FieldRule::KnobOutOfRange));
        r = test::wanRequest(model("wan2.1-t2v")); // one expert: no second guidance
        r.knobs = {{"guidance_scale_2", 3.0}};
        errors = validateRequest(r, Engine::parameterSpec(r.modelPath));
        const FieldError* foreign = find(errors, "knobs.guidance_scale_2", FieldRule::UnknownKnob);
        QVERIFY(foreign);
        QVERIFY2(foreign->message.find("flow_shift") != std::string::npos, foreign->message.c_str());
    }

    void flowShiftMovesTheTimestepsAndTheDefaultChangesNothing()
    {
        GenerationRequest r = test::wanRequest(model("wan2.1-t2v"));
        const Denoised own = denoise(r);
        r.knobs["flow_shift"] = 3.0; // the config's own value
        const Denoised same = denoise(r);
        QCOMPARE(same.timesteps, own.timesteps);
        QVERIFY(at::equal(same.latents, own.latents));
        r.knobs["flow_shift"] = 8.0;
        const Denoised shifted = denoise(r);
        QVERIFY(shifted.timesteps != own.timesteps);
        QVERIFY(shifted.timesteps[1] > own.timesteps[1]); // a larger shift stays longer at high noise
        QVERIFY(!at::allclose(shifted.latents, own.latents));
    }

    void secondGuidanceChangesTheRunAndDefaultsToTheGuidance()
    {
        GenerationRequest r = test::wanRequest(model("wan2.2-a14b")); // experts per step: 0, 0, 1, 1
        const Denoised own = denoise(r);
        r.knobs["guidance_scale_2"] = 4.0; // the guidance scale: what diffusers does without it
        QVERIFY(at::equal(denoise(r).latents, own.latents));
        r.knobs["guidance_scale_2"] = 1.5;
        QVERIFY(!at::allclose(denoise(r).latents, own.latents));
    }

    void boundaryRatioDefaultsToTheModelIndexAndIsRefusedOutsideZeroToOne()
    {
        const ParameterSpec a14b = Engine::parameterSpec(model("wan2.2-a14b"));
        const FamilyKnob* t2v = a14b.knob("boundary_ratio");
        QVERIFY(t2v && t2v->kind == KnobKind::Number);
        QVERIFY(t2v->defaultValue && *t2v->defaultValue == KnobValue(0.875)); // model_index.json's
        const ParameterSpec i2vSpec = Engine::parameterSpec(model("wan2.2-i2v-a14b"));
        const FamilyKnob* i2v = i2vSpec.knob("boundary_ratio");
        QVERIFY(i2v && i2v->defaultValue && *i2v->defaultValue == KnobValue(0.9));
        QVERIFY(!Engine::parameterSpec(model("wan2.1-t2v")).knob("boundary_ratio")); // one expert
        GenerationRequest r = test::wanRequest(model("wan2.2-a14b"));
        for (double outside : {0.0, 1.0, 1.5, -0.2}) {
            r.knobs = {{"boundary_ratio", outside}};
            QVERIFY2(find(validateRequest(r, Engine::parameterSpec(r.modelPath)), "knobs.boundary_ratio",
                          FieldRule::KnobOutOfRange),
                     std::to_string(outside).c_str());
        }
        r.knobs = {{"boundary_ratio", 0.5}};
        QVERIFY(validateRequest(r, Engine::parameterSpec(r.modelPath)).empty());
    }

    void boundaryRatioMovesTheSwitchStepAndTheDefaultChangesNothing()
    {
        GenerationRequest r = test::wanRequest(model("wan2.2-a14b"));
        const Denoised own = denoise(r);
        QCOMPARE(own.experts, (std::vector<int>{0, 0, 1, 1})); // boundary 0.875 (tst_WanPipeline's golden order)
        r.knobs["boundary_ratio"] = 0.875; // model_index.json's own value
        const Denoised same = denoise(r);
        QCOMPARE(same.experts, own.experts);
        QVERIFY(at::equal(same.latents, own.latents));
        r.knobs["boundary_ratio"] = 0.7; // timesteps 1000, 900, 750, 500: transformer_2 takes over a step later
        const Denoised moved = denoise(r);
        QCOMPARE(moved.timesteps, own.timesteps);
        QCOMPARE(moved.experts, (std::vector<int>{0, 0, 0, 1}));
        QVERIFY(!at::allclose(moved.latents, own.latents));
    }

    void theCliTakesTheModelsKnobsAndRefusesOthers()
    {
        const QString t2v = QString::fromStdString(model("wan2.1-t2v"));
        const test::CliRun inspect = test::runCli({"inspect", t2v, "--summary"});
        QVERIFY2(inspect.output.contains(QStringLiteral("knob --flow-shift NUMBER  0.1 to 20, default 3: ")),
                 qPrintable(inspect.output));
        QVERIFY2(!inspect.output.contains(QStringLiteral("--guidance-scale-2")), qPrintable(inspect.output));
        const QStringList base = {"generate", "--model", t2v, "--prompt", "a fox", "--width", "48", "--height", "32",
                                  "--frames", "9", "--steps", "2", "--out", m_dir.filePath("refused.safetensors")};
        test::CliRun refused = test::runCli(base + QStringList{"--guidance-scale-2", "3"});
        QCOMPARE(refused.exitCode, 2);
        QVERIFY2(refused.output.contains(QStringLiteral("--guidance-scale-2")) &&
                     refused.output.contains(QStringLiteral("--flow-shift")),
                 qPrintable(refused.output));
        refused = test::runCli(base + QStringList{"--dynamic-guidance"}); // another family's switch
        QCOMPARE(refused.exitCode, 2);
        QVERIFY2(refused.output.contains(QStringLiteral("--dynamic-guidance")), qPrintable(refused.output));
        refused = test::runCli(base + QStringList{"--flow-shift", "50"});
        QCOMPARE(refused.exitCode, 2);
        QVERIFY2(refused.output.contains(QStringLiteral("0.1 to 20")), qPrintable(refused.output));
        QVERIFY(!QFileInfo::exists(m_dir.filePath("refused.safetensors")));
    }

    void aJobFilesKnobsReachTheSidecar()
    {
        const std::string a14b = model("wan2.2-a14b");
        GenerationRequest r = test::wanRequest(a14b);
        r.steps = 2;
        r.knobs = {{"flow_shift", 5.0}, {"guidance_scale_2", 2.0}};
        const QString job = m_dir.filePath("job.json"), out = m_dir.filePath("knobs.safetensors");
        QFile file(job);
        QVERIFY(file.open(QIODevice::WriteOnly));
        file.write(QByteArray::fromStdString(toJson(r)));
        file.close();
        const test::CliRun run =
            test::runCli({"generate", "--job", job, "--out", out, "--quiet"}, test::withDataDir(m_dir.filePath("data")));
        QVERIFY2(run.exitCode == 0, qPrintable(run.output));
        const GenerationRequest back =
            requestFromJson(SafetensorsReader(out.toStdString()).metadata().at("request"));
        QVERIFY(back.knobs == r.knobs);
    }
};

FRAMESMITH_TEST_GUILESS_MAIN(TestWanKnobs)

} // namespace tst_WanKnobs
#include "tst_WanKnobs.moc"
