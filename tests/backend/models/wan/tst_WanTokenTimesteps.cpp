// WanTokenTimesteps against the Wan 2.2 TI2V image-to-video pipeline golden: the first-frame mask
// and every step's per-token timestep [B, seq] exactly (0 on frame 0's tokens, t elsewhere).
#include "framesmith/Error.h"
#include "io/SafetensorsReader.h"
#include "models/wan/sampling/WanTokenTimesteps.h"
#include "WanFixtures.h"
#include "support/TestRegistry.h"

#include <ATen/ATen.h>
#include <QtTest/QtTest>

namespace tst_WanTokenTimesteps {

using namespace framesmith;

class TestWanTokenTimesteps : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void matchesThePipelinesTimesteps()
    {
        SafetensorsReader golden(test::wanFixture("golden/pipeline/wan2.2-ti2v-i2v.safetensors"));
        const at::Tensor expectedMask = golden.view("first_frame_mask"); // [1, 1, F, h, w]
        const at::Tensor mask = WanTokenTimesteps::firstFrameMask(expectedMask.size(2), expectedMask.size(3),
                                                                  expectedMask.size(4));
        QVERIFY(mask.equal(expectedMask));
        const at::Tensor timesteps = golden.view("timesteps");
        for (std::int64_t i = 0; i < timesteps.size(0); ++i) {
            const std::string name = "step" + std::to_string(i) + "_timestep";
            const at::Tensor port = WanTokenTimesteps::expand(mask, double(timesteps[i].item<std::int64_t>()), 1);
            QVERIFY2(port.equal(golden.view(name)), (name + ": " + c10::str(port)).c_str());
        }
        // text-to-video: a mask of ones gives t on every token
        const at::Tensor ones = WanTokenTimesteps::expand(at::ones_like(mask), 999, 2);
        QCOMPARE(ones.sizes(), at::IntArrayRef({2, 18}));
        QVERIFY(ones.eq(999.0f).all().item<bool>());
    }

    void refusesAMaskOfAnotherShape()
    {
        QVERIFY_EXCEPTION_THROWN(WanTokenTimesteps::expand(at::ones({3, 4, 6}), 500, 1), ShapeError);
    }
};

FRAMESMITH_TEST_GUILESS_MAIN(TestWanTokenTimesteps)

} // namespace tst_WanTokenTimesteps
#include "tst_WanTokenTimesteps.moc"
