// The other-program scenario of FRAMESMITH_SIMULATE_OTHER_PROCESS: parsed, refused with the
// variable named, and read as the step goes.
#include "memory/monitor/SimulatedDeviceUseSource.h"

#include "framesmith/Error.h"
#include "support/TestRegistry.h"

#include <QTest>

namespace tst_SimulatedDeviceUseSource {

using namespace framesmith;

class tst_SimulatedDeviceUseSource : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void takesMemoryFromItsStepOn()
    {
        SimulatedDeviceUseSource source = SimulatedDeviceUseSource::parse("2:1024,4:3072,3:512@cuda:1");
        QCOMPARE(source.takings().size(), std::size_t(3));
        const std::vector<std::int64_t> cuda0 = {0, 0, 1ll << 30, 1ll << 30, 3ll << 30, 3ll << 30};
        const std::vector<std::int64_t> cuda1 = {0, 0, 0, 512ll << 20, 512ll << 20, 512ll << 20};
        for (int step = 0; step < 6; ++step) {
            source.setStep(step);
            QCOMPARE(source.read("cuda:0")->otherBytes(), cuda0[std::size_t(step)]);
            QCOMPARE(source.read("cuda:1")->otherBytes(), cuda1[std::size_t(step)]);
            QCOMPARE(source.read("cuda:2")->otherBytes(), std::int64_t(0));
        }
    }

    void refusesAMalformedScenarioNamingTheVariable_data()
    {
        QTest::addColumn<QString>("spec");
        QTest::addColumn<QString>("says");
        QTest::newRow("no colon") << "3" << "expected <step>:<MiB>";
        QTest::newRow("step 0") << "0:100" << "steps count from 1";
        QTest::newRow("negative") << "2:-5" << "MiB '-5'";
        QTest::newRow("words") << "two:5" << "step 'two'";
        QTest::newRow("not a GPU") << "2:5@cpu" << "'cpu' is not a GPU";
        QTest::newRow("empty item") << "2:5," << "expected <step>:<MiB>";
    }
    void refusesAMalformedScenarioNamingTheVariable()
    {
        QFETCH(QString, spec);
        QFETCH(QString, says);
        try {
            SimulatedDeviceUseSource::parse(spec.toStdString());
            QFAIL("accepted");
        } catch (const InvalidRequestError& e) {
            const QString message = QString::fromUtf8(e.what());
            QVERIFY2(message.contains(SimulatedDeviceUseSource::kVariable), qPrintable(message));
            QVERIFY2(message.contains(says), qPrintable(message));
        }
    }

    void theEnvironmentChoosesTheScenario()
    {
        qputenv(SimulatedDeviceUseSource::kVariable, "1:2048");
        auto source = DeviceUseSource::fromEnvironment();
        qunsetenv(SimulatedDeviceUseSource::kVariable);
        source->setStep(1);
        QCOMPARE(source->read("cuda:0")->otherBytes(), std::int64_t(2048) << 20);
        // Unset: the driver's figures, which a machine without NVML (or a simulated GPU) has not.
        auto system = DeviceUseSource::fromEnvironment();
        QVERIFY(system);
        QVERIFY(!system->read("cpu"));
    }

    void otherBytesNeverGoBelowZero()
    {
        QCOMPARE((DeviceUse{24ll << 30, 10ll << 30, 8ll << 30}.otherBytes()), std::int64_t(2ll << 30));
        QCOMPARE((DeviceUse{24ll << 30, 1ll << 30, 3ll << 30}.otherBytes()), std::int64_t(0));
    }
};

FRAMESMITH_TEST_GUILESS_MAIN(tst_SimulatedDeviceUseSource)

} // namespace tst_SimulatedDeviceUseSource
#include "tst_SimulatedDeviceUseSource.moc"
