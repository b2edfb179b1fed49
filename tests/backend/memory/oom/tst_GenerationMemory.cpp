// The runner's memory helper: injected OOM at each stage is recovered and reported, stage peaks
// are measured on the CPU, and the JSON report carries them.
#include "framesmith/Error.h"
#include "memory/presets/AllocatorSettings.h"
#include "memory/oom/GenerationMemory.h"
#include "support/PlanningOf.h"
#include "support/TestPaths.h"
#include "support/TestRegistry.h"

#include <ATen/ATen.h>
#include <nlohmann/json.hpp>
#include <QTemporaryDir>
#include <QTest>

#include <algorithm>
#include <fstream>

namespace tst_GenerationMemory {

using namespace framesmith;

namespace {

struct RecordingSink : ProgressSink {
    std::vector<Warning> warnings;
    void onWarning(const Warning& w) override { warnings.push_back(w); }
};

// A stand-in stage that holds `megabytes` of tensors at its peak.
std::int64_t work(int megabytes)
{
    at::Tensor held = at::ones({megabytes, 1 << 18}); // 1 MiB per row
    return held.sum().item<float>() > 0 ? held.nbytes() : 0;
}

} // namespace

class tst_GenerationMemory : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void init() { qputenv("FRAMESMITH_PRESETS_DIR", QByteArray::fromStdString(test::sourceDir() + "/resources/presets")); }

    void recoversInjectedOomAndMeasuresEachStage_data()
    {
        QTest::addColumn<QString>("inject");
        for (const char* spec : {"text-encode", "denoise:2", "vae-decode", "export"})
            QTest::newRow(spec) << spec;
    }
    void recoversInjectedOomAndMeasuresEachStage()
    {
        QFETCH(QString, inject);
        QTemporaryDir dir;
        const QString report = dir.filePath("memory.json");
        qputenv("FRAMESMITH_INJECT_OOM", inject.toLatin1());
        qputenv("FRAMESMITH_MEMORY_REPORT", report.toLatin1());
        RecordingSink sink;
        GenerationRequest request;
        request.preset = "24gb";
        GenerationMemory memory(GenerationMemory::resolvePreset(request, {}, test::planningOf(request)), sink, "cpu");
        qunsetenv("FRAMESMITH_INJECT_OOM");
        std::vector<Stage> changedAt;
        memory.setPresetChangedHandler([&](const MemoryPreset&, Stage stage) { changedAt.push_back(stage); });

        for (Stage stage : {Stage::TextEncoding, Stage::Denoising, Stage::VaeDecoding, Stage::Exporting}) {
            memory.beginStage(stage);
            const int steps = stage == Stage::Denoising ? 3 : 1;
            for (int step = 1; step <= steps; ++step) {
                const int stepNumber = stage == Stage::Denoising ? step : 0;
                QCOMPARE(memory.run(stage, stepNumber, [] { return work(16); }), std::int64_t(16) << 20);
                if (stage == Stage::Denoising)
                    memory.afterStep(step);
            }
            memory.endStage(stage);
            QVERIFY(memory.stagePeakBytes(stage) >= (16ll << 20));
        }
        QCOMPARE(memory.recoveries().size(), std::size_t(1));
        QVERIFY(QString::fromStdString(memory.recoveries().front()).startsWith(inject.section(':', 0, 0)));
        QCOMPARE(sink.warnings.size(), std::size_t(1));
        QVERIFY(changedAt.empty()); // the first rung only releases caches

        memory.writeReport(1.5);
        qunsetenv("FRAMESMITH_MEMORY_REPORT");
        std::ifstream in(report.toStdString());
        const auto json = nlohmann::json::parse(in);
        QCOMPARE(json.at("stages").size(), std::size_t(4));
        QVERIFY(json.at("stages").at(0).at("peakBytes").get<std::int64_t>() >= (16ll << 20));
        QCOMPARE(json.at("recoveries").size(), std::size_t(1));
    }

