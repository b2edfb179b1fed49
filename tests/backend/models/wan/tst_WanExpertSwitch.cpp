// WanExpertSwitch against the A14B pipeline goldens: the expert of every step (the switch inside
// the run at boundary 875 for T2V-A14B, already at t = 899 for I2V-A14B's boundary 900) from the
// model folders' boundary_ratio, the guidance scale each expert takes, and the refusals. And the
// switch's residency with block streaming (a RuntimePlacement on a simulated GPU): the idle expert is
// neither read nor in the ledger before its turn, the first is freed (RAM too) before the second is
// read from disk, and the latents equal those of the run without a placement.
#include "framesmith/Error.h"
#include "io/JsonGuard.h"
#include "io/SafetensorsReader.h"
#include "models/wan/sampling/WanExpertSwitch.h"
#include "WanFixtures.h"
#include "support/TestRegistry.h"
#include "support/TinyGeneration.h"

#include <ATen/ATen.h>
#include <QTemporaryDir>
#include <QtTest/QtTest>

namespace tst_WanExpertSwitch {

using namespace framesmith;

namespace {

std::optional<double> boundaryRatioOf(const std::string& variant)
{
    const nlohmann::json index = JsonGuard::readFile(test::wanFixture("models/" + variant + "/model_index.json"));
    auto it = index.find("boundary_ratio");
    return it == index.end() || it->is_null() ? std::nullopt : std::optional<double>(it->get<double>());
}

// A placement that notes, for each expert, when it is read from disk (loadDevice), attached and
// detached, with what the ledger holds of the other expert then and how many of the detached
// expert's weight storages are still alive (held by anyone) when the next one is read.
class ObservedPlacement : public RuntimePlacement {
public:
    using RuntimePlacement::RuntimePlacement;
    mutable std::vector<std::string> events;

    c10::Device loadDevice(const std::string& component) const override
    {
        if (isExpert(component))
            events.push_back("read " + component + " other-in-ledger=" + otherInLedger(component) +
                             " freed-alive=" + std::to_string(aliveOfFreed()));
        return RuntimePlacement::loadDevice(component);
    }
    void attach(const std::string& component, Module& module, const std::vector<Module*>& blocks,
                const std::vector<std::string>& prefixes) override
    {
        RuntimePlacement::attach(component, module, blocks, prefixes);
        if (!isExpert(component))
            return;
        m_module = &module;
        m_blocks = blocks;
        events.push_back("+" + component + " other-in-ledger=" + otherInLedger(component));
    }
    void detach(const std::string& component) override
    {
        if (isExpert(component) && m_module) { // its weights, before the pipeline lets go of them
            m_freed.clear();
            for (Module* m : m_blocks)
                for (const ParameterSlot& p : m->parameters())
                    m_freed.push_back(p.tensor->storage().getWeakStorageImpl());
            for (const ParameterSlot& p : m_module->parameters())
                if (p.tensor->defined())
                    m_freed.push_back(p.tensor->storage().getWeakStorageImpl());
        }
        RuntimePlacement::detach(component);
        if (isExpert(component))
            events.push_back("-" + component + (m_freed.empty() ? " (no weights seen)" : ""));
    }

private:
    static bool isExpert(const std::string& c) { return c.rfind("transformer", 0) == 0; }
    std::string otherInLedger(const std::string& component) const
    {
        int loaded = 0;
        for (const ModulePlacement& m : plan().modules())
            if (isExpert(m.component) && m.component != component && ledger().isLoaded(m.module))
                ++loaded;
        return std::to_string(loaded);
    }
    int aliveOfFreed() const
    {
        return static_cast<int>(std::count_if(m_freed.begin(), m_freed.end(),
                                              [](const auto& weak) { return !weak.expired(); }));
    }
    Module* m_module = nullptr;
    std::vector<Module*> m_blocks;
    std::vector<c10::weak_intrusive_ptr<c10::StorageImpl>> m_freed;
};

} // namespace

class TestWanExpertSwitch : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void picksTheExpertOfEveryStep_data()
    {
        QTest::addColumn<QString>("variant");
        QTest::addColumn<double>("guidance");
        QTest::addColumn<double>("guidance2");
        QTest::newRow("wan2.2-a14b") << QString("wan2.2-a14b") << 4.0 << 3.0;
        QTest::newRow("wan2.2-i2v-a14b") << QString("wan2.2-i2v-a14b") << 3.5 << 2.0;
    }

