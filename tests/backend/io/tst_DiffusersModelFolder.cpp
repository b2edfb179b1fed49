#include "framesmith/Error.h"
#include "framesmith/ModelInfo.h"
#include "io/DiffusersModelFolder.h"
#include "io/DiskUsage.h"
#include "support/TestPaths.h"
#include "support/TestRegistry.h"

#include <QTemporaryDir>
#include <QTest>

#include <filesystem>
#include <fstream>

namespace tst_DiffusersModelFolder {

using namespace framesmith;
namespace fs = std::filesystem;

class tst_DiffusersModelFolder : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void readsAndClassifiesTheFixtureModels_data()
    {
        QTest::addColumn<QString>("folder");
        QTest::addColumn<QString>("variant");
        QTest::addColumn<bool>("isImageToVideo");
        QTest::newRow("tiny-2b") << "models/tiny-2b" << "cogvideox-2b" << false;
        QTest::newRow("tiny-5b") << "models/tiny-5b" << "cogvideox-5b" << false;
        QTest::newRow("tiny-5b-i2v") << "models/tiny-5b-i2v" << "cogvideox-5b-i2v" << true;
        QTest::newRow("tiny-1.5-i2v") << "models/tiny-1.5-i2v" << "cogvideox1.5-5b-i2v" << true;
    }
    void readsAndClassifiesTheFixtureModels()
    {
        QFETCH(QString, folder);
        QFETCH(QString, variant);
        QFETCH(bool, isImageToVideo);
        const std::string path = test::cogvideoxFixture(folder.toStdString());
        DiffusersModelFolder model(path);
        const ModelInfo info = inspectModelFolder(path);
        QCOMPARE(QString::fromStdString(info.variant), variant);
        QCOMPARE(info.isImageToVideo, isImageToVideo);
        QVERIFY(!info.isDemo);
        QCOMPARE(info.components,
                 (std::vector<std::string>{"scheduler", "text_encoder", "tokenizer", "transformer", "vae"}));
        QCOMPARE(info.sizeOnDiskBytes, std::int64_t(DiskUsage::bytes(path)));
        QVERIFY(info.sizeOnDiskBytes > 1000000);
        QCOMPARE(model.missingFiles(), std::vector<std::string>{});
        QCOMPARE(model.unexpectedFiles(), std::vector<std::string>{});
        QCOMPARE(model.componentClass("vae"), std::string("AutoencoderKLCogVideoX"));
        QVERIFY(model.componentConfig("scheduler").contains("num_train_timesteps"));
    }

    void classifiesTheFullSizeConfigsAndListsTheirAbsentWeights_data()
    {
        QTest::addColumn<QString>("variant");
        for (const char* v : {"cogvideox-2b", "cogvideox-5b", "cogvideox-5b-i2v", "cogvideox1.5-5b", "cogvideox1.5-5b-i2v"})
            QTest::newRow(v) << v;
    }
    void classifiesTheFullSizeConfigsAndListsTheirAbsentWeights()
    {
        QFETCH(QString, variant);
        const std::string path = test::cogvideoxFixture("full-size-configs/" + variant.toStdString());
        DiffusersModelFolder model(path);
        QCOMPARE(QString::fromStdString(inspectModelFolder(path).variant), variant);
        QCOMPARE(model.missingFiles(),
                 (std::vector<std::string>{"text_encoder/model.safetensors", "tokenizer/spiece.model",
                                           "transformer/diffusion_pytorch_model.safetensors",
                                           "vae/diffusion_pytorch_model.safetensors"}));
    }

    void detectsTheDemoMarker()
    {
        QTemporaryDir dir;
        const std::string root = copyOf("models/tiny-2b", dir);
        editIndex(root, [](nlohmann::json& index) { index["_framesmith_demo"] = true; });
        const ModelInfo info = inspectModelFolder(root);
        QVERIFY(info.isDemo);
        QCOMPARE(info.variant, std::string("cogvideox-2b"));
        QVERIFY(info.displayName.find("demo") != std::string::npos);
    }