    // An injected leak that releasing the cache frees: the detector's first finding turns on the
    // release after every step (marked for the graph), and the growth stops there.
    void growthIsFirstMetByReleasingTheCacheEveryStep()
    {
        qputenv("FRAMESMITH_INJECT_LEAK", "16:cache");
        RecordingSink sink;
        GenerationMemory memory(MemoryPreset{}, sink, "cpu");
        qunsetenv("FRAMESMITH_INJECT_LEAK");
        std::vector<GenerationMemory::GrowthAction> actions;
        for (int step = 1; step <= 30; ++step)
            actions.push_back(memory.afterStep(step));
        const auto releasing = std::find(actions.begin(), actions.end(), GenerationMemory::GrowthAction::ReleasingCache);
        QVERIFY(releasing != actions.end());
        QVERIFY2(releasing - actions.begin() <= 6, "the detector watches six steps");
        QCOMPARE(std::count(actions.begin(), actions.end(), GenerationMemory::GrowthAction::Pause), 0L);
        QCOMPARE(int(sink.warnings.size()), 1);
        QCOMPARE(sink.warnings[0].kind, WarningKind::MemoryGrowth);
        QCOMPARE(sink.warnings[0].marker, std::string(kCacheReleaseMarker));
        QVERIFY(QString::fromStdString(sink.warnings[0].message).contains("released after every step"));
    }

    // A leak the cache release cannot free: after the remedy, a second finding asks for the pause.
    void growthThatOutlastsTheRemedyAsksForAPause()
    {
        qputenv("FRAMESMITH_INJECT_LEAK", "16");
        RecordingSink sink;
        GenerationMemory memory(MemoryPreset{}, sink, "cpu");
        qunsetenv("FRAMESMITH_INJECT_LEAK");
        int releasingAt = 0, pauseAt = 0;
        for (int step = 1; step <= 30 && !pauseAt; ++step) {
            const auto action = memory.afterStep(step);
            if (action == GenerationMemory::GrowthAction::ReleasingCache)
                releasingAt = step;
            if (action == GenerationMemory::GrowthAction::Pause)
                pauseAt = step;
        }
        QVERIFY(releasingAt > 0);
        QVERIFY2(pauseAt > releasingAt && pauseAt <= releasingAt + 6, qPrintable(QString::number(pauseAt)));
        QVERIFY(QString::fromStdString(memory.growthFinding()).contains("MiB per step"));
    }

    void leakInjectionSpecsAreChecked()
    {
        for (const char* bad : {"0", "-3", "12x", "16:hold", "70000", ":cache"}) {
            qputenv("FRAMESMITH_INJECT_LEAK", bad);
            RecordingSink sink;
            try {
                GenerationMemory memory(MemoryPreset{}, sink, "cpu");
                QFAIL(bad);
            } catch (const InvalidRequestError& e) {
                QVERIFY2(QString(e.what()).contains("FRAMESMITH_INJECT_LEAK"), e.what());
            }
        }
        qunsetenv("FRAMESMITH_INJECT_LEAK");
    }

    void resolvesNamesPathsAndAuto()
    {
        qunsetenv(AllocatorSettings::kVariable);
        GenerationRequest request;
        request.modelPath = test::cogvideoxFixture("models/tiny-2b");
        request.preset = "low-memory";
        std::string log;
        QCOMPARE(QString::fromStdString(GenerationMemory::resolvePreset(request, {}, test::planningOf(request), &log).name), QString("low-memory"));
        if (AllocatorSettings::supportsExpandableSegments()) {
            QVERIFY(QString::fromStdString(log).contains("expandable_segments:True"));
            QCOMPARE(qgetenv(AllocatorSettings::kVariable), QByteArray("expandable_segments:True"));
        } else { // libtorch < 2.1 would reject the variable: the preset's only setting is left out
            QVERIFY2(QString::fromStdString(log).contains("expandable segments left out"), log.c_str());
            QVERIFY(qgetenv(AllocatorSettings::kVariable).isEmpty());
        }
        qunsetenv(AllocatorSettings::kVariable);

        request.preset = QString::fromStdString(test::sourceDir() + "/resources/presets/max-speed.json").toStdString();
        QCOMPARE(QString::fromStdString(GenerationMemory::resolvePreset(request, {}, test::planningOf(request)).name), QString("max-speed"));

        request.preset = "auto";
        const std::vector<DeviceInfo> gpu = {{0, "test", 24ll << 30, 24ll << 30}};
        QVERIFY(!GenerationMemory::resolvePreset(request, gpu, test::planningOf(request)).isAutomatic());

        request.preset = "no-such-preset";
        QVERIFY_THROWS_EXCEPTION(InvalidRequestError, GenerationMemory::resolvePreset(request, {}, test::planningOf(request)));
        qunsetenv(AllocatorSettings::kVariable);
    }
};

FRAMESMITH_TEST_GUILESS_MAIN(tst_GenerationMemory)

} // namespace tst_GenerationMemory
#include "tst_GenerationMemory.moc"
