// `eval transformer` for Open-Sora: the case files by their golden names, the models root or the
// STDiT3 folder, and the dtype names of the metadata.
#include "framesmith/Error.h"
#include "io/SafetensorsReader.h"
#include "models/opensora/eval/STDiT3Eval.h"
#include "support/TensorParity.h"
#include "support/TestPaths.h"
#include "support/TestRegistry.h"

#include <ATen/ATen.h>
#include <nlohmann/json.hpp>
#include <QtTest/QtTest>

namespace tst_STDiT3Eval {

using namespace framesmith;

namespace {

std::string fixture(const std::string& relative) { return test::fixturesDir() + "/opensora/" + relative; }

} // namespace

class TestSTDiT3Eval : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void casesReproduceOutputAndTaps_data()
    {
        QTest::addColumn<int>("caseIndex");
        for (int i = 0; i < 3; ++i)
            QTest::newRow(("case" + std::to_string(i)).c_str()) << i;
    }
    void casesReproduceOutputAndTaps()
    {
        QFETCH(int, caseIndex);
        SafetensorsReader golden(fixture("golden/stdit3/case" + std::to_string(caseIndex) + ".safetensors"));
        const auto meta = nlohmann::json::parse(golden.metadata().at("json"));
        const auto out = STDiT3Eval::run(fixture("models"), golden, meta);
        for (const auto& entry : golden.entries()) {
            const bool isOutput = entry.name == "output" || entry.name.rfind("debug.", 0) == 0;
            if (!isOutput)
                continue;
            QVERIFY2(out.count(entry.name), entry.name.c_str());
            if (entry.name == "debug.y_lens")
                QVERIFY(out.at(entry.name).equal(golden.view(entry.name)));
            else
                FRAMESMITH_EXPECT_PARITY(entry.name, out.at(entry.name), golden.view(entry.name), 1e-4);
        }
    }

    void findsTheTransformerFolder()
    {
        const std::string repo = fixture("models/hpcai-tech/OpenSora-STDiT-v3");
        QCOMPARE(STDiT3Eval::transformerFolder(fixture("models")), repo);
        QCOMPARE(STDiT3Eval::transformerFolder(repo), repo);
        QVERIFY_THROWS_EXCEPTION(FileError, STDiT3Eval::transformerFolder(fixture("golden")));
    }

    void dtypeNames()
    {
        QCOMPARE(STDiT3Eval::dtypeFromName("float32"), at::kFloat);
        QCOMPARE(STDiT3Eval::dtypeFromName("bf16"), at::kBFloat16);
        QCOMPARE(STDiT3Eval::dtypeFromName("float16"), at::kHalf);
        QVERIFY_THROWS_EXCEPTION(InvalidRequestError, STDiT3Eval::dtypeFromName("int8"));
    }
};

FRAMESMITH_TEST_GUILESS_MAIN(TestSTDiT3Eval)

} // namespace tst_STDiT3Eval
#include "tst_STDiT3Eval.moc"
