// Step times calibrated on this machine: a run's measured steps against the planner's arithmetic,
// stored per device and model (atomically, in the data folder), looked up by both, a range until
// then, and the forecast (JobForecast, which the app and `plan` show) using the calibration. The
// first real steps of a run feed it: after one Engine::generate the forecast is one figure.
#include "framesmith/Engine.h"
#include "framesmith/JobForecast.h"
#include "memory/presets/PresetStore.h"
#include "engine/planning/StepTimeCalibration.h"
#include "engine/planning/StepTimeFeedback.h"
#include "support/EngineRuns.h"
#include "support/TestPaths.h"
#include "support/TestRegistry.h"

#include <QTemporaryDir>
#include <QtTest/QtTest>

#include <filesystem>
#include <fstream>

namespace tst_StepTimeCalibration {

using namespace framesmith;

namespace {

const std::vector<DeviceInfo> kCpu{{-1, "CPU", 24ll << 30, 20ll << 30, ""}};

// A run whose steps took `seconds` for 1e9 FLOPs of work.
StepCalibration measured(const std::string& device, const std::string& model, double seconds)
{
    return {device, model, seconds, 1e9, 0.01, 5};
}

// Turns the tests' default off (tests/CMakeLists.txt) back on, into a folder of this test's own.
struct CalibrationOn {
    explicit CalibrationOn(const QString& dataRoot)
    {
        qputenv("FRAMESMITH_DATA_DIR", dataRoot.toUtf8());
        qunsetenv("FRAMESMITH_NO_STEP_CALIBRATION");
    }
    ~CalibrationOn() { qputenv("FRAMESMITH_NO_STEP_CALIBRATION", "1"); }
};

} // namespace

class TestStepTimeCalibration : public QObject {
    Q_OBJECT

private:
    QTemporaryDir m_dir;

private Q_SLOTS:
    void initTestCase()
    {
        QVERIFY(m_dir.isValid());
        qputenv("FRAMESMITH_CHECKPOINT_DIR", m_dir.filePath("checkpoints").toUtf8());
    }

    void storesAndFindsByDeviceAndModel()
    {
        const std::string path = m_dir.filePath("store/calibration/step-times.json").toStdString();
        const StepTimeCalibration store(path);
        QVERIFY(!store.find("CPU: x", "/models/a"));
        QVERIFY(store.record(measured("CPU: x", "/models/a", 4.0)));
        QVERIFY(store.record(measured("CPU: x", "/models/b", 9.0)));
        QVERIFY(store.record(measured("NVIDIA H100", "/models/a", 1.5)));
        QCOMPARE(store.find("CPU: x", "/models/a")->measuredSeconds, 4.0);
        QCOMPARE(store.find("CPU: x", "/models/b")->measuredSeconds, 9.0);
        QCOMPARE(store.find("NVIDIA H100", "/models/a")->measuredSeconds, 1.5);
        QVERIFY(!store.find("NVIDIA H100", "/models/b"));
        QVERIFY(store.record(measured("CPU: x", "/models/a", 5.0))); // the latest run replaces its pair
        QCOMPARE(store.find("CPU: x", "/models/a")->measuredSeconds, 5.0);
        QCOMPARE(StepTimeCalibration(path).find("CPU: x", "/models/b")->measuredSeconds, 9.0); // another reader sees it
        // Written under a temporary name and renamed: nothing but the file is left.
        int files = 0;
        for (const auto& entry : std::filesystem::directory_iterator(std::filesystem::path(path).parent_path()))
            files += entry.path().filename() == "step-times.json" ? 1 : 100;
        QCOMPARE(files, 1);
    }

    void aDamagedFileReadsAsNotCalibrated()
    {
        const std::string path = m_dir.filePath("damaged.json").toStdString();
        std::ofstream(path) << "{\"schemaVersion\": 1, \"entries\": [ {\"device\": ";
        const StepTimeCalibration store(path);
        QVERIFY(!store.find("CPU: x", "/models/a"));
        QVERIFY(store.record(measured("CPU: x", "/models/a", 3.0))); // and is written anew
        QCOMPARE(store.find("CPU: x", "/models/a")->measuredSeconds, 3.0);
        QVERIFY(!StepTimeCalibration("").record(measured("CPU: x", "/models/a", 3.0)));
    }

