// FarmSubmission: the jobs copied into <out>/.farm/<id>/ (with the cluster's model folder), the
// record saved and read back, the folders listed, an array id remembered on this machine, and
// damaged or foreign folders refused with a reason.
#include "cli/farm/FarmSubmission.h"
#include "framesmith/Error.h"
#include "support/TestPaths.h"
#include "support/TestRegistry.h"

#include <QFile>
#include <QTemporaryDir>
#include <QtTest/QtTest>

#include <nlohmann/json.hpp>

#include <filesystem>
#include <fstream>
#include <sys/stat.h>
#include <unistd.h>

namespace tst_FarmSubmission {

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

    // Issue 34: a job file or folder name that is not UTF-8 (Linux allows any bytes) escaped from
    // save() as nlohmann's raw type_error.316; now the field is named.
    void namesThatAreNotUtf8AreRefusedNamingTheField()
    {
        FarmSubmission s = FarmSubmission::create(settings(), {job("caf\xe9", 1)}, {60});
        try {
            s.save();
            QFAIL("saved");
        } catch (const InvalidRequestError& e) {
            QVERIFY2(QString(e.what()).startsWith("job file name: '") && QString(e.what()).contains("not valid UTF-8"), e.what());
        }
        FarmSubmission good = FarmSubmission::create(settings(), {job("cafe", 1)}, {60});
        good.settings.partition = "gp\xffu";
        QVERIFY_THROWS_EXCEPTION(InvalidRequestError, good.save());
        std::filesystem::remove_all(s.folder);
        std::filesystem::remove_all(good.folder);
    }