    void picksTheExpertOfEveryStep()
    {
        QFETCH(QString, variant);
        QFETCH(double, guidance);
        QFETCH(double, guidance2);
        SafetensorsReader golden(test::wanFixture("golden/pipeline/" + variant.toStdString() + ".safetensors"));
        const WanExpertSwitch experts(boundaryRatioOf(variant.toStdString()), 1000, guidance, guidance2);
        const at::Tensor timesteps = golden.view("timesteps"), expected = golden.view("expert_per_step");
        for (std::int64_t i = 0; i < timesteps.size(0); ++i) {
            const double t = static_cast<double>(timesteps[i].item<std::int64_t>());
            QCOMPARE(experts.expertFor(t), static_cast<int>(expected[i].item<std::int64_t>()));
            QCOMPARE(experts.guidanceFor(t), expected[i].item<std::int64_t>() == 0 ? guidance : guidance2);
        }
        QVERIFY(expected.min().item<std::int64_t>() == 0 && expected.max().item<std::int64_t>() == 1); // switches inside
    }

    void boundaryIsInclusiveAndOptional()
    {
        const WanExpertSwitch i2v(0.9, 1000, 5.0, std::nullopt);
        QCOMPARE(*i2v.boundaryTimestep(), 900.0);
        QCOMPARE(i2v.expertFor(900), 0);
        QCOMPARE(i2v.expertFor(899), 1);
        QCOMPARE(i2v.guidanceFor(899), 5.0); // guidance_scale_2 defaults to guidance_scale
        const WanExpertSwitch single(boundaryRatioOf("wan2.1-t2v"), 1000, 5.0, std::nullopt);
        QVERIFY(!single.boundaryTimestep());
        QCOMPARE(single.expertFor(1), 0);
        QVERIFY_EXCEPTION_THROWN(WanExpertSwitch(std::nullopt, 1000, 5.0, 3.0), InvalidRequestError);
    }

    void idleExpertWaitsOnDiskAndTheFirstIsFreedAtTheSwitch()
    {
        QTemporaryDir dir;
        const GenerationRequest request = test::wanRequest(test::wanModelFolder("wan2.2-a14b", dir.path().toStdString()));
        const std::string checkpoint = dir.filePath("latents.safetensors").toStdString();
        const MemoryPreset preset = test::presetOf({"block-streaming"});
        const at::Tensor unplaced = test::runTiny(request, preset, nullptr, checkpoint).latents;
        ObservedPlacement placement(preset, test::simulatedGpus({8}),
                                    ModelRegistry::planning(request.modelPath)->footprint(preset));
        const test::TinyRun run = test::runTiny(request, preset, &placement, checkpoint); // experts 0, 0, 1, 1
        std::string log;
        for (const std::string& e : placement.events)
            log += e + "\n";
        const std::vector<std::string> expected{
            "read transformer other-in-ledger=0 freed-alive=0",
            "+transformer other-in-ledger=0",   // transformer_2 is not read with it
            "-transformer",
            "read transformer_2 other-in-ledger=0 freed-alive=0", // transformer gone, RAM and ledger
            "+transformer_2 other-in-ledger=0",
            "-transformer_2",
        };
        QVERIFY2(placement.events == expected, log.c_str());
        QVERIFY(at::equal(run.latents, unplaced));
    }
};

FRAMESMITH_TEST_GUILESS_MAIN(TestWanExpertSwitch)

} // namespace tst_WanExpertSwitch
#include "tst_WanExpertSwitch.moc"
