// Soak (label "slow", run by CI): 100 consecutive in-process generations on the demo model with
// one warm Engine, as the app makes them. The process's resident memory (/proc/self/statm) after
// each generation stays within 2 % of what it was after the first, and unloading brings it back
// within 2 % of the baseline taken after a first load/unload cycle (libtorch's one-time costs:
// thread pools, kernels). Generations are tiny so the 100 fit in a few minutes.
#include "framesmith/Engine.h"
#include "models/ModelRegistry.h"
#include "support/TestPaths.h"
#include "support/TestRegistry.h"

#include <QTemporaryDir>
#include <QtTest/QtTest>

#include <fstream>
#include <unistd.h>

namespace tst_EngineSoak {

using namespace framesmith;

namespace {

constexpr int kGenerations = 100;
constexpr int kPerRow = 20;
constexpr double kTolerance = 0.02;

std::int64_t residentBytes()
{
    std::ifstream statm("/proc/self/statm");
    std::int64_t pages = 0, resident = 0;
    statm >> pages >> resident;
    return resident * sysconf(_SC_PAGESIZE);
}

QByteArray describe(std::int64_t now, std::int64_t reference)
{
    return QByteArray::number(double(now) / (1 << 20), 'f', 1) + " MiB vs " +
           QByteArray::number(double(reference) / (1 << 20), 'f', 1) + " MiB";
}

bool isWithin(std::int64_t now, std::int64_t reference)
{
    return std::abs(double(now - reference)) <= kTolerance * double(reference);
}

} // namespace

class TestEngineSoak : public QObject {
    Q_OBJECT

private:
    QTemporaryDir m_dir;
    std::unique_ptr<Engine> m_engine;
    GenerationRequest m_request;
    std::int64_t m_baseline = 0;    // after a first load/unload cycle
    std::int64_t m_afterFirst = 0;  // after the first of the 100
    int m_done = 0;
    double m_worstDeviation = 0;    // over the 100, relative to m_afterFirst

    void generateOnce()
    {
        ProgressSink sink;
        CancelToken cancel;
        GenerateOptions options;
        options.saveLatentsPath = m_dir.filePath("latents.safetensors").toStdString();
        m_request.seed = static_cast<std::uint64_t>(m_done);
        const GenerationResult result = m_engine->generate(m_request, sink, cancel, options);
        QCOMPARE(result.clip.frameCount, 9);
        QCOMPARE(result.wasWarm, m_done > 0);
        ++m_done;
    }

private Q_SLOTS:
    void initTestCase()
    {
        QVERIFY(m_dir.isValid());
        const std::string model = m_dir.filePath("demo").toStdString();
        ModelRegistry::families().front()->writeDemoModel(model, {test::sourceDir() + "/resources/demo-tokenizer"});
        m_request.modelPath = model;
        m_request.prompt = "a lighthouse in a storm";
        m_request.frameCount = 9;
        m_request.width = 32; // the demo model's smallest size: 100 runs take a minute or two
        m_request.height = 32;
        m_request.steps = 1;
        m_engine = std::make_unique<Engine>();
        generateOnce(); // pays libtorch's one-time costs, then frees the model again
        m_engine->unload();
        m_done = 0;
        m_baseline = residentBytes();
    }

    void residentMemoryHoldsOverGenerations_data()
    {
        QTest::addColumn<int>("count");
        for (int first = 1; first <= kGenerations; first += kPerRow)
            QTest::newRow(QByteArray::number(first) + "-" + QByteArray::number(first + kPerRow - 1)) << kPerRow;
    }

    void residentMemoryHoldsOverGenerations()
    {
        QFETCH(int, count);
        for (int i = 0; i < count; ++i) {
            generateOnce();
            const std::int64_t now = residentBytes();
            if (m_done == 1)
                m_afterFirst = now;
            m_worstDeviation = std::max(m_worstDeviation, std::abs(double(now - m_afterFirst)) / double(m_afterFirst));
            QVERIFY2(isWithin(now, m_afterFirst),
                     "generation " + QByteArray::number(m_done) + ": " + describe(now, m_afterFirst));
        }
    }

    void unloadReturnsToTheBaseline()
    {
        QCOMPARE(m_done, kGenerations);
        m_engine->unload();
        const std::int64_t now = residentBytes();
        qInfo("RSS: baseline %.1f MiB, after the 1st generation %.1f MiB, worst of the 100 %.2f %% away, after unload "
              "%.1f MiB (%+.2f %%)", double(m_baseline) / (1 << 20), double(m_afterFirst) / (1 << 20),
              100 * m_worstDeviation, double(now) / (1 << 20), 100.0 * double(now - m_baseline) / double(m_baseline));
        QVERIFY2(isWithin(now, m_baseline), "after unload: " + describe(now, m_baseline));
        QVERIFY(!m_engine->loadedModel().has_value());
    }
};

FRAMESMITH_TEST_GUILESS_MAIN(TestEngineSoak)

} // namespace tst_EngineSoak
#include "tst_EngineSoak.moc"
