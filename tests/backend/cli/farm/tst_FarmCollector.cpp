// FarmCollector files a submission's results into a data folder that the app's HistoryStore
// reads: finished clips with their sidecars, a failed job's kept latents as a partial entry
// ("Decode again"), failures without latents reported, unfinished jobs left for later, and a
// second collect adds nothing twice.
#include "cli/farm/FarmCollector.h"
#include "framesmith/Error.h"
#include "framesmith/ExportOptions.h"
#include "support/TestPaths.h"
#include "ui/history/HistoryStore.h"
#include "support/TestRegistry.h"

#include <QDirIterator>
#include <QFile>
#include <QTemporaryDir>
#include <QtTest/QtTest>

#include <unistd.h>

namespace tst_FarmCollector {

using namespace framesmith;
using namespace framesmith::cli;

namespace {

void writeFile(const std::string& path, const QByteArray& bytes)
{
    QFile file(QString::fromStdString(path));
    QVERIFY(file.open(QIODevice::WriteOnly));
    file.write(bytes);
}

} // namespace

class TestFarmCollector : public QObject {
    Q_OBJECT

private:
    QTemporaryDir m_dir;
    FarmSubmission m_sub;
    std::vector<FarmJobStatus> m_jobs;

    QString data() const { return m_dir.filePath("data"); }

private Q_SLOTS:
    void initTestCase()
    {
        QVERIFY(QDir(m_dir.path()).mkpath("out"));
        FarmSettings settings;
        settings.outFolder = m_dir.filePath("out").toStdString();
        settings.partition = "gpu";
        std::vector<BatchJob> jobs(4);
        for (int i = 0; i < 4; ++i) {
            jobs[i].jobPath = "/queue/j" + std::to_string(i) + ".json";
            jobs[i].outputPath = settings.outFolder + "/j" + std::to_string(i) + ".mp4";
            jobs[i].request.modelPath = test::cogvideoxFixture("models/tiny-2b");
            jobs[i].request.seed = 100 + i;
            jobs[i].request.width = 96;
        }
        m_sub = FarmSubmission::create(settings, jobs, {60, 60, 60, 60});
        // Job 0 made its clip; its sidecar records the request as run (a resolved preset, say).
        GenerationRequest ran = jobs[0].request;
        ran.preset = "24gb";
        writeFile(jobs[0].outputPath, "not really an mp4");
        writeFile(exportSidecarPath(jobs[0].outputPath), QByteArray::fromStdString("{\"request\": " + toJson(ran) + "}"));
        // Job 1 ran out of memory after denoising: its latents were kept.
        writeFile(m_sub.latentsPath(1), "latents");
        m_jobs = {{0, "j0.json", FarmJobStatus::State::Ok, "", jobs[0].outputPath, "", ""},
                  {1, "j1.json", FarmJobStatus::State::Failed, "out of memory: vae-decode", "", m_sub.latentsPath(1), ""},
                  {2, "j2.json", FarmJobStatus::State::Failed, "node lost on n3", "", "", ""},
                  {3, "j3.json", FarmJobStatus::State::Running, "on n1", "", "", ""}};
    }

    void filesResultsTheHistoryReads()
    {
        const auto rows = FarmCollector(data().toStdString()).collect(m_sub, m_jobs);
        QCOMPARE(rows.size(), size_t(4));
        QCOMPARE(rows[0].outcome, FarmCollector::Outcome::Collected);
        QCOMPARE(rows[1].outcome, FarmCollector::Outcome::KeptLatents);
        QCOMPARE(rows[2].outcome, FarmCollector::Outcome::Failed);
        QCOMPARE(rows[2].detail, std::string("node lost on n3"));
        QCOMPARE(rows[3].outcome, FarmCollector::Outcome::NotFinished);

        HistoryStore store(data());
        const QVector<HistoryEntry> entries = store.entries();
        QVERIFY2(store.warnings().isEmpty(), qPrintable(store.warnings().join('\n')));
        QCOMPARE(entries.size(), 2);
        const auto clip = std::find_if(entries.begin(), entries.end(), [](const HistoryEntry& e) { return !e.isPartial; });
        QVERIFY(clip != entries.end());
        QCOMPARE(clip->id, QString::fromStdString(FarmCollector::entryId(m_sub, 0)));
        QCOMPARE(clip->request.seed, std::uint64_t(100));
        QCOMPARE(clip->preset, QStringLiteral("24gb")); // what ran, from the sidecar
        QCOMPARE(clip->videoPath, data() + "/clips/" + clip->id + ".mp4");
        QVERIFY(QFileInfo::exists(clip->videoPath));
        QVERIFY(QFileInfo::exists(clip->videoPath + ".json"));
        QVERIFY(clip->createdAt.isValid());
        const auto partial = std::find_if(entries.begin(), entries.end(), [](const HistoryEntry& e) { return e.isPartial; });
        QVERIFY(partial != entries.end());
        QCOMPARE(partial->request.seed, std::uint64_t(101));
        QCOMPARE(partial->latentsPath, data() + "/checkpoints/" + partial->id + ".safetensors");
        QVERIFY(QFileInfo::exists(partial->latentsPath));
        QVERIFY(partial->videoPath.isEmpty());
        // Nothing half-copied is left beside the files.
        QVERIFY(QDir(data() + "/clips").entryList({"*.tmp-*"}, QDir::Files).isEmpty());
    }

