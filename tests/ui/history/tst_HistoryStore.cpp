// HistoryStore: entries round-trip every parameter (a 64-bit seed included), are written
// atomically (no temporary files left, an existing entry replaced whole), sort newest first, and
// a damaged entry is skipped with a warning instead of breaking the list.
#include "ui/history/HistoryStore.h"
#include "support/TestRegistry.h"

#include <QDir>
#include <QFile>
#include <QImage>
#include <QTemporaryDir>
#include <QTest>

#include <sys/stat.h>

namespace tst_HistoryStore {

namespace {
HistoryEntry sampleEntry(const QString& id, const QDateTime& when)
{
    HistoryEntry e;
    e.id = id;
    e.createdAt = when;
    e.request.modelPath = "/models/cogvideox-2b";
    e.request.prompt = "雪中的红狐狸, a red fox in snow";
    e.request.negativePrompt = "blur";
    e.request.frameCount = 17;
    e.request.width = 96;
    e.request.height = 64;
    e.request.steps = 3;
    e.request.guidanceScale = 4.5;
    e.request.seed = 18446744073709551557ull;
    e.request.scheduler = "ddim";
    e.request.preset = "low-memory";
    e.modelName = "tiny";
    e.preset = "low-memory";
    e.frameCount = 17;
    e.width = 96;
    e.height = 64;
    e.stepsCompleted = 3;
    e.timings = {{"denoise", 1.5}, {"vae-decode", 0.25}};
    return e;
}
} // namespace

class tst_HistoryStore : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void entryRoundTripsEveryParameter()
    {
        QTemporaryDir dir;
        HistoryStore store(dir.path());
        HistoryEntry in = sampleEntry(QStringLiteral("a"), QDateTime::currentDateTime());
        in.title = QStringLiteral("Fox, take 3");
        in.videoPath = QDir(store.clipsFolder()).filePath(QStringLiteral("a.mp4"));
        QImage thumbnail(32, 24, QImage::Format_RGB32);
        thumbnail.fill(Qt::red);
        QVERIFY2(store.add(in, thumbnail), qPrintable(store.error()));
        const auto entries = store.entries();
        QCOMPARE(entries.size(), 1);
        const HistoryEntry& out = entries.first();
        QCOMPARE(out.id, in.id);
        QCOMPARE(out.title, in.title);
        QCOMPARE(out.request.prompt, in.request.prompt);
        QCOMPARE(out.request.seed, in.request.seed);
        QCOMPARE(out.request.frameCount, in.request.frameCount);
        QCOMPARE(out.request.guidanceScale, in.request.guidanceScale);
        QCOMPARE(out.request.scheduler, in.request.scheduler);
        QCOMPARE(out.request.preset, in.request.preset);
        QCOMPARE(out.videoPath, in.videoPath);
        QCOMPARE(out.createdAt, in.createdAt);
        QCOMPARE(out.timings.size(), 2);
        QCOMPARE(out.totalSeconds(), 1.75);
        QCOMPARE(QImage(out.thumbnailPath).size(), QSize(32, 24));
    }

    // The preset a clip resolved to (every lever, dtype, tiles) survives, so Regenerate replays it.
    void resolvedPresetRoundTrips()
    {
        QTemporaryDir dir;
        HistoryStore store(dir.path());
        HistoryEntry in = sampleEntry(QStringLiteral("p"), QDateTime::currentDateTime());
        framesmith::MemoryPreset resolved;
        resolved.name = "low-memory";
        resolved.strategies = {"text-encoder-on-cpu", "block-streaming", "vae-small-tiles"};
        resolved.dtype = framesmith::ComputeDtype::Float32;
        resolved.weightStorage = framesmith::WeightStorage::Int8;
        resolved.textEncoder = framesmith::Placement::Cpu;
        resolved.transformer = framesmith::Placement::Streamed;
        resolved.streamPrefetchBlocks = 2;
        resolved.vaeTileHeight = 144;
        resolved.vaeTileWidth = 200;
        in.request.resolvedPreset = resolved;
        QVERIFY2(store.add(in, QImage()), qPrintable(store.error()));
        const auto entries = store.entries();
        QCOMPARE(entries.size(), 1);
        const auto& out = entries.first().request.resolvedPreset;
        QVERIFY(out.has_value());
        QCOMPARE(framesmith::toJson(*out), framesmith::toJson(resolved));
        QCOMPARE(out->vaeTileWidth, 200);
        QCOMPARE(int(out->weightStorage), int(framesmith::WeightStorage::Int8));
    }

