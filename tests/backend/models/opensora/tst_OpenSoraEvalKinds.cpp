// Open-Sora's eval kinds as the eval command runs them: the five kinds by name, an unknown one
// refused naming the known ones, the models root from --model or from the case's metadata, and
// a transformer case run through the list with the model found from its metadata alone.
#include "framesmith/Error.h"
#include "io/SafetensorsReader.h"
#include "models/opensora/OpenSoraEvalKinds.h"
#include "support/TensorParity.h"
#include "support/TestPaths.h"

#include <ATen/ATen.h>
#include <ATen/Parallel.h>
#include <nlohmann/json.hpp>
#include <QtTest/QtTest>

#include <filesystem>

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

QTEST_GUILESS_MAIN(TestOpenSoraEvalKinds)
#include "tst_OpenSoraEvalKinds.moc"
