// The channel-concatenating I2V condition against WanImageToVideoPipeline.prepare_latents (diffusers
// 0.36, models/wan2.2-i2v-a14b, whose VAE is the Wan 2.1 VAE byte for byte): the preprocessed image,
// the zero-padded condition video and the mask exactly, the posterior mean and the normalised
// condition within 5e-4, for a start image and for a start + end image.
#include "framesmith/Error.h"
#include "io/SafetensorsReader.h"
#include "models/VaeImageProcessor.h"
#include "models/wan/conditioning/WanChannelConditioning.h"
#include "support/TensorParity.h"
#include "WanFixtures.h"
#include "support/TestRegistry.h"

#include <ATen/ATen.h>
#include <QtTest/QtTest>

namespace tst_WanChannelConditioning {

using namespace framesmith;

namespace {

constexpr double kAtol = 5e-4; // README: golden/i2v posterior_mode, condition_latents, condition

std::shared_ptr<WanVae> vae()
{
    static auto model = WanVae::load(test::wanFixture("models/wan2.1-t2v/vae"), at::kFloat, at::kCPU);
    return model;
}

} // namespace

class TestWanChannelConditioning : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void matchesPrepareLatents_data()
    {
        QTest::addColumn<QString>("name");
        QTest::newRow("first") << QString("first");
        QTest::newRow("first_last") << QString("first_last");
    }

    void matchesPrepareLatents()
    {
        QFETCH(QString, name);
        SafetensorsReader golden(test::wanFixture("golden/i2v/wan2.2-i2v-a14b_condition_" + name.toStdString() + ".safetensors"));
        const auto meta = test::wanMetadata(golden).at("case");
        const int height = meta.at("height").get<int>(), width = meta.at("width").get<int>();
        const at::Tensor image = VaeImageProcessor::preprocess(golden.view("image_uint8"), height, width);
        QVERIFY(image.equal(golden.view("image_preprocessed")));
        at::Tensor lastImage;
        if (meta.value("last_image", false)) {
            lastImage = VaeImageProcessor::preprocess(golden.view("last_image_uint8"), height, width);
            QVERIFY(lastImage.equal(golden.view("last_image_preprocessed")));
        }
        const WanChannelCondition c = WanChannelConditioning::build(*vae(), image, lastImage, meta.at("num_frames").get<int>(),
                                                                    meta.at("B").get<int>());
        QVERIFY(c.video.equal(golden.view("video_condition")));
        QVERIFY2(c.mask.equal(golden.view("condition_mask")), c10::str(c.mask.sum({0, 3, 4})).c_str());
        FRAMESMITH_EXPECT_PARITY("posterior_mode", c.posteriorMode, golden.view("posterior_mode"), kAtol);
        FRAMESMITH_EXPECT_PARITY("condition_latents", c.latents, golden.view("condition_latents"), kAtol);
        FRAMESMITH_EXPECT_PARITY("condition", c.condition, golden.view("condition"), kAtol);
        // frames after the first encode the grey frames through the cache: not zero
        QVERIFY(c.posteriorMode.narrow(2, 1, 1).abs().max().item<float>() > 1e-3f);
    }

    void refusesWhatPrepareLatentsCannotTake()
    {
        const at::Tensor image = at::zeros({1, 3, 32, 48});
        QVERIFY_EXCEPTION_THROWN(WanChannelConditioning::build(*vae(), image, {}, 8, 1), ShapeError);
        QVERIFY_EXCEPTION_THROWN(WanChannelConditioning::build(*vae(), image, at::zeros({1, 3, 32, 32}), 9, 1), ShapeError);
    }
};

FRAMESMITH_TEST_GUILESS_MAIN(TestWanChannelConditioning)

} // namespace tst_WanChannelConditioning
#include "tst_WanChannelConditioning.moc"