    // A run that ended without a clip keeps its latents checkpoint path, stored relative to the
    // data root (the root may move), absolute again when read.
    void keptLatentsRoundTrip()
    {
        QTemporaryDir dir;
        HistoryStore store(dir.path());
        HistoryEntry in = sampleEntry(QStringLiteral("kept"), QDateTime::currentDateTime());
        in.latentsPath = QDir(dir.path()).filePath(QStringLiteral("checkpoints/x-seed1.latents.safetensors"));
        in.isPartial = true;
        QVERIFY2(store.add(in, QImage()), qPrintable(store.error()));
        QFile json(QDir(store.historyFolder()).filePath(QStringLiteral("kept.json")));
        QVERIFY(json.open(QIODevice::ReadOnly));
        QVERIFY(json.readAll().contains("\"latents\": \"checkpoints/x-seed1.latents.safetensors\""));
        const auto entries = store.entries();
        QCOMPARE(entries.size(), 1);
        QCOMPARE(entries.first().latentsPath, in.latentsPath);
        QVERIFY(entries.first().videoPath.isEmpty());
    }

    void writesAtomicallyAndReplacesWhole()
    {
        QTemporaryDir dir;
        HistoryStore store(dir.path());
        HistoryEntry e = sampleEntry(QStringLiteral("same"), QDateTime::currentDateTime());
        QVERIFY(store.add(e, QImage()));
        e.request.prompt = "second version";
        QVERIFY(store.add(e, QImage()));
        // QSaveFile writes a temporary file and renames it: only the final files remain.
        QCOMPARE(QDir(store.historyFolder()).entryList(QDir::Files), QStringList{QStringLiteral("same.json")});
        QCOMPARE(store.entries().first().request.prompt, std::string("second version"));
    }

    void failsWithAReasonWhenTheFolderIsNotWritable()
    {
        QTemporaryDir dir;
        QFile blocker(dir.filePath(QStringLiteral("history")));
        QVERIFY(blocker.open(QIODevice::WriteOnly)); // a file where the folder should be
        blocker.close();
        HistoryStore store(dir.path());
        HistoryEntry e = sampleEntry(QStringLiteral("x"), QDateTime::currentDateTime());
        QVERIFY(!store.add(e, QImage()));
        QVERIFY(store.error().contains(QStringLiteral("history")));
    }

    void newestFirst()
    {
        QTemporaryDir dir;
        HistoryStore store(dir.path());
        const QDateTime now = QDateTime::currentDateTime();
        HistoryEntry older = sampleEntry(QStringLiteral("older"), now.addSecs(-60));
        HistoryEntry newer = sampleEntry(QStringLiteral("newer"), now);
        QVERIFY(store.add(older, QImage()));
        QVERIFY(store.add(newer, QImage()));
        const auto entries = store.entries();
        QCOMPARE(entries.size(), 2);
        QCOMPARE(entries.at(0).id, QStringLiteral("newer"));
        QCOMPARE(entries.at(1).id, QStringLiteral("older"));
    }

    void corruptEntryIsSkippedWithAWarning_data()
    {
        QTest::addColumn<QByteArray>("content");
        QTest::newRow("truncated") << QByteArray("{\"schemaVersion\": 1, \"id\": ");
        QTest::newRow("not an object") << QByteArray("[1, 2, 3]");
        QTest::newRow("future schema") << QByteArray("{\"schemaVersion\": 99}");
        QTest::newRow("bad request") << QByteArray("{\"schemaVersion\": 1, \"request\": \"{not json\"}");
        QTest::newRow("empty") << QByteArray();
    }

