// STDiT3 parameter counts from the config: the reference's count for STDiT3-XL/2
// (full-size-configs/param_counts.json) and the tiny checkpoint, element for element.
#include "io/WeightSource.h"
#include "models/opensora/transformer/STDiT3.h"
#include "models/opensora/planning/STDiT3ParameterCount.h"
#include "support/TestPaths.h"
#include "support/TestRegistry.h"

#include <nlohmann/json.hpp>
#include <QtTest/QtTest>

#include <fstream>

namespace tst_STDiT3ParameterCount {

using namespace framesmith;

namespace {

std::string fixture(const std::string& relative) { return test::fixturesDir() + "/opensora/" + relative; }

std::int64_t elements(const std::vector<std::int64_t>& shape)
{
    std::int64_t n = 1;
    for (std::int64_t d : shape)
        n *= d;
    return n;
}

} // namespace

class TestSTDiT3ParameterCount : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void fullSizeEqualsTheReferenceCount()
    {
        std::ifstream in(fixture("full-size-configs/param_counts.json"));
        const auto ref = nlohmann::json::parse(in)["models"]["stdit3_xl2"];
        const auto n = STDiT3ParameterCount::fromConfig(
            STDiT3Config::fromFile(fixture("full-size-configs/hpcai-tech/OpenSora-STDiT-v3/config.json")));
        QCOMPARE(n.stateDictElements(), ref["state_dict_elements"].get<std::int64_t>());
        QCOMPARE(n.perDepthElements(), ref["per_depth_elements"].get<std::int64_t>());
        QCOMPARE(n.blockCount, 2 * ref["depth"].get<int>());
        QCOMPARE(n.stateDictElements() * 2, ref["bytes_bf16"].get<std::int64_t>());
        QCOMPARE(n.stateDictElements() * 4, ref["bytes_fp32"].get<std::int64_t>());
    }

    void tinyEqualsTheCheckpointAndTheModule()
    {
        const std::string dir = fixture("models/hpcai-tech/OpenSora-STDiT-v3");
        const STDiT3Config config = STDiT3Config::fromFile(dir + "/config.json");
        const auto n = STDiT3ParameterCount::fromConfig(config);
        WeightSource source = WeightSource::open(dir);
        std::int64_t stored = 0;
        for (const auto& name : source.names())
            stored += elements(source.find(name)->shape);
        QCOMPARE(n.stateDictElements(), stored);

        STDiT3 model(config);
        std::int64_t base = 0;
        for (const auto& slot : model.nonBlockModules().parameters())
            base += elements(slot.shape);
        QCOMPARE(n.baseElements, base);
        for (Module* block : model.blocksInOrder()) {
            std::int64_t all = 0, matrices = 0, rows = 0;
            for (const auto& slot : block->parameters()) {
                all += elements(slot.shape);
                if (slot.shape.size() == 2) {
                    matrices += elements(slot.shape);
                    rows += slot.shape[0];
                }
            }
            QCOMPARE(n.perBlockElements, all);
            QCOMPARE(n.perBlockMatrixElements, matrices);
            QCOMPARE(n.perBlockMatrixRows, rows);
        }
    }
};

FRAMESMITH_TEST_GUILESS_MAIN(TestSTDiT3ParameterCount)

} // namespace tst_STDiT3ParameterCount
#include "tst_STDiT3ParameterCount.moc"
