// WanFamily through the registry: the five tiny fixture models and the six real -Diffusers layouts
// (full-size-configs) recognised as the right variant by their configs alone (also renamed, and as a
// Hugging Face cache snapshot); folders with Wan's marker that cannot be a Wan model refused naming
// the file; other families' folders left alone; inspection's components, roles and file lists; the
// modules built from component configs alone (the GPU runbook's random full-size weights).
#include "framesmith/Error.h"
#include "models/ModelRegistry.h"
#include "models/wan/WanComponents.h"
#include "models/wan/WanModelLayout.h"
#include "core/Module.h"
#include "support/ModuleCheckpointMatch.h"
#include "WanFolders.h"
#include "support/TestRegistry.h"

#include <QTemporaryDir>
#include <QtTest/QtTest>

#include <filesystem>
#include <fstream>
#include <functional>
#include <numeric>

namespace tst_WanFamily {

using namespace framesmith;
namespace fs = std::filesystem;

namespace {

const ModelFamily& wan()
{
    const ModelFamily* family = ModelRegistry::find("wan");
    if (!family)
        throw std::runtime_error("the registry has no wan family");
    return *family;
}

// The refusal the family gives for `folder`; fails the test when it claims or ignores it.
FileError refusalOf(const std::string& folder)
{
    const FolderRecognition seen = wan().recognise(folder);
    if (seen.verdict != FolderRecognition::Verdict::Refused || !seen.problem)
        throw std::runtime_error(folder + " was not refused");
    return *seen.problem;
}

} // namespace

class TestWanFamily : public QObject {
    Q_OBJECT

private:
    QTemporaryDir m_dir;
    fs::path scratch(const std::string& name) const { return fs::path(m_dir.path().toStdString()) / name; }

private Q_SLOTS:
    void initTestCase() { QVERIFY(m_dir.isValid()); }

    void recognisesEachFixtureVariant_data()
    {
        QTest::addColumn<QString>("variant");
        QTest::addColumn<int>("kind");
        QTest::newRow("wan2.1-t2v") << "wan2.1-t2v" << int(WanKind::TextToVideo21);
        QTest::newRow("wan2.1-i2v") << "wan2.1-i2v" << int(WanKind::ImageToVideo21);
        QTest::newRow("wan2.2-ti2v") << "wan2.2-ti2v" << int(WanKind::TextImage22);
        QTest::newRow("wan2.2-a14b") << "wan2.2-a14b" << int(WanKind::TextToVideoA14B);
        QTest::newRow("wan2.2-i2v-a14b") << "wan2.2-i2v-a14b" << int(WanKind::ImageToVideoA14B);
    }
    void recognisesEachFixtureVariant()
    {
        QFETCH(QString, variant);
        QFETCH(int, kind);
        const std::string folder = test::wanFixture("models/" + variant.toStdString());
        QCOMPARE(ModelRegistry::recognise(folder), &wan());
        const WanModelLayout layout = WanModelLayout::read(folder);
        QCOMPARE(int(layout.variant.kind), kind);
        QCOMPARE(layout.variant.id, std::string(wanKindName(WanKind(kind))) + "-h32-d2");
        QVERIFY(!layout.variant.isPublishedSize);
        // By configs, never by folder names: the same files under another name are the same model.
        const std::string renamed = test::copyWanModel(variant.toStdString(), scratch("renamed-" + variant.toStdString()));
        QCOMPARE(ModelRegistry::inspect(renamed).info.variant, layout.variant.id);
    }

