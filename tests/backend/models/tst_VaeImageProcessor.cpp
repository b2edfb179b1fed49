// The start image as diffusers' VaeImageProcessor.preprocess(image, height, width) gives it to the
// image-to-video pipelines (CogVideoX and Wan alike): an image at the clip's size only normalised,
// one of another size stretched to it (aspect ratio not kept, nothing cropped) with antialiased
// bicubic weights worked out by hand here, and anything but 8-bit RGB refused.
#include "framesmith/Error.h"
#include "models/VaeImageProcessor.h"
#include "support/TestRegistry.h"

#include <ATen/ATen.h>
#include <QtTest/QtTest>

namespace tst_VaeImageProcessor {

using namespace framesmith;

class TestVaeImageProcessor : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void leavesAnImageAtTheClipsSizeUnresampled()
    {
        const at::Tensor rgb = at::randint(0, 256, {4, 6, 3}, at::kByte);
        const at::Tensor out = VaeImageProcessor::preprocess(rgb, 4, 6);
        QCOMPARE(out.sizes(), (at::IntArrayRef{1, 3, 4, 6}));
        QCOMPARE(out.scalar_type(), at::kFloat);
        // uint8 / 255 in float32, then 2x − 1: bit for bit
        const at::Tensor expected = (rgb.permute({2, 0, 1}).unsqueeze(0).to(at::kFloat) / 255.0) * 2.0 - 1.0;
        QVERIFY(out.equal(expected));
    }

    void stretchesAnImageOfAnotherSize()
    {
        // One row [0, 51, 102, 255] (red) halved in width. Shrinking by 2 widens the Keys cubic
        // (a = −0.5) to 4 input pixels each side: output pixel 0 (centre 1.0) weighs inputs 0..3 at
        // distances 0.5, 0.5, 1.5, 2.5, i.e. cubic(0.25, 0.25, 0.75, 1.25) = 0.8671875, 0.8671875,
        // 0.2265625, −0.0703125 (sum 1.890625); output pixel 1 (centre 3.0) the same weights mirrored.
        at::Tensor rgb = at::zeros({1, 4, 3}, at::kByte);
        rgb.select(2, 0).copy_(at::tensor({0, 51, 102, 255}, at::kByte).view({1, 4}));
        rgb.select(2, 1).fill_(200); // a constant channel stays constant
        const at::Tensor out = VaeImageProcessor::preprocess(rgb, 1, 2);
        QCOMPARE(out.sizes(), (at::IntArrayRef{1, 3, 1, 2}));
        const double sum = 1.890625;
        const double pixel0 = (0.8671875 * 0.2 + 0.2265625 * 0.4 - 0.0703125 * 1.0) / sum; // 0.10248
        const double pixel1 = (-0.0703125 * 0.0 + 0.2265625 * 0.2 + 0.8671875 * 0.4 + 0.8671875 * 1.0) / sum; // 0.66612
        const at::Tensor red = out[0][0][0];
        QVERIFY2(std::abs(red[0].item<double>() - (2 * pixel0 - 1)) < 1e-6, c10::str(red).c_str());
        QVERIFY2(std::abs(red[1].item<double>() - (2 * pixel1 - 1)) < 1e-6, c10::str(red).c_str());
        QVERIFY((out[0][1] - (2 * 200 / 255.0 - 1)).abs().max().item<double>() < 1e-6);
        QVERIFY(out[0][2].eq(-1.0).all().item<bool>());
    }

    void doesNotKeepTheAspectRatio()
    {
        // A 2 x 8 image to 8 x 8 (diffusers' resize_mode "default"): the height alone is scaled.
        // Cropping to fill would drop the marked left column (red), fitting would pad; stretched,
        // every column stays whole and the rows (green: 0 above, 255 below) spread over the height.
        at::Tensor rgb = at::zeros({2, 8, 3}, at::kByte);
        rgb.select(1, 0).select(1, 0).fill_(255);
        rgb[1].select(1, 1).fill_(255);
        const at::Tensor out = VaeImageProcessor::preprocess(rgb, 8, 8);
        QCOMPARE(out.sizes(), (at::IntArrayRef{1, 3, 8, 8}));
        const at::Tensor red = out[0][0], green = out[0][1];
        QVERIFY2((red.select(1, 0) - 1.0).abs().max().item<double>() < 1e-6, c10::str(red).c_str());
        QVERIFY2((red.narrow(1, 1, 7) + 1.0).abs().max().item<double>() < 1e-6, c10::str(red).c_str());
        QVERIFY2(green[0][3].item<double>() < -0.9 && green[7][3].item<double>() > 0.9, c10::str(green).c_str());
    }

    void refusesWhatIsNotEightBitRgb()
    {
        QVERIFY_THROWS_EXCEPTION(InvalidRequestError, VaeImageProcessor::preprocess(at::zeros({4, 4, 4}, at::kByte), 4, 4));
        QVERIFY_THROWS_EXCEPTION(InvalidRequestError, VaeImageProcessor::preprocess(at::zeros({4, 4, 3}), 4, 4));
        QVERIFY_THROWS_EXCEPTION(InvalidRequestError, VaeImageProcessor::preprocess(at::zeros({4, 4, 3}, at::kByte), 0, 4));
    }
};

FRAMESMITH_TEST_APPLESS_MAIN(TestVaeImageProcessor)

} // namespace tst_VaeImageProcessor
#include "tst_VaeImageProcessor.moc"
