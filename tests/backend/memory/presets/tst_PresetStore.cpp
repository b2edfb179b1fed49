// Built-in presets resolve from the resources folder and from the compiled-in copies alike;
// user presets are saved atomically and never shadow a built-in.
#include "framesmith/Error.h"
#include "memory/presets/PresetStore.h"
#include "support/TestPaths.h"
#include "support/TestRegistry.h"

#include <QTemporaryDir>
#include <QTest>

#include <fstream>
#include <sys/stat.h>

namespace tst_PresetStore {

using namespace framesmith;

class tst_PresetStore : public QObject {
    Q_OBJECT

    std::string resourcesFolder() const { return test::sourceDir() + "/resources/presets"; }

private Q_SLOTS:
    void listsTheFiveBuiltins_data()
    {
        QTest::addColumn<bool>("compiledIn");
        QTest::newRow("resources folder") << false;
        QTest::newRow("compiled in") << true;
    }
    void listsTheFiveBuiltins()
    {
        QFETCH(bool, compiledIn);
        QTemporaryDir user;
        QTemporaryDir empty;
        // An existing folder without presets makes the store fall back to the compiled-in copies.
        PresetStore store(compiledIn ? "" : resourcesFolder(), user.path().toStdString());
        if (compiledIn)
            qputenv("FRAMESMITH_PRESETS_DIR", "");
        for (const char* name : {"24gb", "multi-gpu", "low-memory", "max-speed", "auto"}) {
            QVERIFY2(store.isBuiltin(name), name);
            MemoryPreset p = store.load(name);
            QCOMPARE(QString::fromStdString(p.name), QString(name));
        }
        QVERIFY(store.load("auto").isAutomatic());
        QVERIFY(store.load("low-memory").transformer == Placement::Streamed);
        QVERIFY(!store.load("max-speed").vaeTiling);
    }

    void compiledInMatchesTheFiles()
    {
        PresetStore files(resourcesFolder(), "/nonexistent");
        PresetStore compiled("", "/nonexistent");
        if (compiled.builtinSource() != "compiled-in")
            QSKIP("a presets folder sits beside the test executable");
        QCOMPARE(files.builtinNames(), compiled.builtinNames());
        for (const std::string& name : files.builtinNames())
            QCOMPARE(toJson(files.load(name)), toJson(compiled.load(name)));
    }

    // A stray huge file, a link to /dev/zero or a FIFO in the presets folder is refused unread with
    // a FileError naming it (a 3 GB file used to cost 6.4 GB of memory; a FIFO hung).
    void specialAndHugeUserFilesAreRefusedUnread_data()
    {
        QTest::addColumn<QString>("kind");
        QTest::newRow("sparse 3 GB file") << "huge";
        QTest::newRow("link to /dev/zero") << "zero";
        QTest::newRow("fifo") << "fifo";
    }
    void specialAndHugeUserFilesAreRefusedUnread()
    {
        QFETCH(QString, kind);
        QTemporaryDir user;
        PresetStore store(resourcesFolder(), user.path().toStdString());
        const QString path = user.filePath("bad.json");
        if (kind == "huge") {
            QFile file(path);
            QVERIFY(file.open(QIODevice::WriteOnly) && file.resize(3ll << 30));
        } else if (kind == "zero") {
            QVERIFY(QFile::link("/dev/zero", path));
        } else {
            QCOMPARE(::mkfifo(QFile::encodeName(path).constData(), 0600), 0);
        }
        for (const std::string& nameOrPath : {std::string("bad"), path.toStdString()}) {
            try {
                store.load(nameOrPath);
                QFAIL("loaded a file that is not a preset");
            } catch (const FileError& e) {
                QVERIFY2(std::string(e.what()).find(path.toStdString()) != std::string::npos, e.what());
            }
        }
    }

    void savesLoadsAndRemovesUserPresets()
    {
        QTemporaryDir user;
        PresetStore store(resourcesFolder(), user.path().toStdString());
        MemoryPreset p = store.load("24gb");
        p.name = "my-card";
        p.vaeTileHeight = 96;
        const std::string path = store.save(p);
        QVERIFY(QFile::exists(QString::fromStdString(path)));
        QVERIFY(!QFile::exists(QString::fromStdString(path + ".tmp")));
        QCOMPARE(store.load("my-card").vaeTileHeight, 96);
        QCOMPARE(store.load(path).vaeTileHeight, 96); // by path too
        QVERIFY(store.userNames() == std::vector<std::string>{"my-card"});
        store.remove("my-card");
        QVERIFY_THROWS_EXCEPTION(InvalidRequestError, store.load("my-card"));
    }

    void refusesToOverwriteBuiltins()
    {
        QTemporaryDir user;
        PresetStore store(resourcesFolder(), user.path().toStdString());
        MemoryPreset p = store.load("24gb");
        QVERIFY_THROWS_EXCEPTION(InvalidRequestError, store.save(p));
        QVERIFY_THROWS_EXCEPTION(InvalidRequestError, store.remove("24gb"));
        p.name = "../escape";
        QVERIFY_THROWS_EXCEPTION(InvalidRequestError, store.save(p));
    }

    void unknownNameListsTheKnownOnes()
    {
        PresetStore store(resourcesFolder(), "/nonexistent");
        try {
            store.load("16gb");
            QFAIL("loaded an unknown preset");
        } catch (const InvalidRequestError& e) {
            QVERIFY(QString(e.what()).contains("low-memory"));
        }
    }
};

FRAMESMITH_TEST_GUILESS_MAIN(tst_PresetStore)

} // namespace tst_PresetStore
#include "tst_PresetStore.moc"
