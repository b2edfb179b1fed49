// Open-Sora's eval kinds as the eval command runs them: the five kinds by name, an unknown one
// refused naming the known ones, the models root from --model or from the case's metadata, and
// a transformer case run through the list with the model found from its metadata alone, and
// FRAMESMITH_EVAL_DEVICE/_DTYPE honoured by the VAE, scheduler and pipeline kinds.
#include "framesmith/Error.h"
#include "io/SafetensorsReader.h"
#include "memory/monitor/DeviceMemory.h"
#include "models/opensora/eval/OpenSoraEvalKinds.h"
#include "support/TensorParity.h"
#include "support/TestPaths.h"
#include "support/TestRegistry.h"

#include <ATen/ATen.h>
#include <ATen/Parallel.h>
#include <nlohmann/json.hpp>
#include <QtTest/QtTest>

#include <filesystem>

namespace tst_OpenSoraEvalKinds {

using namespace framesmith;

namespace {

std::string fixture(const std::string& relative) { return test::fixturesDir() + "/opensora/" + relative; }

nlohmann::json metaOf(const SafetensorsReader& r) { return nlohmann::json::parse(r.metadata().at("json")); }

std::string canonical(const std::string& path) { return std::filesystem::weakly_canonical(path).string(); }

} // namespace

class TestOpenSoraEvalKinds : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void initTestCase() { at::set_num_threads(2); }
    void cleanup()
    {
        qunsetenv("FRAMESMITH_EVAL_DEVICE");
        qunsetenv("FRAMESMITH_EVAL_DTYPE");
    }

    // FRAMESMITH_EVAL_DEVICE reaches the VAE, scheduler and pipeline kinds as it does the
    // transformer and text encoder (tst_EvalDevice: the variables themselves): without a GPU,
    // "cuda" is refused naming the variable before any weight is read; with one, the case runs
    // there and its outputs come back to the CPU.
    void everyKindHonoursTheEvalDevice_data()
    {
        QTest::addColumn<QString>("kind");
        QTest::addColumn<QString>("golden");
        QTest::addColumn<QString>("output");
        QTest::newRow("vae") << "vae" << "golden/vae/spatial.safetensors" << "encode.z";
        QTest::newRow("scheduler") << "scheduler" << "golden/scheduler/rflow.safetensors" << "steps.z_final";
        QTest::newRow("pipeline") << "pipeline" << "golden/pipeline.safetensors" << "final_latents";
    }
    void everyKindHonoursTheEvalDevice()
    {
        QFETCH(QString, kind);
        QFETCH(QString, golden);
        QFETCH(QString, output);
        SafetensorsReader file(fixture(golden.toStdString()));
        qputenv("FRAMESMITH_EVAL_DEVICE", "cuda");
        if (DeviceMemory::hasCuda()) { // a GPU machine (the runbook's parity step checks the numbers)
            const auto out = OpenSoraEvalKinds::run(kind.toStdString(), fixture("models"), file, metaOf(file));
            QVERIFY(out.at(output.toStdString()).device().is_cpu());
            return;
        }
        try {
            OpenSoraEvalKinds::run(kind.toStdString(), fixture("models"), file, metaOf(file));
            QFAIL("cuda was taken without a GPU");
        } catch (const InvalidRequestError& e) {
            QVERIFY2(QString(e.what()).contains("FRAMESMITH_EVAL_DEVICE"), e.what());
        }
    }

    // FRAMESMITH_EVAL_DTYPE=bfloat16 runs the VAE case in bfloat16 on the CPU: its decode is near
    // the float32 golden (relative RMS error under 3 %), not equal to it.
    void vaeKindHonoursTheEvalDtype()
    {
        SafetensorsReader file(fixture("golden/vae/spatial.safetensors"));
        qputenv("FRAMESMITH_EVAL_DTYPE", "bfloat16");
        // The decode: the encode's posterior draws are taken in the model's dtype, as the reference
        // takes them, so a bfloat16 encode draws other numbers than the float32 golden.
        const at::Tensor z = OpenSoraEvalKinds::run("vae", fixture("models"), file, metaOf(file)).at("decode.video");
        const at::Tensor expected = file.view("decode.video");
        QCOMPARE(z.scalar_type(), at::kFloat);
        QVERIFY(!at::equal(z, expected));
        // Relative RMS error, the runbook's bfloat16 figure (bench_gpu_compare): bf16 keeps 8 bits.
        const double error = (z - expected).pow(2).mean().sqrt().item<double>() / expected.pow(2).mean().sqrt().item<double>();
        QVERIFY2(error > 0 && error < 0.03, qPrintable(QString::number(error)));
    }