    void secondCollectAddsNothingTwice()
    {
        m_jobs[3].state = FarmJobStatus::State::Failed; // it ended since
        m_jobs[3].reason = "time limit reached";
        const auto rows = FarmCollector(data().toStdString()).collect(m_sub, m_jobs);
        QCOMPARE(rows[0].outcome, FarmCollector::Outcome::AlreadyCollected);
        QCOMPARE(rows[1].outcome, FarmCollector::Outcome::AlreadyCollected);
        QCOMPARE(rows[3].outcome, FarmCollector::Outcome::Failed);
        QCOMPARE(HistoryStore(data()).entries().size(), 2);
    }

    // The shared folder is a trust boundary (issue 34): a clip, sidecar or latents file that is a
    // link, a hard link or a path outside the submission is that job's failure, named, and nothing
    // of the file it points to reaches the data folder.
    void plantedLinksAreNotCollected()
    {
        const QByteArray secret = "PRIVATE KEY of the user who collects";
        writeFile(m_dir.filePath("secret").toStdString(), secret);
        FarmSettings settings = m_sub.settings;
        std::vector<BatchJob> jobs(4);
        for (int i = 0; i < 4; ++i) {
            jobs[i].jobPath = "/queue/k" + std::to_string(i) + ".json";
            jobs[i].outputPath = settings.outFolder + "/k" + std::to_string(i) + ".mp4";
            jobs[i].request.modelPath = test::cogvideoxFixture("models/tiny-2b");
        }
        const FarmSubmission sub = FarmSubmission::create(settings, jobs, {60, 60, 60, 60});
        const QByteArray secretPath = m_dir.filePath("secret").toUtf8();
        QVERIFY(::symlink(secretPath.constData(), jobs[0].outputPath.c_str()) == 0); // the clip: a link
        writeFile(jobs[1].outputPath, "a clip");                                      // its sidecar: a link
        QVERIFY(::symlink(secretPath.constData(), exportSidecarPath(jobs[1].outputPath).c_str()) == 0);
        QVERIFY(::link(secretPath.constData(), sub.latentsPath(2).c_str()) == 0);     // latents: a hard link
        const std::vector<FarmJobStatus> statuses = {
            {0, "k0.json", FarmJobStatus::State::Ok, "", jobs[0].outputPath, "", ""},
            {1, "k1.json", FarmJobStatus::State::Ok, "", jobs[1].outputPath, "", ""},
            {2, "k2.json", FarmJobStatus::State::Failed, "oom", "", sub.latentsPath(2), ""},
            {3, "k3.json", FarmJobStatus::State::Failed, "oom", "", m_dir.filePath("secret").toStdString(), ""}};
        const QString data = m_dir.filePath("hostile-data");
        const auto rows = FarmCollector(data.toStdString()).collect(sub, statuses);
        for (const FarmCollector::Row& row : rows) {
            QCOMPARE(row.outcome, FarmCollector::Outcome::Failed);
            QVERIFY2(QString::fromStdString(row.detail).contains("refused"), row.detail.c_str());
        }
        QDirIterator it(data, QDir::Files | QDir::Hidden, QDirIterator::Subdirectories);
        while (it.hasNext()) {
            QFile file(it.next());
            QVERIFY(file.open(QIODevice::ReadOnly));
            QVERIFY2(!file.readAll().contains(secret), qPrintable(file.fileName()));
        }
        QVERIFY(HistoryStore(data).entries().isEmpty());
    }

    void unwritableDataFolderIsAnError()
    {
        writeFile(m_dir.filePath("blocked").toStdString(), "a file where the data folder should be");
        m_jobs[0].index = 0;
        QVERIFY_THROWS_EXCEPTION(FileError, FarmCollector(m_dir.filePath("blocked").toStdString()).collect(m_sub, {m_jobs[0]}));
    }
};

FRAMESMITH_TEST_GUILESS_MAIN(TestFarmCollector)

} // namespace tst_FarmCollector
#include "tst_FarmCollector.moc"
