// WanExpertSwitch against the A14B pipeline goldens: the expert of every step (the switch inside
// the run at boundary 875 for T2V-A14B, already at t = 899 for I2V-A14B's boundary 900) from the
// model folders' boundary_ratio, the guidance scale each expert takes, and the refusals.
#include "framesmith/Error.h"
#include "io/JsonGuard.h"
#include "io/SafetensorsReader.h"
#include "models/wan/sampling/WanExpertSwitch.h"
#include "WanFixtures.h"
#include "support/TestRegistry.h"

#include <ATen/ATen.h>
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
};

FRAMESMITH_TEST_GUILESS_MAIN(TestWanExpertSwitch)

} // namespace tst_WanExpertSwitch
#include "tst_WanExpertSwitch.moc"
