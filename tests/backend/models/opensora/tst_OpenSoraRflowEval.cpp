// `eval scheduler` for Open-Sora: the settings read from structured metadata or the description,
// the frame-mask draws replayed or drawn from the seed the metadata names, no draws without a mask.
#include "io/SafetensorsReader.h"
#include "io/SafetensorsWriter.h"
#include "models/opensora/eval/OpenSoraRflowEval.h"
#include "support/TensorParity.h"
#include "support/TestPaths.h"
#include "support/TestRegistry.h"

#include <ATen/ATen.h>
#include <nlohmann/json.hpp>
#include <QtTest/QtTest>

#include <filesystem>

namespace tst_OpenSoraRflowEval {

using namespace framesmith;

namespace {

std::string goldenPath() { return test::fixturesDir() + "/opensora/golden/scheduler/rflow.safetensors"; }

nlohmann::json metaOf(const SafetensorsReader& r) { return nlohmann::json::parse(r.metadata().at("json")); }

// A copy of the golden case without the tensors whose names contain `drop`.
std::string copyWithout(const std::string& drop, const std::string& name)
{
    SafetensorsReader golden(goldenPath());
    SafetensorsWriter writer;
    for (const auto& entry : golden.entries())
        if (entry.name.find(drop) == std::string::npos)
            writer.add(entry.name, golden.view(entry.name));
    writer.setMetadata("json", golden.metadata().at("json"));
    const std::string path = test::binaryDir() + "/tst_OpenSoraRflowEval_" + name + ".safetensors";
    writer.write(path);
    return path;
}

} // namespace

class TestOpenSoraRflowEval : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void drawsFromTheNamedSeedWhenNoiseIsNotRecorded()
    {
        SafetensorsReader golden(goldenPath());
        const std::string path = copyWithout("mask_noise", "seeded");
        SafetensorsReader copy(path);
        const auto out = OpenSoraRflowEval::run(copy, metaOf(copy));
        for (int k = 0; k < 3; ++k) {
            const std::string name = "steps.step" + std::to_string(k) + ".mask_noise";
            QVERIFY2(out.at(name).equal(golden.view(name)), name.c_str()); // torch.manual_seed(1274366460)
        }
        FRAMESMITH_EXPECT_PARITY("steps.z_final", out.at("steps.z_final"), golden.view("steps.z_final"), 1e-5);
        std::filesystem::remove(path);
    }

    void structuredSettingsWin()
    {
        SafetensorsReader golden(goldenPath());
        auto meta = metaOf(golden);
        const auto reference = OpenSoraRflowEval::run(golden, meta);
        meta["cfg_scale"] = 1.0; // no guidance: z follows the conditional half alone
        const auto unguided = OpenSoraRflowEval::run(golden, meta);
        QVERIFY(!unguided.at("steps.z_final").equal(reference.at("steps.z_final")));
        meta["cfg_scale"] = 7.0;
        meta["use_timestep_transform"] = false; // t = 1000, 666.67, 333.33: no discarded first step
        const auto plain = OpenSoraRflowEval::run(golden, meta);
        QCOMPARE(plain.at("steps.step0.t")[0].item<float>(), 1000.0f);
        QVERIFY(plain.at("steps.step0.x_mask").all().item<bool>());
    }

    void withoutFrameMaskNothingIsDrawn()
    {
        const std::string path = copyWithout("steps.mask", "unmasked"); // drops steps.mask and the draws
        SafetensorsReader copy(path);
        const auto out = OpenSoraRflowEval::run(copy, metaOf(copy));
        QVERIFY(!out.count("steps.step0.x_mask"));
        QVERIFY(out.count("steps.z_final"));
        std::filesystem::remove(path);
    }
};

FRAMESMITH_TEST_GUILESS_MAIN(TestOpenSoraRflowEval)

} // namespace tst_OpenSoraRflowEval
#include "tst_OpenSoraRflowEval.moc"