    void recognisesTheRealRepos_data()
    {
        QTest::addColumn<QString>("repo");
        QTest::addColumn<QString>("variant");
        QTest::addColumn<int>("experts");
        QTest::newRow("2.1 T2V 1.3B") << "Wan2.1-T2V-1.3B-Diffusers" << "wan2.1-t2v-1.3b" << 1;
        QTest::newRow("2.1 T2V 14B") << "Wan2.1-T2V-14B-Diffusers" << "wan2.1-t2v-14b" << 1;
        QTest::newRow("2.1 I2V 14B") << "Wan2.1-I2V-14B-480P-Diffusers" << "wan2.1-i2v-14b" << 1;
        QTest::newRow("2.2 TI2V 5B") << "Wan2.2-TI2V-5B-Diffusers" << "wan2.2-ti2v-5b" << 1;
        QTest::newRow("2.2 T2V A14B") << "Wan2.2-T2V-A14B-Diffusers" << "wan2.2-t2v-a14b" << 2;
        QTest::newRow("2.2 I2V A14B") << "Wan2.2-I2V-A14B-Diffusers" << "wan2.2-i2v-a14b" << 2;
    }
    void recognisesTheRealRepos()
    {
        QFETCH(QString, repo);
        QFETCH(QString, variant);
        QFETCH(int, experts);
        const std::string folder = test::fullSizeWanModel(repo.toStdString(), scratch("full-" + repo.toStdString()));
        QCOMPARE(ModelRegistry::recognise(folder), &wan());
        const WanModelLayout layout = WanModelLayout::read(folder);
        QCOMPARE(layout.variant.id, variant.toStdString());
        QVERIFY(layout.variant.isPublishedSize);
        QCOMPARE(layout.variant.hasTwoExperts() ? 2 : 1, experts);
        const ModelInspection inspection = wan().inspect(folder);
        QCOMPARE(inspection.info.variant, variant.toStdString());
        QVERIFY(!inspection.info.isDemo);
        QVERIFY(!inspection.missingFiles.empty()); // configs only: the weights are missing, by name
        QVERIFY(std::find(inspection.missingFiles.begin(), inspection.missingFiles.end(),
                          "transformer/diffusion_pytorch_model.safetensors") != inspection.missingFiles.end());
    }

    void recognisesAHubCacheSnapshot()
    {
        const std::string snapshot = test::wanCacheSnapshot("wan2.2-a14b", scratch("hub"));
        QCOMPARE(ModelRegistry::recognise(snapshot), &wan());
        QCOMPARE(ModelRegistry::inspect(snapshot).info.variant, std::string("wan2.2-t2v-a14b-h32-d2"));
        QCOMPARE(ModelRegistry::inspect(snapshot).missingFiles, std::vector<std::string>{});
    }

    void refusesACorruptModelIndex()
    {
        const std::string folder = test::copyWanModel("wan2.1-t2v", scratch("corrupt-index"));
        std::ofstream(folder + "/model_index.json") << "{\"_class_name\": \"WanPipeline\", ";
        const FileError e = refusalOf(folder);
        QCOMPARE(e.path(), folder + "/model_index.json");
        QCOMPARE(e.code(), ErrorCode::BadFile);
        QVERIFY_THROWS_EXCEPTION(FileError, ModelRegistry::familyOf(folder));
    }

    void refusesAMissingTransformerConfig()
    {
        const std::string folder = test::copyWanModel("wan2.2-a14b", scratch("no-expert-config"));
        fs::remove(folder + "/transformer_2/config.json");
        const FileError e = refusalOf(folder);
        QCOMPARE(e.path(), folder + "/transformer_2/config.json");
        QCOMPARE(e.code(), ErrorCode::MissingFile);
        QVERIFY2(QString(e.what()).contains("transformer_2"), e.what());
        // Through the registry the user sees Wan's refusal, not another family's hint about the
        // pipeline class it does not take.
        try {
            ModelRegistry::familyOf(folder);
            QFAIL("no exception");
        } catch (const FileError& seen) {
            QCOMPARE(seen.path(), folder + "/transformer_2/config.json");
        }
    }

    void refusesAWanPipelineItDoesNotRun()
    {
        const std::string folder = test::copyWanModel("wan2.1-t2v", scratch("vace"));
        nlohmann::json index = nlohmann::json::parse(std::ifstream(folder + "/model_index.json"));
        index["_class_name"] = "WanVACEPipeline";
        test::writeWanJson(folder + "/model_index.json", index);
        const FileError e = refusalOf(folder);
        QCOMPARE(e.path(), folder + "/model_index.json");
        QCOMPARE(e.code(), ErrorCode::UnsupportedModel);
        QVERIFY2(QString(e.what()).contains("WanVACEPipeline"), e.what());
    }

