#include "framesmith/Error.h"
#include "io/SafetensorsWriter.h"
#include "io/WeightSource.h"
#include "support/TestPaths.h"
#include "support/TestRegistry.h"

#include <ATen/ATen.h>

#include <QTemporaryDir>
#include <QTest>

#include <filesystem>
#include <fstream>

namespace tst_WeightSource {

using namespace framesmith;

class tst_WeightSource : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void opensAShardedCheckpointThroughItsFolder()
    {
        const std::string folder = test::cogvideoxFixture("models/tiny-5b/transformer");
        WeightSource source = WeightSource::open(folder);
        QCOMPARE(source.files().size(), std::size_t(4));
        const auto names = source.names();
        QVERIFY(std::is_sorted(names.begin(), names.end()));
        std::set<std::string> shards;
        for (const auto& name : names) {
            shards.insert(source.fileOf(name));
            QCOMPARE(source.view(name).sizes().vec(), source.find(name)->shape);
        }
        QCOMPARE(shards.size(), std::size_t(4));
        QVERIFY(source.fileOf("proj_out.weight").rfind("diffusion_pytorch_model-0000", 0) == 0);
        // The same weights through the index file itself.
        WeightSource viaIndex = WeightSource::open(folder + "/diffusion_pytorch_model.safetensors.index.json");
        QCOMPARE(viaIndex.names(), names);
        QCOMPARE(viaIndex.totalBytes(), source.totalBytes());
    }

    void opensSingleFilesAndTheirFolders()
    {
        const std::string folder = test::cogvideoxFixture("models/tiny-2b/vae");
        WeightSource a = WeightSource::open(folder);
        WeightSource b = WeightSource::open(folder + "/diffusion_pytorch_model.safetensors");
        QCOMPARE(a.names(), b.names());
        QVERIFY(a.totalBytes() > 0);
        QCOMPARE(a.fileOf(a.names().front()), std::string("diffusion_pytorch_model.safetensors"));
        QVERIFY(a.fileOf("absent").empty());
        QVERIFY(!a.find("absent"));
    }

    void prefersTheCanonicalFileOverPrecisionVariants()
    {
        QTemporaryDir dir;
        const std::string root = dir.path().toStdString();
        write(root + "/diffusion_pytorch_model.safetensors", "canonical");
        write(root + "/diffusion_pytorch_model.fp16.safetensors", "variant");
        WeightSource source = WeightSource::open(root);
        QVERIFY(source.find("canonical"));
        QVERIFY(!source.find("variant"));
    }

    void indexErrors_data()
    {
        QTest::addColumn<QString>("indexText");
        QTest::addColumn<int>("code");
        QTest::addColumn<QString>("problem");
        QTest::newRow("not json") << "{" << int(ErrorCode::BadFile) << "not valid JSON";
        QTest::newRow("no weight_map") << "{\"metadata\": {}}" << int(ErrorCode::BadFile) << "no \"weight_map\" object";
        QTest::newRow("empty weight_map") << "{\"weight_map\": {}}" << int(ErrorCode::BadFile) << "names no tensors";
        QTest::newRow("shard not a string") << "{\"weight_map\": {\"w\": 3}}" << int(ErrorCode::BadFile) << "is not a file name";
        QTest::newRow("absolute shard") << "{\"weight_map\": {\"w\": \"/etc/passwd\"}}" << int(ErrorCode::BadFile)
                                        << "not a plain file name";
        QTest::newRow("missing shard") << "{\"weight_map\": {\"w\": \"gone.safetensors\"}}" << int(ErrorCode::MissingFile)
                                       << "gone.safetensors: shard named by model.safetensors.index.json (for 'w') is missing";
        QTest::newRow("tensor not in shard") << "{\"weight_map\": {\"nope\": \"s.safetensors\"}}" << int(ErrorCode::BadFile)
                                             << "says this shard holds 'nope' but it does not";
    }
    void indexErrors()
    {
        QFETCH(QString, indexText);
        QFETCH(int, code);
        QFETCH(QString, problem);
        QTemporaryDir dir;
        const std::string root = dir.path().toStdString();
        write(root + "/s.safetensors", "w");
        std::ofstream(root + "/model.safetensors.index.json") << indexText.toStdString();
        try {
            WeightSource::open(root);
            QFAIL("opened");
        } catch (const FileError& e) {
            QCOMPARE(int(e.code()), code);
            QVERIFY2(std::string(e.what()).find(problem.toStdString()) != std::string::npos, e.what());
        }
    }

    void folderErrors()
    {
        QTemporaryDir dir;
        const std::string root = dir.path().toStdString();
        expectCode(root, ErrorCode::MissingFile); // no weights at all
        write(root + "/a.safetensors", "a");
        write(root + "/b.safetensors", "b");
        expectCode(root, ErrorCode::BadFile); // two files, no index
        std::filesystem::create_directory(root + "/dir.safetensors");
        expectCode(root + "/dir.safetensors", ErrorCode::BadFile);
        expectCode(root + "/absent.safetensors", ErrorCode::MissingFile);
    }

    void absentTensorIsAShapeError()
    {
        WeightSource source = WeightSource::open(test::cogvideoxFixture("models/tiny-2b/vae"));
        QVERIFY_THROWS_EXCEPTION(ShapeError, source.view("absent"));
        QVERIFY_THROWS_EXCEPTION(ShapeError, source.load("absent", at::kFloat, at::kCPU));
    }

private:
    static void write(const std::string& path, const std::string& tensorName)
    {
        SafetensorsWriter writer;
        writer.add(tensorName, at::ones({2}));
        writer.write(path);
    }

    static void expectCode(const std::string& path, ErrorCode code)
    {
        try {
            WeightSource::open(path);
            QFAIL(("opened " + path).c_str());
        } catch (const FileError& e) {
            QVERIFY2(e.code() == code, e.what());
        }
    }
};

FRAMESMITH_TEST_GUILESS_MAIN(tst_WeightSource)

} // namespace tst_WeightSource
#include "tst_WeightSource.moc"