    void aRangeUntilCalibratedThenOneFigureScaledByTheWork()
    {
        StepArithmetic arithmetic;
        arithmetic.seconds = 0.02;
        arithmetic.flops = 2e9;
        const StepTimeRange before = StepTimeCalibration::range(arithmetic, std::nullopt);
        QVERIFY(!before.isCalibrated);
        QCOMPARE(before.lowSeconds, 0.02 * StepTimeCalibration::kUncalibratedLow);
        QCOMPARE(before.highSeconds, 0.02 * StepTimeCalibration::kUncalibratedSpread);
        // Measured 1.1 s for 1e9 FLOPs; this request's step is twice the work.
        const StepTimeRange after = StepTimeCalibration::range(arithmetic, measured("d", "m", 1.1));
        QVERIFY(after.isCalibrated);
        QCOMPARE(after.lowSeconds, 2.2);
        QCOMPARE(after.highSeconds, after.lowSeconds);
        QCOMPARE(StepTimeCalibration::range(StepArithmetic{}, std::nullopt).lowSeconds, 0.0); // not estimated stays so
    }

    void theFeedbackTakesTheMedianOfTheWarmSteps()
    {
        test::Sink downstream;
        StepTimeFeedback feedback(downstream);
        QVERIFY(!feedback.measuredSecondsPerStep());
        for (double seconds : {5.0, 1.0, 1.2, 0.8}) { // the first step pays for warming up
            StepFinished e;
            e.step = downstream.steps + 1;
            e.seconds = seconds;
            feedback.onStepFinished(e);
        }
        QCOMPARE(downstream.steps, 4); // every event still reaches the caller's sink
        QCOMPARE(*feedback.measuredSecondsPerStep(), 1.0);
    }

    void theForecastUsesTheCalibrationOfItsDeviceAndModel()
    {
        QTemporaryDir data;
        CalibrationOn on(data.path());
        const GenerationRequest r = test::tiny();
        const MemoryPreset preset = PresetStore().load(r.preset);
        const JobForecast before = JobForecast::of(r, preset, kCpu);
        QVERIFY(!before.step.isCalibrated);
        QVERIFY(before.step.arithmeticSeconds > 0);
        QVERIFY(before.step.highSeconds > before.step.lowSeconds);
        QVERIFY(before.step.deviceKey.rfind("CPU", 0) == 0);

        const StepTimeCalibration store(StepTimeCalibration::defaultPath());
        QVERIFY(store.record(measured("another device", before.step.modelKey, 3.0)));
        QVERIFY(!JobForecast::of(r, preset, kCpu).step.isCalibrated); // not this device's
        QVERIFY(store.record(measured(before.step.deviceKey, before.step.modelKey, 7.0)));
        const JobForecast after = JobForecast::of(r, preset, kCpu);
        QVERIFY(after.step.isCalibrated);
        QVERIFY(after.step.lowSeconds > 0);
        QCOMPARE(after.step.highSeconds, after.step.lowSeconds);
        // Another size of the same model, scaled by its work (four times the video tokens beside the
        // same text tokens): in one process the arithmetic's rate is fixed, so its ratio is the work's.
        GenerationRequest larger = r;
        larger.width = 2 * r.width;
        larger.height = 2 * r.height;
        const JobForecast scaled = JobForecast::of(larger, preset, kCpu);
        QVERIFY(scaled.step.isCalibrated);
        QVERIFY2(scaled.step.lowSeconds > 1.5 * after.step.lowSeconds,
                 qPrintable(QString("%1 vs %2").arg(scaled.step.lowSeconds).arg(after.step.lowSeconds)));
        QVERIFY(qFuzzyCompare(scaled.step.lowSeconds / after.step.lowSeconds,
                              scaled.step.arithmeticSeconds / after.step.arithmeticSeconds));
    }

    // The first real steps feed back: one run, and the next forecast is what its steps took.
    void aRunCalibratesTheNextForecast()
    {
        QTemporaryDir data;
        CalibrationOn on(data.path());
        GenerationRequest r = test::tiny();
        r.steps = 3;
        const std::vector<DeviceInfo> devices = Engine::devices();
        const MemoryPreset preset = PresetStore().load(r.preset);
        QVERIFY(!JobForecast::of(r, preset, devices).step.isCalibrated);
        Engine engine;
        test::generate(engine, r, test::noDecode());
        const JobForecast after = JobForecast::of(r, preset, devices);
        QVERIFY2(after.step.isCalibrated, after.step.basis.c_str());
        QVERIFY(after.step.lowSeconds > 0);
        const auto stored = StepTimeCalibration(StepTimeCalibration::defaultPath()).find(after.step.deviceKey,
                                                                                          after.step.modelKey);
        QVERIFY(stored);
        QCOMPARE(stored->steps, 3);
        QVERIFY(qFuzzyCompare(after.step.lowSeconds, stored->measuredSeconds)); // the same arithmetic, times its ratio
    }
};

FRAMESMITH_TEST_GUILESS_MAIN(TestStepTimeCalibration)

} // namespace tst_StepTimeCalibration
#include "tst_StepTimeCalibration.moc"