    void corruptEntryIsSkippedWithAWarning()
    {
        QFETCH(QByteArray, content);
        QTemporaryDir dir;
        HistoryStore store(dir.path());
        HistoryEntry good = sampleEntry(QStringLiteral("good"), QDateTime::currentDateTime());
        QVERIFY(store.add(good, QImage()));
        QFile bad(QDir(store.historyFolder()).filePath(QStringLiteral("bad.json")));
        QVERIFY(bad.open(QIODevice::WriteOnly));
        bad.write(content);
        bad.close();
        QTest::ignoreMessage(QtWarningMsg, QRegularExpression(QStringLiteral("Skipped history entry .*bad\\.json")));
        const auto entries = store.entries();
        QCOMPARE(entries.size(), 1);
        QCOMPARE(entries.first().id, QStringLiteral("good"));
        QCOMPARE(store.warnings().size(), 1);
        QVERIFY(store.warnings().first().contains(QStringLiteral("bad.json")));
    }

    void removeDeletesTheEntryAndItsFiles()
    {
        QTemporaryDir dir;
        HistoryStore store(dir.path());
        HistoryEntry e = sampleEntry(QStringLiteral("gone"), QDateTime::currentDateTime());
        QImage thumbnail(8, 8, QImage::Format_RGB32);
        thumbnail.fill(Qt::blue);
        QVERIFY(store.add(e, thumbnail));
        QVERIFY(store.remove(e.id));
        QVERIFY(store.entries().isEmpty());
        QVERIFY(QDir(store.historyFolder()).entryList(QDir::Files).isEmpty());
    }

    // Special and huge files in the history folder are refused unread (a link to /dev/zero used to
    // read forever and end in bad_alloc; a 3 GB file cost twice its size in memory).
    void specialAndHugeFilesAreSkippedUnread_data()
    {
        QTest::addColumn<QString>("kind");
        QTest::addColumn<bool>("isListed"); // a FIFO is not even listed as a file: no warning
        QTest::newRow("link to /dev/zero") << "zero" << true;
        QTest::newRow("fifo") << "fifo" << false;
        QTest::newRow("sparse 3 GB file") << "huge" << true;
    }
    void specialAndHugeFilesAreSkippedUnread()
    {
        QFETCH(QString, kind);
        QFETCH(bool, isListed);
        QTemporaryDir dir;
        HistoryStore store(dir.path());
        HistoryEntry good = sampleEntry(QStringLiteral("good"), QDateTime::currentDateTime());
        QVERIFY(store.add(good, QImage()));
        const QString bad = QDir(store.historyFolder()).filePath(QStringLiteral("bad.json"));
        if (kind == "zero")
            QVERIFY(QFile::link(QStringLiteral("/dev/zero"), bad));
        else if (kind == "fifo")
            QCOMPARE(::mkfifo(QFile::encodeName(bad).constData(), 0600), 0);
        else {
            QFile file(bad);
            QVERIFY(file.open(QIODevice::WriteOnly) && file.resize(3ll << 30));
        }
        if (isListed)
            QTest::ignoreMessage(QtWarningMsg, QRegularExpression(QStringLiteral("Skipped history entry .*bad\\.json")));
        const auto entries = store.entries();
        QCOMPARE(entries.size(), 1);
        QCOMPARE(store.warnings().size(), isListed ? 1 : 0);
    }

