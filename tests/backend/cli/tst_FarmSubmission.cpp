// FarmSubmission: the jobs copied into <out>/.farm/<id>/ (with the cluster's model folder), the
// record saved and read back, the folders listed, an array id remembered on this machine, and
// damaged or foreign folders refused with a reason.
#include "cli/FarmSubmission.h"
#include "framesmith/Error.h"
#include "support/TestPaths.h"

#include <QFile>
#include <QTemporaryDir>
#include <QtTest/QtTest>

#include <fstream>

using namespace framesmith;
using namespace framesmith::cli;

class TestFarmSubmission : public QObject {
    Q_OBJECT

private:
    QTemporaryDir m_dir;

    BatchJob job(const std::string& name, std::uint64_t seed) const
    {
        BatchJob j;
        j.jobPath = "/artist/queue/" + name + ".json";
        j.outputPath = m_dir.filePath("out/" + QString::fromStdString(name) + ".mp4").toStdString();
        j.request.modelPath = test::cogvideoxFixture("models/tiny-2b");
        j.request.seed = seed;
        return j;
    }

    FarmSettings settings() const
    {
        FarmSettings s;
        s.outFolder = m_dir.filePath("out").toStdString();
        s.partition = "gpu";
        s.sbatchArgs = {"--qos=high"};
        s.device = "cpu";
        return s;
    }

private Q_SLOTS:
    void initTestCase()
    {
        QVERIFY(QDir(m_dir.path()).mkpath("out"));
        qputenv("FRAMESMITH_DATA_DIR", m_dir.filePath("data").toUtf8());
    }

    void createsSavesAndLoads()
    {
        FarmSubmission s = FarmSubmission::create(settings(), {job("a", 1), job("b", 2)}, {60, 120});
        QVERIFY(QString::fromStdString(s.folder).startsWith(m_dir.filePath("out/.farm/")));
        QCOMPARE(s.tasks.size(), size_t(2));
        QCOMPARE(s.tasks[1].estimateSeconds, std::int64_t(120));
        // The copy is a plain request any framesmith-cli reads.
        std::ifstream copy(s.tasks[1].jobFile);
        std::stringstream text;
        text << copy.rdbuf();
        QCOMPARE(requestFromJson(text.str()).seed, std::uint64_t(2));
        for (const char* sub : {"state", "latents", "logs"})
            QVERIFY(QFileInfo(QString::fromStdString(s.folder) + "/" + sub).isDir());

        s.arrayId = "77";
        s.timeLimitMinutes = 15;
        s.save();
        const FarmSubmission back = FarmSubmission::load(s.folder);
        QCOMPARE(back.id, s.id);
        QCOMPARE(back.arrayId, std::string("77"));
        QCOMPARE(back.timeLimitMinutes, 15);
        QCOMPARE(back.settings.sbatchArgs, std::vector<std::string>{"--qos=high"});
        QCOMPARE(back.settings.device, std::string("cpu"));
        QCOMPARE(back.tasks[0].outputPath, s.tasks[0].outputPath);
        QCOMPARE(back.logPath(1), s.folder + "/logs/77_1.out");
        QCOMPARE(FarmSubmission::foldersIn(settings().outFolder), std::vector<std::string>{s.folder});
        QVERIFY_THROWS_EXCEPTION(InvalidRequestError, back.task(2));
    }

    void remembersArraysItSubmitted()
    {
        FarmSubmission s = FarmSubmission::create(settings(), {job("c", 3)}, {60});
        s.arrayId = "78";
        s.remember();
        QCOMPARE(FarmSubmission::folderOf("78"), s.folder);
        QVERIFY_THROWS_EXCEPTION(InvalidRequestError, FarmSubmission::folderOf("79"));
        QVERIFY_THROWS_EXCEPTION(InvalidRequestError, FarmSubmission::folderOf("../../etc/passwd"));
    }

    void damagedRecordIsRefused()
    {
        QVERIFY(QDir(m_dir.path()).mkpath("broken"));
        QVERIFY_THROWS_EXCEPTION(FileError, FarmSubmission::load(m_dir.filePath("broken").toStdString()));
        QFile file(m_dir.filePath("broken/submission.json"));
        QVERIFY(file.open(QIODevice::WriteOnly));
        file.write("{\"schemaVersion\": 1, \"id\": 5}");
        file.close();
        try {
            FarmSubmission::load(m_dir.filePath("broken").toStdString());
            QFAIL("accepted");
        } catch (const FileError& e) {
            QVERIFY2(QString(e.what()).contains("submission.json"), e.what());
        }
    }

    void unwritableOutputFolderIsAnError()
    {
        // A regular file where .farm must go (root ignores permissions, a file stops it too).
        QVERIFY(QDir(m_dir.path()).mkpath("blocked"));
        QFile file(m_dir.filePath("blocked/.farm"));
        QVERIFY(file.open(QIODevice::WriteOnly));
        file.close();
        FarmSettings s = settings();
        s.outFolder = m_dir.filePath("blocked").toStdString();
        QVERIFY_THROWS_EXCEPTION(FileError, FarmSubmission::create(s, {job("d", 4)}, {60}));
    }
};

QTEST_GUILESS_MAIN(TestFarmSubmission)
#include "tst_FarmSubmission.moc"