    void refusesExpertsWithoutABoundary()
    {
        const std::string folder = test::copyWanModel("wan2.2-a14b", scratch("no-boundary"));
        nlohmann::json index = nlohmann::json::parse(std::ifstream(folder + "/model_index.json"));
        index["boundary_ratio"] = nullptr;
        test::writeWanJson(folder + "/model_index.json", index);
        const FileError e = refusalOf(folder);
        QCOMPARE(e.path(), folder + "/model_index.json");
        QVERIFY2(QString(e.what()).contains("boundary_ratio"), e.what());
    }

    void refusesAVaeThatDoesNotFitTheTransformer()
    {
        // TI2V's 48-channel transformer with the Wan 2.1 VAE (z 16): no Wan model is built so.
        const std::string folder = test::copyWanModel("wan2.2-ti2v", scratch("wrong-vae"));
        fs::copy_file(test::wanFixture("models/wan2.1-t2v/vae/config.json"), folder + "/vae/config.json",
                      fs::copy_options::overwrite_existing);
        const FileError e = refusalOf(folder);
        QCOMPARE(e.path(), folder + "/transformer/config.json");
    }

    void leavesOtherFoldersAlone()
    {
        const fs::path other = scratch("cogvideox");
        test::writeWanJson(other / "model_index.json", {{"_class_name", "CogVideoXPipeline"}});
        QVERIFY(wan().recognise(other.string()).isForeign());
        fs::create_directories(scratch("empty"));
        QVERIFY(wan().recognise(scratch("empty").string()).isForeign());
        QVERIFY(wan().recognise("/nonexistent/wan").isForeign());
        // A component folder is not the model; the registry finds the model above it.
        const std::string transformer = test::wanFixture("models/wan2.1-t2v/transformer");
        QVERIFY(wan().recognise(transformer).isForeign());
        std::string root;
        QCOMPARE(ModelRegistry::recogniseAbove(transformer, &root), &wan());
        QCOMPARE(fs::canonical(root), fs::canonical(test::wanFixture("models/wan2.1-t2v")));
    }

    void inspectionListsComponentsAndFiles()
    {
        const std::string folder = test::wanFixture("models/wan2.1-i2v");
        const ModelInspection inspection = wan().inspect(folder);
        QCOMPARE(inspection.info.family, std::string("wan"));
        QVERIFY(inspection.info.isImageToVideo);
        QVERIFY(inspection.info.sizeOnDiskBytes > 0);
        QCOMPARE(inspection.missingFiles, std::vector<std::string>{});
        QCOMPARE(inspection.unexpectedFiles, std::vector<std::string>{}); // image_processor/ is Wan's
        QStringList names;
        for (const ModelComponent& c : inspection.components)
            names << QString::fromStdString(c.name + "=" + c.className);
        QCOMPARE(names, QStringList({"image_encoder=CLIPVisionModel", "image_processor=CLIPImageProcessor",
                                     "scheduler=UniPCMultistepScheduler", "text_encoder=UMT5EncoderModel",
                                     "tokenizer=T5Tokenizer", "transformer=WanTransformer3DModel",
                                     "vae=AutoencoderKLWan"}));
        const std::string copy = test::copyWanModel("wan2.1-i2v", scratch("i2v-no-processor"), true);
        fs::remove(copy + "/image_processor/preprocessor_config.json");
        const auto missing = wan().inspect(copy).missingFiles;
        QCOMPARE(missing, std::vector<std::string>{"image_processor/preprocessor_config.json"});
    }

