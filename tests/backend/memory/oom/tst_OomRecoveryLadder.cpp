// Injected OOM at every stage is recovered by the ladder, each rung reported; when no rung is
// left the stage fails with framesmith::OutOfMemoryError naming it and what was tried.
#include "framesmith/Error.h"
#include "memory/oom/OomInjector.h"
#include "memory/oom/OomRecoveryLadder.h"
#include "memory/presets/PresetStore.h"
#include "support/TestPaths.h"
#include "support/TestRegistry.h"

#include <QTest>

#include <algorithm>

namespace tst_OomRecoveryLadder {

using namespace framesmith;

namespace {

struct RecordingSink : ProgressSink {
    std::vector<Warning> warnings;
    void onWarning(const Warning& w) override { warnings.push_back(w); }
};

MemoryPreset builtin(const char* name)
{
    return PresetStore(test::sourceDir() + "/resources/presets", "/nonexistent").load(name);
}

} // namespace

class tst_OomRecoveryLadder : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void recoversAtEveryStage_data()
    {
        QTest::addColumn<QString>("stage");
        QTest::addColumn<QString>("preset");
        for (const char* preset : {"24gb", "multi-gpu", "low-memory", "max-speed"})
            for (const char* stage : {"text-encode", "denoise", "vae-decode", "export"})
                QTest::newRow((std::string(preset) + "/" + stage).c_str()) << stage << preset;
    }
    void recoversAtEveryStage()
    {
        QFETCH(QString, stage);
        QFETCH(QString, preset);
        MemoryPreset p = builtin(preset.toLatin1().constData());
        RecordingSink sink;
        int released = 0;
        OomRecoveryLadder ladder(p, &sink, {}, [&] { ++released; });
        const Stage s = stageFromName(stage.toStdString());
        // As many failures as the ladder has rungs, at most two (export has only "release-cache").
        const int failures = std::min<int>(2, static_cast<int>(ladder.rungsFor(s).size()));
        QVERIFY(failures >= 1);
        OomInjector injector = OomInjector::parse(stage.toStdString() + "::" + std::to_string(failures));
        int attempts = 0;
        const int result = ladder.run(s, [&] {
            ++attempts;
            injector.check(s, 1);
            return 42;
        });
        QCOMPARE(result, 42);
        QCOMPARE(ladder.recoveries().size(), std::size_t(failures));
        QCOMPARE(sink.warnings.size(), std::size_t(failures));
        QVERIFY(sink.warnings[0].kind == WarningKind::OutOfMemoryRecovered);
        QVERIFY(QString::fromStdString(ladder.recoveries()[0]).startsWith(stage + " ran out of memory"));
        QCOMPARE(attempts, failures + 1);
        QCOMPARE(released, failures);
    }

    void decodeClimbsTilingThenSmallerTiles()
    {
        MemoryPreset p = builtin("max-speed");
        std::vector<std::string> changes;
        OomRecoveryLadder ladder(p, nullptr, [&](const MemoryPreset& q, Stage) {
            changes.push_back(std::to_string(q.vaeTileHeight) + "x" + std::to_string(q.vaeTileWidth) +
                              (q.vaeTiling ? " tiled" : ""));
        }, [] {});
        OomInjector injector = OomInjector::parse("vae-decode::3");
        ladder.run(Stage::VaeDecoding, [&] { injector.check(Stage::VaeDecoding, 1); });
        QVERIFY(p.vaeTiling);
        QCOMPARE(changes.size(), std::size_t(2));
        QCOMPARE(QString::fromStdString(changes[0]), QString("240x360 tiled"));
        QVERIFY(p.vaeTileHeight < 240 && p.vaeTileWidth < 360);
        QVERIFY(QString::fromStdString(ladder.recoveries()[2]).contains("pixel tiles"));
    }

    void denoiseEndsWithBlockStreaming()
    {
        MemoryPreset p = builtin("24gb");
        OomRecoveryLadder ladder(p, nullptr, {}, [] {});
        const auto rungs = ladder.rungsFor(Stage::Denoising);
        QCOMPARE(QString::fromStdString(rungs.front()), QString("release-cache"));
        QCOMPARE(QString::fromStdString(rungs.back()), QString("block-streaming"));
        for (const std::string& rung : rungs)
            QVERIFY2(rung != "fp8-weights", "the ladder must not change the output silently");
    }

    // Without an OOM (another program took memory): the next lever for the stage is applied and
    // handed to the caller's re-plan, recorded with the cause; no cache release, nothing retried.
    void stepsDownWithoutAnOutOfMemory()
    {
        MemoryPreset p = builtin("max-speed");
        RecordingSink sink;
        int released = 0;
        std::vector<MemoryPreset> changed;
        OomRecoveryLadder ladder(p, &sink, [&](const MemoryPreset& preset, Stage) { changed.push_back(preset); },
                                 [&] { ++released; });
        const std::string lever = ladder.stepDown(Stage::Denoising, "another program took 3.0 GiB");
        QVERIFY2(QString::fromStdString(lever).contains("stream transformer blocks"), lever.c_str());
        QCOMPARE(changed.size(), std::size_t(1));
        QVERIFY(std::count(changed[0].strategies.begin(), changed[0].strategies.end(), "block-streaming") == 1);
        QCOMPARE(released, 0);
        QVERIFY(sink.warnings.empty()); // the caller says it, with its marker
        QCOMPARE(ladder.recoveries().size(), std::size_t(1));
        QCOMPARE(QString::fromStdString(ladder.recoveries()[0]),
                 QString::fromStdString("another program took 3.0 GiB; switched to: " + lever));
        QCOMPARE(ladder.stepDown(Stage::Denoising, "more"), std::string()); // no lever left for denoising
        QCOMPARE(changed.size(), std::size_t(1));
    }

    void givesUpNamingTheStage_data()
    {
        QTest::addColumn<QString>("stage");
        for (const char* stage : {"text-encode", "denoise", "vae-decode", "export"})
            QTest::newRow(stage) << stage;
    }
    void givesUpNamingTheStage()
    {
        QFETCH(QString, stage);
        MemoryPreset p = builtin("24gb");
        OomRecoveryLadder ladder(p, nullptr, {}, [] {});
        OomInjector injector = OomInjector::parse(stage.toStdString() + ":*:0");
        const Stage s = stageFromName(stage.toStdString());
        const std::size_t rungs = ladder.rungsFor(s).size();
        try {
            ladder.run(s, [&] { injector.check(s, 1); });
            QFAIL("an always-failing stage succeeded");
        } catch (const OutOfMemoryError& e) {
            QCOMPARE(QString::fromStdString(e.stage()), stage);
            QVERIFY(QString(e.what()).contains("released cached memory"));
            QVERIFY(QString(e.what()).contains("no memory lever is left"));
            QCOMPARE(ladder.recoveries().size(), rungs); // every rung was tried once
        }
    }

    void otherErrorsPassThroughUntouched()
    {
        MemoryPreset p = builtin("24gb");
        OomRecoveryLadder ladder(p, nullptr, {}, [] {});
        QVERIFY_THROWS_EXCEPTION(ShapeError, ladder.run(Stage::Denoising, [] { throw ShapeError("x: bad"); }));
        QVERIFY(ladder.recoveries().empty());
    }
};

FRAMESMITH_TEST_GUILESS_MAIN(tst_OomRecoveryLadder)

} // namespace tst_OomRecoveryLadder
#include "tst_OomRecoveryLadder.moc"
