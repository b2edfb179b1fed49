// Open-Sora 1.2 through the family seam: the three repos recognised as one model (by the folder
// holding them or by the STDiT3 repo; the VAE and T5 repos are not models of their own), a
// layout missing a repo refused naming it, inspection from the configs, the planner on the
// full-size configs for 24, 12 and 8 GB, RFLOW as the sampler, and the eval kinds.
#include "framesmith/Engine.h"
#include "framesmith/Error.h"
#include "memory/presets/PresetStore.h"
#include "models/ModelRegistry.h"
#include "models/opensora/OpenSoraFamily.h"
#include "models/opensora/planning/OpenSoraPlanning.h"
#include "support/TestPaths.h"
#include "support/TestRegistry.h"

#include <QTemporaryDir>
#include <QtTest/QtTest>

#include <filesystem>

namespace tst_OpenSoraFamily {

using namespace framesmith;
namespace fs = std::filesystem;

namespace {

std::string fixture(const std::string& relative) { return test::fixturesDir() + "/opensora/" + relative; }

GenerationRequest sampleRequest(const std::string& model)
{
    GenerationRequest r; // configs/opensora-v1-2/inference/sample.py: 240p 9:16, 51 frames, 30 steps
    r.modelPath = model;
    r.prompt = "a beautiful waterfall";
    r.width = 426;
    r.height = 240;
    r.frameCount = 51;
    r.fps = 24;
    r.steps = 30;
    r.guidanceScale = 7.0;
    return r;
}

std::vector<DeviceInfo> gpu(int gib) { return {{0, "simulated", std::int64_t(gib) << 30, std::int64_t(gib) << 30}}; }

} // namespace

class TestOpenSoraFamily : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void theRepoFolderAndTheStditRepoAreOneModel()
    {
        const OpenSoraFamily family;
        QVERIFY(family.recognise(fixture("models")).isClaimed());
        QVERIFY(family.recognise(fixture("models/hpcai-tech/OpenSora-STDiT-v3")).isClaimed());
        QVERIFY(family.recognise(fixture("models/hpcai-tech/OpenSora-VAE-v1.2")).isForeign());
        QVERIFY(family.recognise(fixture("models/DeepFloyd/t5-v1_1-xxl")).isForeign());
        QVERIFY(family.recognise(fixture("golden")).isForeign());
        QCOMPARE(ModelRegistry::recognise(fixture("models")), ModelRegistry::find("opensora"));
    }

    void aMissingRepoIsNamed()
    {
        QTemporaryDir dir;
        const fs::path root(dir.path().toStdString());
        fs::create_directories(root / "hpcai-tech");
        fs::copy(fixture("models/hpcai-tech/OpenSora-STDiT-v3"), root / "hpcai-tech/OpenSora-STDiT-v3");
        const FolderRecognition seen = OpenSoraFamily().recognise(root.string());
        QCOMPARE(seen.verdict, FolderRecognition::Verdict::Refused);
        QVERIFY2(QString(seen.problem->what()).contains("OpenSora-VAE-v1.2"), seen.problem->what());
    }

    void inspectionDescribesTheModel()
    {
        const ModelInspection inspection = ModelRegistry::inspect(fixture("models"));
        const ModelInfo& info = inspection.info;
        QCOMPARE(info.family, std::string("opensora"));
        QCOMPARE(info.spec.family, std::string("opensora"));
        QVERIFY(!info.isDemo && !info.isImageToVideo);
        QCOMPARE(inspection.missingFiles, std::vector<std::string>{});
        QCOMPARE(info.components, (std::vector<std::string>{"text_encoder", "tokenizer", "transformer", "vae"}));
        QVERIFY(info.spec.frames.isValid(1) && !info.spec.frames.isValid(16) && info.spec.frames.isValid(17));
        QCOMPARE(info.spec.frames.maximum(), 408);
        QCOMPARE(info.spec.schedulers.size(), std::size_t(1));
        QCOMPARE(info.spec.schedulers.front().id, std::string("rflow"));
        QVERIFY(!info.spec.supportsNegativePrompt && info.spec.supportsStartImage && info.spec.isFpsConditioned);
        QVERIFY(info.spec.supportsReferences && !info.spec.requiresStartImage);
        bool has240p = false;
        for (const SizePreset& p : info.spec.sizePresets)
            has240p = has240p || (p.name == "240p 9:16" && p.width == 426 && p.height == 240);
        QVERIFY(has240p);
        QVERIFY(validateRequest(sampleRequest(fixture("models")), info.spec).empty());
        const ModelInspection viaRepo = ModelRegistry::inspect(fixture("models/hpcai-tech/OpenSora-STDiT-v3"));
        QCOMPARE(viaRepo.info.variant, info.variant);
    }

    void fullSizeWeightsMatchTheReferenceCounts()
    {
        const OpenSoraPlanning planning = OpenSoraPlanning::fromFolder(fixture("full-size-configs"));
        MemoryPreset preset;
        preset.dtype = ComputeDtype::BFloat16;
        const ModelFootprint f = planning.footprint(preset);
        QCOMPARE(f.denoiser().blocks.blockCount, 56);
        QCOMPARE(f.denoiser().bytes(), std::int64_t(2417745544)); // param_counts.json bytes_bf16
        QCOMPARE(f.bytesOf(ComponentRole::Vae), std::int64_t(786682030));
        QCOMPARE(f.bytesOf(ComponentRole::TextEncoder), std::int64_t(19049242624)); // T5 in float32, as Open-Sora runs it
    }

    void planAnswersFor24And12And8Gib()
    {
        const PresetStore store;
        const GenerationRequest request = sampleRequest(fixture("full-size-configs"));
        for (int gib : {24, 12, 8}) {
            const MemoryPlan plan = Engine::plan(request, store.load("auto"), gpu(gib));
            QVERIFY2(plan.fits, std::to_string(gib).c_str());
            QCOMPARE(plan.stages.size(), std::size_t(3));
        }
        GenerationRequest frames16 = request;
        frames16.frameCount = 16; // RFLOW's first timestep is undefined for 2-16 frames
        QVERIFY_THROWS_EXCEPTION(InvalidRequestError,
                                 OpenSoraPlanning::fromFolder(fixture("full-size-configs")).latentSize(frames16));
    }

    void rflowIsTheSampler()
    {
        const OpenSoraFamily family;
        auto sampler = family.createScheduler(fixture("models"), "");
        QCOMPARE(sampler->name(), std::string("rflow"));
        sampler->setTimesteps(ScheduleRequest{4, 20, 96, 64});
        QCOMPARE(sampler->stepCount(), 4);
        QVERIFY(sampler->timestep(0) > sampler->timestep(3));
        QVERIFY_THROWS_EXCEPTION(InvalidRequestError, family.createScheduler(fixture("models"), "ddim"));
        QVERIFY_THROWS_EXCEPTION(InvalidRequestError, sampler->setTimesteps(ScheduleRequest{4, 16, 96, 64}));
    }

    void evalKindsAreOffered()
    {
        std::vector<std::string> names;
        for (const EvalKind& kind : OpenSoraFamily().evalKinds())
            names.push_back(kind.name);
        QCOMPARE(names, (std::vector<std::string>{"text-encoder", "transformer", "vae", "scheduler", "pipeline"}));
    }
};

FRAMESMITH_TEST_GUILESS_MAIN(TestOpenSoraFamily)

} // namespace tst_OpenSoraFamily
#include "tst_OpenSoraFamily.moc"