    // A record whose text is not UTF-8 is refused naming the file, not as a raw parser exception.
    void recordThatIsNotUtf8IsRefusedNamingTheFile()
    {
        FarmSubmission s = FarmSubmission::create(settings(), {job("plain", 1)}, {60});
        s.save();
        const std::string record = s.folder + "/submission.json";
        std::ifstream in(record);
        std::string text((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
        text.replace(text.find("plain.json"), 5, "pl\xe9n");
        std::ofstream(record, std::ios::trunc) << text;
        try {
            FarmSubmission::load(s.folder);
            QFAIL("loaded");
        } catch (const FileError& e) {
            QVERIFY2(QString::fromUtf8(e.what()).contains("submission.json") && QString(e.what()).contains("UTF-8"), e.what());
        }
        std::filesystem::remove_all(s.folder);
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

    // The shared folder is a trust boundary (issue 34): a record whose id, array id or paths do not
    // have the shape farm submit writes is refused, naming the field, before anything uses it.
    void hostileRecordsAreRefusedNamingTheField_data()
    {
        QTest::addColumn<QString>("pointer");
        QTest::addColumn<QString>("value"); // JSON
        QTest::addColumn<QString>("field");
        const QString out = m_dir.filePath("out");
        QTest::newRow("id leaves the data folder") << "/id" << "\"../../../.config/autostart/x\"" << "id";
        QTest::newRow("id of another folder") << "/id" << "\"20991231-000000-1\"" << "id";
        QTest::newRow("array id not digits") << "/arrayId" << "\"1 --help\"" << "arrayId";
        QTest::newRow("job file elsewhere") << "/tasks/0/job" << "\"/etc/passwd\"" << "tasks[0].job";
        QTest::newRow("clip elsewhere") << "/tasks/0/output" << "\"/root/.ssh/id_rsa.mp4\"" << "tasks[0].output";
        QTest::newRow("clip through ..") << "/tasks/0/output" << "\"" + out + "/../secret.mp4\"" << "tasks[0].output";
        QTest::newRow("clip not a video") << "/tasks/0/output" << "\"" + out + "/e.desktop\"" << "tasks[0].output";
        QTest::newRow("clip not its job's") << "/tasks/0/output" << "\"" + out + "/other.mp4\"" << "tasks[0].output";
        QTest::newRow("name with a separator") << "/tasks/0/name" << "\"../x.json\"" << "tasks[0].name";
        QTest::newRow("index twice") << "/tasks/1/index" << "0" << "tasks[1].index";
        QTest::newRow("negative index") << "/tasks/0/index" << "-1" << "tasks[0].index";
        QTest::newRow("relative output folder") << "/settings/outFolder" << "\"out\"" << "settings.outFolder";
    }

    void hostileRecordsAreRefusedNamingTheField()
    {
        QFETCH(QString, pointer);
        QFETCH(QString, value);
        QFETCH(QString, field);
        FarmSubmission s = FarmSubmission::create(settings(), {job("e", 5), job("f", 6)}, {60, 60});
        s.save();
        const std::string record = s.folder + "/submission.json";
        QCOMPARE(FarmSubmission::load(s.folder).tasks.size(), size_t(2)); // as written: accepted
        nlohmann::json json = nlohmann::json::parse(std::ifstream(record));
        json[nlohmann::json::json_pointer(pointer.toStdString())] = nlohmann::json::parse(value.toStdString());
        std::ofstream(record) << json.dump(2);
        try {
            FarmSubmission::load(s.folder);
            QFAIL("accepted");
        } catch (const FileError& e) {
            QCOMPARE(int(e.code()), int(ErrorCode::BadFile));
            QVERIFY2(QString(e.what()).contains("submission.json: " + field + ": ") && QString(e.what()).contains("refused"),
                     e.what());
        }
    }

    void specialRecordFilesAreRefusedAtOnce()
    {
        FarmSubmission s = FarmSubmission::create(settings(), {job("g", 7)}, {60});
        s.save();
        const std::string record = s.folder + "/submission.json";
        QVERIFY(std::rename(record.c_str(), (s.folder + "/kept.json").c_str()) == 0);
        QVERIFY(::symlink((s.folder + "/kept.json").c_str(), record.c_str()) == 0);
        QVERIFY_THROWS_EXCEPTION(FileError, FarmSubmission::load(s.folder)); // a link, even to a good record
        QVERIFY(std::remove(record.c_str()) == 0);
        QVERIFY(::mkfifo(record.c_str(), 0600) == 0);
        QVERIFY_THROWS_EXCEPTION(FileError, FarmSubmission::load(s.folder)); // a FIFO: no hang
        QVERIFY(std::remove(record.c_str()) == 0);
        { std::ofstream sparse(record); }
        QVERIFY(::truncate(record.c_str(), 3ll << 30) == 0); // 3 GB: refused unread
        QVERIFY_THROWS_EXCEPTION(FileError, FarmSubmission::load(s.folder));
    }

    void pathsComeFromWhereTheFolderIs()
    {
        FarmSettings moved = settings();
        moved.outFolder = m_dir.filePath("before").toStdString();
        QVERIFY(QDir(m_dir.path()).mkpath("before"));
        BatchJob j = job("h", 8);
        j.outputPath = moved.outFolder + "/h.mp4";
        FarmSubmission s = FarmSubmission::create(moved, {j}, {60});
        s.save();
        QVERIFY(QDir(m_dir.path()).rename("before", "after")); // the share is mounted elsewhere now
        const std::string folder = m_dir.filePath("after/.farm/").toStdString() + s.id;
        const FarmSubmission back = FarmSubmission::load(folder);
        QCOMPARE(back.tasks[0].outputPath, m_dir.filePath("after/h.mp4").toStdString());
        QCOMPARE(back.tasks[0].jobFile, folder + "/jobs/h.json");
        QCOMPARE(back.settings.outFolder, m_dir.filePath("after").toStdString());
    }

    void arrayRecordsOfThisMachineAreCheckedToo()
    {
        const std::string registry = m_dir.filePath("data/farm").toStdString();
        QVERIFY(QDir().mkpath(QString::fromStdString(registry)));
        QVERIFY(::mkfifo((registry + "/90.path").c_str(), 0600) == 0);
        QVERIFY_THROWS_EXCEPTION(FileError, FarmSubmission::folderOf("90")); // a FIFO: no hang
        std::ofstream(registry + "/91.path") << "/etc\n";
        QVERIFY_THROWS_EXCEPTION(FileError, FarmSubmission::folderOf("91"));
    }

    void plantedFarmLinkIsNotWrittenThrough()
    {
        QVERIFY(QDir(m_dir.path()).mkpath("linked/out"));
        QVERIFY(QDir(m_dir.path()).mkpath("linked/elsewhere"));
        QVERIFY(::symlink(m_dir.filePath("linked/elsewhere").toUtf8().constData(),
                          m_dir.filePath("linked/out/.farm").toUtf8().constData()) == 0);
        FarmSettings s = settings();
        s.outFolder = m_dir.filePath("linked/out").toStdString();
        QVERIFY_THROWS_EXCEPTION(FileError, FarmSubmission::create(s, {job("i", 9)}, {60}));
        QVERIFY(QDir(m_dir.filePath("linked/elsewhere")).isEmpty());
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

FRAMESMITH_TEST_GUILESS_MAIN(TestFarmSubmission)

} // namespace tst_FarmSubmission
#include "tst_FarmSubmission.moc"
