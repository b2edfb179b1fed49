// The shared farm folder is a trust boundary (issue 34): every farm command, run as a real process
// under timeout and prlimit, against an output folder where someone else planted submissions with
// hostile fields -- an id with "..", clips and latents that are links to or names of the user's
// private file, a FIFO state file, a FIFO or 3 GB record. Each command ends on its own, names what
// it refused, writes nothing outside the data folder, and no byte of the private file reaches it.
#include "framesmith/GenerationRequest.h"
#include "support/GuardedCli.h"
#include "support/TinyJob.h"
#include "support/TestRegistry.h"

#include <QDir>
#include <QDirIterator>
#include <QFile>
#include <QTemporaryDir>
#include <QtTest/QtTest>

#include <sys/stat.h>
#include <unistd.h>

namespace tst_FarmHostileFolder {

using namespace framesmith;

namespace {

const QByteArray kSecret = "-----BEGIN PRIVATE KEY----- of the user who collects";

void writeText(const QString& path, const QByteArray& text)
{
    QVERIFY(QDir().mkpath(QFileInfo(path).path()));
    QFile file(path);
    QVERIFY(file.open(QIODevice::WriteOnly | QIODevice::Truncate));
    file.write(text);
}

// Every path below `root` (links included, not followed) with its size and time, except under `skip`.
QStringList snapshot(const QString& root, const QString& skip)
{
    QStringList entries;
    QDirIterator it(root, QDir::AllEntries | QDir::Hidden | QDir::System | QDir::NoDotAndDotDot,
                    QDirIterator::Subdirectories);
    while (it.hasNext()) {
        const QString path = it.next();
        if (path == skip || path.startsWith(skip + "/"))
            continue;
        const QFileInfo info(path);
        entries << path + " " + QString::number(info.isSymLink() ? -1 : info.size()) + " " +
                       QString::number(info.lastModified().toMSecsSinceEpoch());
    }
    entries.sort();
    return entries;
}

} // namespace

class TestFarmHostileFolder : public QObject {
    Q_OBJECT

private:
    QTemporaryDir m_dir;
    QString path(const QString& name) const { return m_dir.filePath(name); }
    QString out() const { return path("share/out"); }
    QString data() const { return path("home/data"); }

    // A record with the shape farm submit writes, for folder `id` of the output folder.
    QByteArray record(const QString& id, const QString& recordedId, const QStringList& clips, const QString& arrayId = "")
    {
        QByteArray tasks;
        for (int i = 0; i < clips.size(); ++i) {
            const QString stem = QFileInfo(clips[i]).completeBaseName();
            tasks += QString("%1{\"index\": %2, \"name\": \"%3.json\", \"job\": \"%4/.farm/%5/jobs/%3.json\", "
                             "\"output\": \"%6\", \"estimateSeconds\": 60}")
                         .arg(i ? ", " : "").arg(i).arg(stem, out(), id, clips[i]).toUtf8();
            writeText(out() + "/.farm/" + id + "/jobs/" + stem + ".json", QByteArray::fromStdString(toJson(test::tinyJob(1, 1))));
        }
        return "{\"schemaVersion\": 1, \"id\": \"" + recordedId.toUtf8() + "\", \"arrayId\": \"" + arrayId.toUtf8() +
               "\", \"createdAt\": \"2026-11-27T00:00:00Z\", \"cli\": \"/bin/false\", \"timeLimitMinutes\": 10, "
               "\"settings\": {\"outFolder\": \"" + out().toUtf8() + "\", \"partition\": \"gpu\", \"gpusPerJob\": 0, "
               "\"sbatchArgs\": [], \"model\": \"\", \"device\": \"cpu\", \"format\": \"mp4\"}, \"tasks\": [" + tasks + "]}";
    }