    // An id is a file name inside the history folder: "../../x" must delete nothing outside it.
    void removeRefusesIdsThatLeaveTheFolder()
    {
        QTemporaryDir dir;
        HistoryStore store(dir.path());
        HistoryEntry kept = sampleEntry(QStringLiteral("a"), QDateTime::currentDateTime());
        QVERIFY(store.add(kept, QImage()));
        const QString outside = QDir(dir.path()).filePath(QStringLiteral("x.json"));
        QFile victim(outside);
        QVERIFY(victim.open(QIODevice::WriteOnly));
        victim.close();
        QVERIFY(!store.remove(QStringLiteral("../x")));
        QVERIFY(!store.remove(QStringLiteral("/tmp/x")));
        QVERIFY(QFile::exists(outside));
        HistoryEntry hostile = sampleEntry(QStringLiteral("../x"), QDateTime::currentDateTime());
        QVERIFY(!store.add(hostile, QImage()));
        QVERIFY(!store.error().isEmpty());
    }

    // Paths stored in an entry that lead outside the app-data folder are dropped on load; the
    // entry's id is its file name, whatever the JSON says.
    void storedPathsAreConfinedToTheDataFolder()
    {
        QTemporaryDir dir;
        HistoryStore store(dir.path());
        HistoryEntry e = sampleEntry(QStringLiteral("c"), QDateTime::currentDateTime());
        QVERIFY(store.add(e, QImage()));
        const QString path = QDir(store.historyFolder()).filePath(QStringLiteral("c.json"));
        QFile file(path);
        QVERIFY(file.open(QIODevice::ReadOnly));
        QByteArray json = file.readAll();
        file.close();
        HistoryEntry edited;
        QString problem;
        QVERIFY(HistoryStore::fromJson(json, edited, &problem));
        edited.id = QStringLiteral("../../elsewhere");
        edited.thumbnailPath = QStringLiteral("../../../etc/passwd");
        edited.videoPath = QStringLiteral("/etc/hostname");
        QVERIFY(file.open(QIODevice::WriteOnly | QIODevice::Truncate));
        file.write(HistoryStore::toJson(edited));
        file.close();
        const auto entries = store.entries();
        QCOMPARE(entries.size(), 1);
        QCOMPARE(entries.first().id, QStringLiteral("c"));
        QVERIFY(entries.first().thumbnailPath.isEmpty());
        QVERIFY(entries.first().videoPath.isEmpty());
    }

    // Inside the data folder but not a regular file: a FIFO as the thumbnail would hang the app when
    // it opens it at start (QImage reads it blocking), a folder as the video would mislead it.
    void specialFilesInsideTheDataFolderAreDropped()
    {
        QTemporaryDir dir;
        HistoryStore store(dir.path());
        HistoryEntry e = sampleEntry(QStringLiteral("d"), QDateTime::currentDateTime());
        QVERIFY(QDir().mkpath(store.clipsFolder() + QStringLiteral("/d.mp4")));
        QVERIFY(QDir().mkpath(store.historyFolder()));
        const QString fifo = QDir(store.historyFolder()).filePath(QStringLiteral("d.png"));
        QCOMPARE(::mkfifo(QFile::encodeName(fifo).constData(), 0600), 0);
        e.thumbnailPath = fifo;
        e.videoPath = store.clipsFolder() + QStringLiteral("/d.mp4");
        QVERIFY(store.add(e, QImage()));
        const auto entries = store.entries();
        QCOMPARE(entries.size(), 1);
        QVERIFY2(entries.first().thumbnailPath.isEmpty(), qPrintable(entries.first().thumbnailPath));
        QVERIFY2(entries.first().videoPath.isEmpty(), qPrintable(entries.first().videoPath));
    }

    void newIdsAreUnique()
    {
        QTemporaryDir dir;
        HistoryStore store(dir.path());
        framesmith::GenerationRequest r;
        HistoryEntry e = sampleEntry(store.newId(r), QDateTime::currentDateTime());
        QVERIFY(store.add(e, QImage()));
        QVERIFY(store.newId(r) != e.id || !QFile::exists(QDir(store.historyFolder()).filePath(e.id + ".json")));
        QVERIFY(store.videoPathFor(e.id).endsWith(e.id + QStringLiteral(".mp4")));
    }
};

FRAMESMITH_TEST_MAIN(tst_HistoryStore)

} // namespace tst_HistoryStore
#include "tst_HistoryStore.moc"