    void componentsHaveTheirRoles()
    {
        auto roles = [](const std::string& variant) {
            QStringList out;
            for (const WanComponent& c : WanComponents::of(WanModelLayout::read(test::wanFixture("models/" + variant))))
                out << QString::fromStdString(c.name) + ":" + componentRoleName(c.role);
            return out;
        };
        QCOMPARE(roles("wan2.1-t2v"), QStringList({"text_encoder:text-encoder", "transformer:denoiser", "vae:vae"}));
        QCOMPARE(roles("wan2.1-i2v"), QStringList({"text_encoder:text-encoder", "image_encoder:image-encoder",
                                                   "transformer:denoiser", "vae:vae"}));
        QCOMPARE(roles("wan2.2-i2v-a14b"), QStringList({"text_encoder:text-encoder", "transformer:denoiser",
                                                        "transformer_2:denoiser", "vae:vae"}));
        QCOMPARE(WanComponents::roleOf("tokenizer"), ComponentRole::Invalid);
    }

    // What the GPU runbook's random-weight writer relies on: the module built from a component's
    // config alone lists exactly the tensors its checkpoint holds, names and shapes.
    void componentModulesListTheCheckpointsTensors_data()
    {
        QTest::addColumn<QString>("variant");
        QTest::addColumn<QString>("component");
        for (const char* variant : {"wan2.1-t2v", "wan2.1-i2v", "wan2.2-ti2v", "wan2.2-a14b", "wan2.2-i2v-a14b"})
            for (const WanComponent& c : WanComponents::of(WanModelLayout::read(test::wanFixture(std::string("models/") + variant))))
                QTest::newRow((std::string(variant) + "/" + c.name).c_str()) << QString::fromLatin1(variant) << QString::fromStdString(c.name);
    }
    void componentModulesListTheCheckpointsTensors()
    {
        QFETCH(QString, variant);
        QFETCH(QString, component);
        const fs::path folder = test::wanFixture("models/" + variant.toStdString() + "/" + component.toStdString());
        const ComponentModule built = wan().componentModule(component.toStdString(), (folder / "config.json").string());
        QVERIFY(built.module);
        const std::string difference = test::moduleCheckpointDifference(*built.module, folder, built.weightsStem);
        QVERIFY2(difference.empty(), difference.c_str());
    }

    // At full size (nothing allocated), each component holds the parameters the reference classes
    // hold on torch's meta device (full-size-configs/param_counts.json).
    void fullSizeComponentModulesHaveThePublishedCounts()
    {
        const nlohmann::json counts =
            nlohmann::json::parse(std::ifstream(test::wanFixture("full-size-configs/param_counts.json"))).at("models");
        int checked = 0;
        for (const auto& [repo, expected] : counts.items()) {
            const fs::path configs = test::wanFixture("full-size-configs/" + repo);
            for (const char* component : {"text_encoder", "image_encoder", "transformer", "transformer_2", "vae"}) {
                const std::string key = std::string(component == std::string("transformer_2") ? "transformer" : component) + "_parameters";
                if (!fs::exists(configs / component / "config.json"))
                    continue;
                QVERIFY2(expected.contains(key), qPrintable(QString::fromStdString(repo + " " + key)));
                const ComponentModule built = wan().componentModule(component, (configs / component / "config.json").string());
                QVERIFY(built.module);
                std::int64_t elements = 0;
                for (const auto& slot : built.module->parameters())
                    elements += std::accumulate(slot.shape.begin(), slot.shape.end(), std::int64_t(1), std::multiplies<>());
                QVERIFY2(elements == expected.at(key).get<std::int64_t>(),
                         qPrintable(QString::fromStdString(repo + "/" + component + ": " + std::to_string(elements) + " vs " +
                                                           expected.at(key).dump())));
                ++checked;
            }
        }
        QCOMPARE(checked, 6 + 1 + 8 + 6); // text encoders, the CLIP tower, transformers (A14B: two), VAEs
        QVERIFY(!wan().componentModule("scheduler", "").module);
        QVERIFY(!wan().componentModule("tokenizer", "").module);
    }
};

FRAMESMITH_TEST_GUILESS_MAIN(TestWanFamily)

} // namespace tst_WanFamily
#include "tst_WanFamily.moc"