    void state(const QString& id, int index, const QByteArray& json)
    {
        writeText(out() + "/.farm/" + id + "/state/" + QString::number(index) + ".json", json);
    }

private Q_SLOTS:
    void initTestCase()
    {
        writeText(path("home/.ssh/id_rsa"), kSecret);
        QVERIFY(QDir().mkpath(data()));
        // 1. An id that leaves the data folder: collect wrote clips/farm-x/../../../escaped-0.mp4.
        const QString a = "20260101-000000-1";
        writeText(out() + "/.farm/" + a + "/submission.json", record(a, "x/../../../escaped", {out() + "/a.mp4"}));
        writeText(out() + "/a.mp4", "attacker's bytes");
        state(a, 0, "{\"state\": \"ok\", \"reason\": \"done\", \"exitCode\": 0}");
        // 2. Well-formed record; its files are not: a clip that is a link to the private key, a state
        //    file whose latents field names it, a state file that is a FIFO, a hard-linked checkpoint.
        const QString b = "20260101-000000-2";
        writeText(out() + "/.farm/" + b + "/submission.json",
                  record(b, b, {out() + "/b0.mp4", out() + "/b1.mp4", out() + "/b2.mp4", out() + "/b3.mp4"}));
        QVERIFY(::symlink(path("home/.ssh/id_rsa").toUtf8().constData(), (out() + "/b0.mp4").toUtf8().constData()) == 0);
        state(b, 0, "{\"state\": \"ok\", \"reason\": \"done\", \"exitCode\": 0}");
        state(b, 1, "{\"state\": \"failed\", \"reason\": \"oom\", \"exitCode\": 3, \"latents\": \"" +
                        path("home/.ssh/id_rsa").toUtf8() + "\"}");
        QVERIFY(::mkfifo((out() + "/.farm/" + b + "/state/2.json").toUtf8().constData(), 0600) == 0);
        state(b, 3, "{\"state\": \"failed\", \"reason\": \"oom\", \"exitCode\": 3}");
        QVERIFY(QDir().mkpath(out() + "/.farm/" + b + "/latents"));
        QVERIFY(::link(path("home/.ssh/id_rsa").toUtf8().constData(),
                       (out() + "/.farm/" + b + "/latents/3.safetensors").toUtf8().constData()) == 0);
        // 3. A record that is a FIFO, and 4. one of 3 GB.
        QVERIFY(QDir().mkpath(out() + "/.farm/20260101-000000-3"));
        QVERIFY(::mkfifo((out() + "/.farm/20260101-000000-3/submission.json").toUtf8().constData(), 0600) == 0);
        writeText(out() + "/.farm/20260101-000000-4/submission.json", "{");
        QVERIFY(::truncate((out() + "/.farm/20260101-000000-4/submission.json").toUtf8().constData(), 3ll << 30) == 0);
    }

    void everyFarmCommandEndsAndWritesNothingOutsideTheDataFolder()
    {
        const QStringList before = snapshot(m_dir.path(), data());
        const QMap<QString, QString> env = {{"FRAMESMITH_DATA_DIR", data()}, {"PATH", "/usr/bin:/bin"}};
        const QString b = out() + "/.farm/20260101-000000-2";
        const QList<QStringList> commands = {
            {"farm", "status", out()},
            {"farm", "collect", out(), "--history", data()},
            {"farm", "collect", b, "--history", data()},
            {"farm", "cancel", out()},
            {"farm", "run-task", out() + "/.farm/20260101-000000-1", "--task", "0"},
            {"farm", "status", out() + "/.farm/20260101-000000-3"},
        };
        for (const QStringList& command : commands) {
            const test::GuardedRun run = test::runGuardedCli(command, env, 60);
            const QString said = run.out + run.err;
            QVERIFY2(!run.wasKilled, qPrintable(command.join(' ') + ": hung\n" + said));
            QVERIFY2(run.exitCode == 2 || run.exitCode == 1, qPrintable(command.join(' ') + "\n" + said));
        }
        QCOMPARE(snapshot(m_dir.path(), data()), before); // nothing new, changed or removed outside
        QDirIterator it(data(), QDir::Files | QDir::Hidden, QDirIterator::Subdirectories);
        while (it.hasNext()) {
            QFile file(it.next());
            QVERIFY(file.open(QIODevice::ReadOnly));
            QVERIFY2(!file.readAll().contains(kSecret), qPrintable(file.fileName()));
        }
    }

    void refusalsNameTheFileAndTheField()
    {
        const QMap<QString, QString> env = {{"FRAMESMITH_DATA_DIR", data()}, {"PATH", "/usr/bin:/bin"}};
        const test::GuardedRun all = test::runGuardedCli({"farm", "collect", out(), "--history", data()}, env, 60);
        QCOMPARE(all.exitCode, 2);
        QVERIFY2(all.err.contains("20260101-000000-1/submission.json: id: 'x/../../../escaped'"), qPrintable(all.err));
        QVERIFY2(all.err.contains("20260101-000000-3/submission.json: is a FIFO"), qPrintable(all.err));
        QVERIFY2(all.err.contains("20260101-000000-4/submission.json: is 3.0 GiB"), qPrintable(all.err));
        QVERIFY2(all.out.contains(QRegularExpression("failed +b0.json .*b0.mp4 is a symbolic link")), qPrintable(all.out));
        QVERIFY2(all.out.contains(QRegularExpression("failed +b1.json .*state/1.json: latents: .* not collected")),
                 qPrintable(all.out));
        QVERIFY2(all.out.contains(QRegularExpression("failed +b2.json .*state/2.json: is a FIFO, not a regular file")),
                 qPrintable(all.out));
        QVERIFY2(all.out.contains(QRegularExpression("failed +b3.json .*latents/3.safetensors: has 2 hard links")),
                 qPrintable(all.out));
    }
};

FRAMESMITH_TEST_GUILESS_MAIN(TestFarmHostileFolder)

} // namespace tst_FarmHostileFolder
#include "tst_FarmHostileFolder.moc"
