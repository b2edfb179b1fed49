// The Wan 2.1 VAE against diffusers 0.36 (AutoencoderKLWan, float32): encode of 9 frames in chunks
// 1, 4, 4 through the causal cache (encoder output, posterior parameters, mean, clamped logvar) and
// decode frame by frame (raw decoder output and the clamped video) at 1e-4; the refusals before any
// convolution runs.
#include "framesmith/Error.h"
#include "io/SafetensorsReader.h"
#include "models/wan/vae/WanVae.h"
#include "models/wan/vae/WanVaeTiling.h"
#include "support/TensorParity.h"
#include "WanFixtures.h"

#include <ATen/ATen.h>
#include <QtTest/QtTest>

using namespace framesmith;

namespace {

constexpr double kAtol = 1e-4; // README: VAE encode/decode outputs

SafetensorsReader& golden()
{
    static SafetensorsReader reader(test::wanFixture("golden/vae/wan2.1.safetensors"));
    return reader;
}

std::shared_ptr<WanVae> vae()
{
    static auto model = WanVae::load(test::wanFixture("models/wan2.1-t2v/vae"), at::kFloat, at::kCPU);
    return model;
}

} // namespace

class TestWanVae : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void encodeMatchesReference()
    {
        const WanVaePosterior posterior = vae()->encode(golden().view("video"));
        FRAMESMITH_EXPECT_PARITY("encoder_raw", posterior.encoderRaw, golden().view("encoder_raw"), kAtol);
        FRAMESMITH_EXPECT_PARITY("posterior_parameters", posterior.parameters, golden().view("posterior_parameters"), kAtol);
        qInfo("%s", test::compareTensors("posterior_parameters", posterior.parameters, golden().view("posterior_parameters"),
                                         kAtol).message.c_str());
        FRAMESMITH_EXPECT_PARITY("posterior_mean", posterior.mean, golden().view("posterior_mean"), kAtol);
        FRAMESMITH_EXPECT_PARITY("posterior_logvar", posterior.logvar, golden().view("posterior_logvar"), kAtol);
    }

    void decodeMatchesReference()
    {
        at::Tensor raw;
        const at::Tensor decoded = vae()->decode(golden().view("z"), &raw);
        FRAMESMITH_EXPECT_PARITY("decoder_raw", raw, golden().view("decoder_raw"), kAtol);
        FRAMESMITH_EXPECT_PARITY("decoded", decoded, golden().view("decoded"), kAtol);
        qInfo("%s", test::compareTensors("decoded", decoded, golden().view("decoded"), kAtol).message.c_str());
        QCOMPARE(decoded.size(2), std::int64_t(13)); // 1 + 4·(4 − 1)
    }

    void tiledDecodeAndEncodeMatchReference()
    {
        // vae.enable_tiling(32, 32, 24, 24): tiled_z [1, 16, 2, 6, 8] is 2 x 3 latent tiles of 4 with stride 3
        const WanVaeTiles tiles{32, 32, 24, 24};
        const at::Tensor z = golden().view("tiled_z");
        QVERIFY(WanVaeTiling::tilesDecode(*vae(), z, tiles));
        FRAMESMITH_EXPECT_PARITY("tiled_decoded", WanVaeTiling::decode(*vae(), z, tiles), golden().view("tiled_decoded"), kAtol);
        const at::Tensor video = golden().view("tiled_video");
        QVERIFY(WanVaeTiling::tilesEncode(*vae(), video, tiles));
        FRAMESMITH_EXPECT_PARITY("tiled_posterior_parameters", WanVaeTiling::encode(*vae(), video, tiles),
                                 golden().view("tiled_posterior_parameters"), kAtol);
        QVERIFY(!WanVaeTiling::tilesDecode(*vae(), golden().view("z"), WanVaeTiles{}));
    }

    void cacheCarriesAcrossChunks()
    {
        // The last latent frame decoded on its own (no cache) differs clearly from the cached decode:
        // the parity above depends on the cache, not only on per-frame convolutions.
        const at::Tensor z = golden().view("z");
        const at::Tensor alone = vae()->decode(z.narrow(2, 3, 1));
        const at::Tensor cached = golden().view("decoded").narrow(2, 9, 1);
        const double diff = (alone - cached).abs().max().item<double>();
        QVERIFY2(diff > 1e-2, std::to_string(diff).c_str());
    }

    void refusesBadShapesAndOtherVaes()
    {
        QVERIFY_EXCEPTION_THROWN(vae()->encode(at::zeros({1, 3, 8, 32, 48})), ShapeError); // not 1 + 4k
        QVERIFY_EXCEPTION_THROWN(vae()->encode(at::zeros({1, 3, 5, 30, 48})), ShapeError); // not a multiple of 8
        QVERIFY_EXCEPTION_THROWN(vae()->decode(at::zeros({1, 48, 2, 4, 6})), ShapeError);
        // the Wan 2.2 VAE (is_residual, patch_size 2) is refused naming the key
        try {
            WanVaeConfig::fromFile(test::wanFixture("models/wan2.2-ti2v/vae/config.json"));
            QFAIL("the Wan 2.2 VAE config was accepted");
        } catch (const FileError& e) {
            QVERIFY2(std::string(e.what()).find("is_residual") != std::string::npos, e.what());
        }
    }
};

QTEST_GUILESS_MAIN(TestWanVae)
#include "tst_WanVae.moc"
