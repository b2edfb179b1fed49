// The public preset API the app's editor uses: the registered strategies, composing a preset from
// them, saving/loading/removing user presets in the folder the Engine reads, and clear refusals.
#include "framesmith/Error.h"
#include "framesmith/GenerationRequest.h"
#include "framesmith/PresetCatalog.h"
#include "memory/oom/GenerationMemory.h"
#include "support/PlanningOf.h"
#include "support/TestRegistry.h"

#include <QFile>
#include <QTemporaryDir>
#include <QTest>

#include <algorithm>
#include <functional>
#include <set>

namespace tst_PresetCatalog {

using namespace framesmith;

namespace {
QString messageOf(const std::function<void()>& action)
{
    try {
        action();
    } catch (const Error& e) {
        return QString::fromStdString(e.what());
    }
    return {};
}
} // namespace

class tst_PresetCatalog : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void listsEveryRegisteredStrategyWithASummary()
    {
        const auto strategies = PresetCatalog::strategies();
        std::set<std::string> names;
        for (const StrategyInfo& s : strategies) {
            QVERIFY2(!s.summary.empty(), s.name.c_str());
            names.insert(s.name);
        }
        QCOMPARE(names.size(), strategies.size());
        for (const char* name : {"fp8-weights", "int8-weights", "block-streaming", "vae-tiling"})
            QVERIFY2(names.count(name), name);
    }

    void composeAppliesTheStrategiesInOrder()
    {
        const MemoryPreset p = PresetCatalog::compose("mine", {"block-streaming", "fp8-weights", "vae-small-tiles"});
        QCOMPARE(QString::fromStdString(p.name), QStringLiteral("mine"));
        QVERIFY(p.weightStorage == WeightStorage::Float8);
        QVERIFY(p.transformer == Placement::Streamed);
        QVERIFY(p.vaeTiling);
        QVERIFY(p.vaeTileHeight < 240);
        QVERIFY(!p.expandableSegments); // not asked for: off
        const MemoryPreset none = PresetCatalog::compose("bare", {});
        QVERIFY(none.weightStorage == WeightStorage::Native && !none.vaeTiling);
        QVERIFY(messageOf([] { PresetCatalog::compose("x", {"warp-drive"}); }).contains("warp-drive"));
    }

    void contradictoryStrategiesAreRefusedByTheirOwnRules()
    {
        const auto conflicts = PresetCatalog::conflicts({"fp8-weights", "vae-tiling", "int8-weights"});
        QCOMPARE(conflicts.size(), size_t(1));
        QCOMPARE(QString::fromStdString(conflicts.front().first), QStringLiteral("fp8-weights"));
        QCOMPARE(QString::fromStdString(conflicts.front().second), QStringLiteral("int8-weights"));
        QCOMPARE(PresetCatalog::conflicts({"model-offload", "transformer-resident", "block-streaming"}).size(), size_t(3));
        QVERIFY(PresetCatalog::conflicts({"block-streaming", "fp8-weights", "text-encoder-on-cpu"}).empty());
        // Named on one side, known on both: the editor can grey out either box.
        for (const StrategyInfo& s : PresetCatalog::strategies())
            if (s.name == "int8-weights")
                QVERIFY(std::find(s.excludes.begin(), s.excludes.end(), "fp8-weights") != s.excludes.end());
        const QString message = messageOf([] { PresetCatalog::compose("x", {"fp8-weights", "int8-weights"}); });
        QVERIFY2(message.contains("fp8-weights") && message.contains("int8-weights"), qPrintable(message));
        // Every built-in preset is free of conflicts.
        const PresetCatalog catalog;
        for (const std::string& name : catalog.builtinNames())
            QVERIFY2(PresetCatalog::conflicts(catalog.load(name).strategies).empty(), name.c_str());
    }

    void savesLoadsListsAndRemovesUserPresets()
    {
        QTemporaryDir dir;
        const PresetCatalog catalog(dir.path().toStdString());
        MemoryPreset p = PresetCatalog::compose("my-card", {"transformer-resident", "int8-weights"});
        p.dtype = ComputeDtype::Float16;
        p.vaeTileHeight = 192;
        const std::string path = catalog.save(p);
        QCOMPARE(QString::fromStdString(path), dir.filePath(QStringLiteral("my-card.json")));
        QVERIFY(catalog.userNames() == std::vector<std::string>{"my-card"});
        QVERIFY(!catalog.isBuiltin("my-card") && catalog.isBuiltin("24gb"));
        const MemoryPreset back = catalog.load("my-card");
        QCOMPARE(toJson(back), toJson(p));
        QVERIFY(back.weightStorage == WeightStorage::Int8);
        QVERIFY(back.dtype == ComputeDtype::Float16);
        QCOMPARE(back.vaeTileHeight, 192);
        QVERIFY(catalog.load("low-memory").transformer == Placement::Streamed); // built-ins load too
        catalog.remove("my-card");
        QVERIFY(catalog.userNames().empty());
        QVERIFY(messageOf([&] { catalog.remove("my-card"); }).contains("my-card"));
    }

    void refusesBuiltinNamesAndBadFieldsKeepingTheOldFile()
    {
        QTemporaryDir dir;
        const PresetCatalog catalog(dir.path().toStdString());
        MemoryPreset p = PresetCatalog::compose("24gb", {"vae-tiling"});
        QVERIFY(messageOf([&] { catalog.save(p); }).contains("built-in"));
        QVERIFY(messageOf([&] { catalog.remove("24gb"); }).contains("built in"));
        p.name = "";
        QVERIFY(!messageOf([&] { catalog.save(p); }).isEmpty());
        p.name = "kept";
        catalog.save(p);
        QFile file(dir.filePath(QStringLiteral("kept.json")));
        QVERIFY(file.open(QIODevice::ReadOnly));
        const QByteArray before = file.readAll();
        file.close();
        p.vaeTileHeight = 10;
        QVERIFY(messageOf([&] { catalog.save(p); }).contains("tileHeight"));
        QVERIFY(file.open(QIODevice::ReadOnly));
        QCOMPARE(file.readAll(), before);
    }

    void defaultFolderIsTheOneTheEngineReads()
    {
        QTemporaryDir xdg;
        const QByteArray old = qgetenv("XDG_DATA_HOME");
        qputenv("XDG_DATA_HOME", xdg.path().toUtf8());
        const PresetCatalog catalog;
        QCOMPARE(QString::fromStdString(catalog.userFolder()), xdg.filePath(QStringLiteral("Framesmith/presets")));
        catalog.save(PresetCatalog::compose("studio-a", {"block-streaming", "fp8-weights"}));
        GenerationRequest request;
        request.preset = "studio-a";
        const MemoryPreset resolved = GenerationMemory::resolvePreset(request, {}, test::planningOf(request), nullptr);
        QCOMPARE(QString::fromStdString(resolved.name), QStringLiteral("studio-a"));
        QVERIFY(resolved.weightStorage == WeightStorage::Float8);
        qputenv("XDG_DATA_HOME", old);
    }
};

FRAMESMITH_TEST_GUILESS_MAIN(tst_PresetCatalog)

} // namespace tst_PresetCatalog
#include "tst_PresetCatalog.moc"
