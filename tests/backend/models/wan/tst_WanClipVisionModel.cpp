// Wan 2.1 I2V's image encoder against WanImageToVideoPipeline.encode_image (transformers
// CLIPImageProcessor + CLIPVisionModel hidden_states[-2], models/wan2.1-i2v): pixel values exactly
// for an image at the processor's size, within one uint8 step (1/255/std) after the bicubic resize
// (README); hidden_states[0] and [-2] within 1e-4.
#include "io/SafetensorsReader.h"
#include "models/wan/image/WanClipImageProcessor.h"
#include "models/wan/image/WanClipVisionModel.h"
#include "support/TensorParity.h"
#include "support/TestRegistry.h"
#include "WanFixtures.h"

#include <ATen/ATen.h>
#include <QtTest/QtTest>
#include <c10/core/InferenceMode.h>

namespace tst_WanClipVisionModel {

using namespace framesmith;

class TestWanClipVisionModel : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void matchesEncodeImage_data()
    {
        QTest::addColumn<QString>("image");
        QTest::addColumn<double>("pixelTolerance");
        QTest::newRow("image0 (no resize)") << "image0" << -1.0;
        QTest::newRow("image1 (40 x 72, resized)") << "image1" << 1.0 / 255.0 / 0.26130258;
    }

    void matchesEncodeImage()
    {
        QFETCH(QString, image);
        QFETCH(double, pixelTolerance);
        c10::InferenceMode inference;
        SafetensorsReader golden(test::wanFixture("golden/i2v/wan2.1-i2v_image_encoder.safetensors"));
        const std::string k = image.toStdString();
        const auto processor = WanClipImageProcessor::fromFile(
            test::wanFixture("models/wan2.1-i2v/image_processor/preprocessor_config.json"));
        const at::Tensor pixels = processor.preprocess(golden.view(k + "_uint8"));
        if (pixelTolerance < 0)
            QVERIFY(pixels.equal(golden.view(k + "_pixel_values")));
        else
            QVERIFY2((pixels - golden.view(k + "_pixel_values")).abs().max().item<double>() <= pixelTolerance + 1e-6,
                     "more than one uint8 step from PIL's bicubic resize");
        auto model = WanClipVisionModel::load(test::wanFixture("models/wan2.1-i2v/image_encoder"), at::kFloat, at::kCPU);
        // The encoder is checked on the reference's own pixels, so the resize cannot hide in it.
        at::Tensor patchEmbeds;
        const at::Tensor embeds = model->penultimateHiddenState(golden.view(k + "_pixel_values"), &patchEmbeds);
        FRAMESMITH_EXPECT_PARITY(k + "_patch_embeds", patchEmbeds, golden.view(k + "_patch_embeds"), 1e-4);
        FRAMESMITH_EXPECT_PARITY(k + "_image_embeds", embeds, golden.view(k + "_image_embeds"), 1e-4);
    }
};

FRAMESMITH_TEST_GUILESS_MAIN(TestWanClipVisionModel)

} // namespace tst_WanClipVisionModel
#include "tst_WanClipVisionModel.moc"