    void listsTheFiveKinds()
    {
        std::vector<std::string> names;
        for (const OpenSoraEvalKind& kind : OpenSoraEvalKinds::all()) {
            names.push_back(kind.name);
            QVERIFY2(!kind.summary.empty() && kind.run != nullptr, kind.name.c_str());
        }
        const std::vector<std::string> expected{"text-encoder", "transformer", "vae", "scheduler", "pipeline"};
        QCOMPARE(names, expected);
        QCOMPARE(OpenSoraEvalKinds::find("vae").name, std::string("vae"));
    }

    void unknownKindNamesTheKnownOnes()
    {
        try {
            OpenSoraEvalKinds::find("tokenize");
            QFAIL("an unknown kind was accepted");
        } catch (const InvalidRequestError& e) {
            const std::string message = e.what();
            QVERIFY2(message.find("tokenize") != std::string::npos, message.c_str());
            QVERIFY2(message.find("transformer") != std::string::npos, message.c_str());
        }
    }

    void modelRootFromTheGivenFolderOrTheMetadata()
    {
        const std::string models = canonical(fixture("models"));
        QCOMPARE(OpenSoraEvalKinds::modelRoot("/some/dir", nlohmann::json::object(), "x.safetensors"), std::string("/some/dir"));
        // stdit3 cases name the repo folder (model_dir), the pipeline case the root (models_dir).
        for (const char* file : {"golden/stdit3/case0.safetensors", "golden/pipeline.safetensors",
                                 "golden/vae/pipeline.safetensors", "golden/text_encoder.safetensors"}) {
            SafetensorsReader golden(fixture(file));
            QCOMPARE(canonical(OpenSoraEvalKinds::modelRoot("", metaOf(golden), golden.path())), models);
        }
    }

    void modelRootRefusesWhatItCannotFind()
    {
        const std::string casePath = fixture("golden/stdit3/case0.safetensors");
        QVERIFY_THROWS_EXCEPTION(InvalidRequestError, OpenSoraEvalKinds::modelRoot("", nlohmann::json::object(), casePath));
        const nlohmann::json absent{{"model_dir", "no-such-models/hpcai-tech/OpenSora-STDiT-v3"}};
        QVERIFY_THROWS_EXCEPTION(FileError, OpenSoraEvalKinds::modelRoot("", absent, casePath));
    }

    void transformerCaseRunsWithoutModelFolder()
    {
        SafetensorsReader golden(fixture("golden/stdit3/case0.safetensors"));
        const auto out = OpenSoraEvalKinds::run("transformer", "", golden, metaOf(golden));
        QVERIFY(out.count("output"));
        FRAMESMITH_EXPECT_PARITY("output", out.at("output"), golden.view("output"), 1e-4);
    }

    void schedulerCaseReturnsEveryGoldenOutput()
    {
        SafetensorsReader golden(fixture("golden/scheduler/rflow.safetensors"));
        const auto out = OpenSoraEvalKinds::run("scheduler", fixture("models"), golden, metaOf(golden));
        for (const std::string name : {"timesteps.tiny_pipeline", "add_noise.out", "steps.z_final"}) {
            QVERIFY2(golden.find(name), name.c_str());
            QVERIFY2(out.count(name), name.c_str());
        }
    }
};

FRAMESMITH_TEST_GUILESS_MAIN(TestOpenSoraEvalKinds)

} // namespace tst_OpenSoraEvalKinds
#include "tst_OpenSoraEvalKinds.moc"
