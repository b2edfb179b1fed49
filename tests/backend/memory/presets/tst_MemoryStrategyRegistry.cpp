// The shared contract of every registered strategy: a unique stable name, a summary, a preset
// that still round-trips once it is enabled, and a placement that keeps every module on a device
// that exists and every byte accounted for.
#include "memory/presets/MemoryStrategyRegistry.h"
#include "memory/placement/PlacementPlanner.h"
#include "support/ThreeComponentFootprint.h"
#include "support/TestRegistry.h"

#include <QTest>

#include <set>

namespace tst_MemoryStrategyRegistry {

using namespace framesmith;

class tst_MemoryStrategyRegistry : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void everyStrategyKeepsTheContract_data()
    {
        QTest::addColumn<QString>("name");
        QTest::addColumn<int>("gpuCount");
        for (const auto& strategy : memoryStrategies())
            for (int count : {0, 1, 3})
                QTest::newRow((strategy->name() + "/" + std::to_string(count)).c_str())
                    << QString::fromStdString(strategy->name()) << count;
    }
    void everyStrategyKeepsTheContract()
    {
        QFETCH(QString, name);
        QFETCH(int, gpuCount);
        const MemoryStrategy* strategy = findMemoryStrategy(name.toStdString());
        QVERIFY(strategy);
        QVERIFY(!strategy->summary().empty());

        MemoryPreset p;
        p.name = "contract";
        p.strategies = {strategy->name()};
        strategy->enable(p);
        QCOMPARE(toJson(presetFromJson(toJson(p), "contract")), toJson(p));

        std::vector<DeviceInfo> devices;
        std::set<std::string> names = {"cpu"};
        for (int i = 0; i < gpuCount; ++i) {
            devices.push_back({i, "gpu", (24ll + i) << 30, (20ll + i) << 30});
            names.insert("cuda:" + std::to_string(i));
        }
        const ModelFootprint f = test::threeComponentFootprint(9'000, 300, 700, 30, 0, 400);
        const PlacementPlan plan = PlacementPlanner::build(p, devices, f);
        std::int64_t bytes = 0;
        for (const ModulePlacement& m : plan.modules()) {
            QVERIFY2(names.count(m.homeDevice) && names.count(m.computeDevice), m.module.c_str());
            QVERIFY(!(m.streamed && m.homeDevice == m.computeDevice && gpuCount > 0));
            bytes += m.bytes;
        }
        QCOMPARE(bytes, f.totalBytes());
    }

    void namesAreUnique()
    {
        std::set<std::string> seen;
        for (const auto& strategy : memoryStrategies())
            QVERIFY2(seen.insert(strategy->name()).second, strategy->name().c_str());
        QVERIFY(seen.size() >= 10);
    }
};

FRAMESMITH_TEST_GUILESS_MAIN(tst_MemoryStrategyRegistry)

} // namespace tst_MemoryStrategyRegistry
#include "tst_MemoryStrategyRegistry.moc"