    void listsMissingShardsAndUnexpectedFilesByName()
    {
        QTemporaryDir dir;
        const std::string root = copyOf("models/tiny-5b", dir);
        fs::remove(root + "/transformer/diffusion_pytorch_model-00002-of-00004.safetensors");
        fs::remove(root + "/tokenizer/spiece.model");
        std::ofstream(root + "/transformer/diffusion_pytorch_model.bin") << "pickle";
        fs::create_directory(root + "/old_vae");
        DiffusersModelFolder model(root);
        QCOMPARE(model.missingFiles(), (std::vector<std::string>{"tokenizer/spiece.model",
                                                                 "transformer/diffusion_pytorch_model-00002-of-00004.safetensors"}));
        QCOMPARE(model.unexpectedFiles(), (std::vector<std::string>{"old_vae/", "transformer/diffusion_pytorch_model.bin"}));
        QCOMPARE(inspectModelFolder(root).variant, std::string("cogvideox-5b")); // configs alone still classify it
    }

    void errorsNameTheFile_data()
    {
        QTest::addColumn<QString>("breakage");
        QTest::addColumn<QString>("blamed");
        QTest::addColumn<int>("code");
        QTest::newRow("no model_index") << "rm model_index.json" << "model_index.json" << int(ErrorCode::MissingFile);
        QTest::newRow("model_index not JSON") << "garble model_index.json" << "model_index.json" << int(ErrorCode::BadFile);
        QTest::newRow("transformer config not JSON") << "garble transformer/config.json" << "transformer/config.json"
                                                     << int(ErrorCode::BadFile);
        QTest::newRow("no transformer config") << "rm transformer/config.json" << "transformer/config.json"
                                               << int(ErrorCode::MissingFile);
        QTest::newRow("other pipeline") << "pipeline StableDiffusionPipeline" << "model_index.json"
                                        << int(ErrorCode::UnsupportedModel);
    }
    void errorsNameTheFile()
    {
        QFETCH(QString, breakage);
        QFETCH(QString, blamed);
        QFETCH(int, code);
        QTemporaryDir dir;
        const std::string root = copyOf("models/tiny-2b", dir);
        const QStringList words = breakage.split(' ');
        const std::string target = root + "/" + words[1].toStdString();
        if (words[0] == "rm")
            fs::remove(target);
        else if (words[0] == "garble")
            std::ofstream(target) << "{\"_class_name\": ";
        else
            editIndex(root, [&](nlohmann::json& index) { index["_class_name"] = words[1].toStdString(); });
        try {
            inspectModelFolder(root);
            QFAIL("inspected a broken folder");
        } catch (const FileError& e) {
            QCOMPARE(errorCodeName(e.code()), errorCodeName(ErrorCode(code)));
            QCOMPARE(e.path(), root + "/" + blamed.toStdString());
        }
    }

    void rejectsFilesAndAbsentFolders()
    {
        QVERIFY_THROWS_EXCEPTION(FileError, DiffusersModelFolder(test::cogvideoxFixture("absent")));
        QVERIFY_THROWS_EXCEPTION(FileError, DiffusersModelFolder(test::cogvideoxFixture("README.md")));
    }

private:
    static std::string copyOf(const std::string& fixture, const QTemporaryDir& dir)
    {
        const std::string root = dir.path().toStdString() + "/model";
        fs::copy(test::cogvideoxFixture(fixture), root, fs::copy_options::recursive);
        return root;
    }

    template <class F>
    static void editIndex(const std::string& root, F edit)
    {
        nlohmann::json index = nlohmann::json::parse(std::ifstream(root + "/model_index.json"));
        edit(index);
        std::ofstream(root + "/model_index.json") << index.dump(2);
    }
};

FRAMESMITH_TEST_GUILESS_MAIN(tst_DiffusersModelFolder)

} // namespace tst_DiffusersModelFolder
#include "tst_DiffusersModelFolder.moc"
