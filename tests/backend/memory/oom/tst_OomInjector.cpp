// FRAMESMITH_INJECT_OOM=<stage>[:<step>][:<count>] raises a real c10::OutOfMemoryError where asked.
#include "framesmith/Error.h"
#include "memory/oom/OomInjector.h"
#include "memory/oom/OutOfMemoryClassifier.h"
#include "support/TestRegistry.h"

#include <c10/util/Exception.h>

#include <QTest>

namespace tst_OomInjector {

using namespace framesmith;

namespace {

int raisedCount(OomInjector& injector, Stage stage, int steps)
{
    int raised = 0;
    for (int attempt = 0; attempt < 3; ++attempt)
        for (int step = 0; step <= steps; ++step) {
            try {
                injector.check(stage, step);
            } catch (const c10::OutOfMemoryError& e) {
                if (!OutOfMemoryClassifier::isOutOfMemory(e))
                    return -1;
                ++raised;
            }
        }
    return raised;
}

} // namespace

class tst_OomInjector : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void parsesEveryForm_data()
    {
        QTest::addColumn<QString>("spec");
        QTest::addColumn<int>("stage");
        QTest::addColumn<int>("step");
        QTest::addColumn<int>("remaining");
        QTest::newRow("stage") << "vae-decode" << int(Stage::VaeDecoding) << 0 << 1;
        QTest::newRow("step") << "denoise:3" << int(Stage::Denoising) << 3 << 1;
        QTest::newRow("any step, count") << "denoise::2" << int(Stage::Denoising) << 0 << 2;
        QTest::newRow("star, always") << "text-encode:*:0" << int(Stage::TextEncoding) << 0 << -1;
        QTest::newRow("export") << "export:1:1" << int(Stage::Exporting) << 1 << 1;
    }
    void parsesEveryForm()
    {
        QFETCH(QString, spec);
        OomInjector injector = OomInjector::parse(spec.toStdString());
        QVERIFY(injector.isActive());
        QFETCH(int, stage);
        QFETCH(int, step);
        QFETCH(int, remaining);
        QCOMPARE(int(injector.stage()), stage);
        QCOMPARE(injector.step(), step);
        QCOMPARE(injector.remaining(), remaining);
    }

    void rejectsMalformedSpecs_data()
    {
        QTest::addColumn<QString>("spec");
        for (const char* s : {"decode", "denoise:x", "denoise:0", "denoise:1:-1", "denoise:1:2:3", "loading"})
            QTest::newRow(s) << s;
    }
    void rejectsMalformedSpecs()
    {
        QFETCH(QString, spec);
        try {
            OomInjector::parse(spec.toStdString());
            QFAIL("accepted a malformed spec");
        } catch (const InvalidRequestError& e) {
            QVERIFY(QString(e.what()).contains("FRAMESMITH_INJECT_OOM"));
        }
    }

    void raisesExactlyCountTimesAtTheStep()
    {
        OomInjector once = OomInjector::parse("denoise:3");
        QCOMPARE(raisedCount(once, Stage::Denoising, 5), 1);
        OomInjector twice = OomInjector::parse("denoise::2");
        QCOMPARE(raisedCount(twice, Stage::Denoising, 5), 2);
        OomInjector always = OomInjector::parse("vae-decode:*:0");
        QCOMPARE(raisedCount(always, Stage::VaeDecoding, 1), 6);
        OomInjector other = OomInjector::parse("vae-decode");
        QCOMPARE(raisedCount(other, Stage::Denoising, 5), 0);
    }

    void readsTheEnvironment()
    {
        qputenv("FRAMESMITH_INJECT_OOM", "export");
        QCOMPARE(OomInjector::fromEnvironment().stage(), Stage::Exporting);
        qunsetenv("FRAMESMITH_INJECT_OOM");
        QVERIFY(!OomInjector::fromEnvironment().isActive());
    }

    void classifiesOtherFailures()
    {
        QVERIFY(OutOfMemoryClassifier::isOutOfMemory(std::bad_alloc()));
        QVERIFY(OutOfMemoryClassifier::isOutOfMemory(std::runtime_error("CUDA error: out of memory")));
        QVERIFY(!OutOfMemoryClassifier::isOutOfMemory(std::runtime_error("shape mismatch")));
        QVERIFY(!OutOfMemoryClassifier::isOutOfMemory(OutOfMemoryError("vae-decode", "final")));
        QCOMPARE(QString::fromStdString(OutOfMemoryClassifier::allocatedFromMessage(
                     "Tried to allocate 2.00 GiB (GPU 0; 23.65 GiB total capacity; 17.20 GiB already allocated)")),
                 QString("17.20 GiB"));
    }
};

FRAMESMITH_TEST_GUILESS_MAIN(tst_OomInjector)

} // namespace tst_OomInjector
#include "tst_OomInjector.moc"
