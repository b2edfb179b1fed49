// The Wan VAEs against diffusers 0.36 (AutoencoderKLWan, float32), Wan 2.1 (z 16) and Wan 2.2
// (z 48, residual blocks, patch 2): encode of 9 frames in chunks 1, 4, 4 through the causal cache
// (encoder output, posterior parameters, mean, clamped logvar), decode frame by frame (raw decoder
// output and the clamped video), tiled decode and encode, all at 1e-4; the refusals before any
// convolution runs.
#include "framesmith/Error.h"
#include "io/SafetensorsReader.h"
#include "models/wan/vae/WanVae.h"
#include "models/wan/vae/WanVaeTiling.h"
#include "support/TensorParity.h"
#include "WanFixtures.h"
#include "support/TestRegistry.h"

#include <ATen/ATen.h>
#include <QtTest/QtTest>

#include <filesystem>
#include <fstream>
#include <map>
#include <unistd.h> // ::getpid (GCC 14's headers do not bring it along)

namespace tst_WanVae {

using namespace framesmith;

namespace {

constexpr double kAtol = 1e-4; // README: VAE encode/decode outputs

struct Variant {
    std::string golden; // golden/vae/<golden>.safetensors
    std::string model;  // models/<model>/vae
    WanVaeTiles tiles;  // vae.enable_tiling(...) of the golden
};

const Variant& variant(const QString& name)
{
    static const std::map<QString, Variant> variants = {
        {"wan2.1", {"wan2.1", "wan2.1-t2v", {32, 32, 24, 24}}},
        {"wan2.2", {"wan2.2", "wan2.2-ti2v", {64, 64, 48, 48}}},
    };
    return variants.at(name);
}

SafetensorsReader& golden(const QString& name)
{
    static std::map<QString, std::unique_ptr<SafetensorsReader>> readers;
    auto& reader = readers[name];
    if (!reader)
        reader = std::make_unique<SafetensorsReader>(test::wanFixture("golden/vae/" + variant(name).golden + ".safetensors"));
    return *reader;
}

std::shared_ptr<WanVae> vae(const QString& name)
{
    static std::map<QString, std::shared_ptr<WanVae>> models;
    auto& model = models[name];
    if (!model)
        model = WanVae::load(test::wanFixture("models/" + variant(name).model + "/vae"), at::kFloat, at::kCPU);
    return model;
}

void bothVaes()
{
    QTest::addColumn<QString>("name");
    QTest::newRow("wan2.1") << QString("wan2.1");
    QTest::newRow("wan2.2") << QString("wan2.2");
}

} // namespace

class TestWanVae : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void encodeMatchesReference_data() { bothVaes(); }
    void encodeMatchesReference()
    {
        QFETCH(QString, name);
        SafetensorsReader& g = golden(name);
        const WanVaePosterior posterior = vae(name)->encode(g.view("video"));
        FRAMESMITH_EXPECT_PARITY("encoder_raw", posterior.encoderRaw, g.view("encoder_raw"), kAtol);
        FRAMESMITH_EXPECT_PARITY("posterior_parameters", posterior.parameters, g.view("posterior_parameters"), kAtol);
        qInfo("%s", test::compareTensors("posterior_parameters", posterior.parameters, g.view("posterior_parameters"),
                                         kAtol).message.c_str());
        FRAMESMITH_EXPECT_PARITY("posterior_mean", posterior.mean, g.view("posterior_mean"), kAtol);
        FRAMESMITH_EXPECT_PARITY("posterior_logvar", posterior.logvar, g.view("posterior_logvar"), kAtol);
    }

    void decodeMatchesReference_data() { bothVaes(); }
    void decodeMatchesReference()
    {
        QFETCH(QString, name);
        SafetensorsReader& g = golden(name);
        at::Tensor raw;
        const at::Tensor decoded = vae(name)->decode(g.view("z"), &raw);
        FRAMESMITH_EXPECT_PARITY("decoder_raw", raw, g.view("decoder_raw"), kAtol);
        FRAMESMITH_EXPECT_PARITY("decoded", decoded, g.view("decoded"), kAtol);
        qInfo("%s", test::compareTensors("decoded", decoded, g.view("decoded"), kAtol).message.c_str());
        QCOMPARE(decoded.size(2), 1 + 4 * (g.view("z").size(2) - 1));
    }

    void tiledDecodeAndEncodeMatchReference_data() { bothVaes(); }
    void tiledDecodeAndEncodeMatchReference()
    {
        QFETCH(QString, name);
        SafetensorsReader& g = golden(name);
        const WanVaeTiles& tiles = variant(name).tiles;
        const at::Tensor z = g.view("tiled_z"); // [1, z, 2, 6, 8]: 2 x 3 latent tiles
        QVERIFY(WanVaeTiling::tilesDecode(*vae(name), z, tiles));
        FRAMESMITH_EXPECT_PARITY("tiled_decoded", WanVaeTiling::decode(*vae(name), z, tiles), g.view("tiled_decoded"), kAtol);
        const at::Tensor video = g.view("tiled_video");
        QVERIFY(WanVaeTiling::tilesEncode(*vae(name), video, tiles));
        FRAMESMITH_EXPECT_PARITY("tiled_posterior_parameters", WanVaeTiling::encode(*vae(name), video, tiles),
                                 g.view("tiled_posterior_parameters"), kAtol);
        QVERIFY(!WanVaeTiling::tilesDecode(*vae(name), g.view("z"), WanVaeTiles{}));
    }

    void cacheCarriesAcrossChunks()
    {
        // The last latent frame decoded on its own (no cache) differs clearly from the cached decode:
        // the parity above depends on the cache, not only on per-frame convolutions.
        const at::Tensor z = golden("wan2.1").view("z");
        const at::Tensor alone = vae("wan2.1")->decode(z.narrow(2, 3, 1));
        const at::Tensor cached = golden("wan2.1").view("decoded").narrow(2, 9, 1);
        const double diff = (alone - cached).abs().max().item<double>();
        QVERIFY2(diff > 1e-2, std::to_string(diff).c_str());
    }

    void refusesBadShapesAndConfigs()
    {
        QVERIFY_EXCEPTION_THROWN(vae("wan2.1")->encode(at::zeros({1, 3, 8, 32, 48})), ShapeError); // not 1 + 4k
        QVERIFY_EXCEPTION_THROWN(vae("wan2.1")->encode(at::zeros({1, 3, 5, 30, 48})), ShapeError); // not a multiple of 8
        QVERIFY_EXCEPTION_THROWN(vae("wan2.2")->encode(at::zeros({1, 3, 5, 40, 48})), ShapeError); // not a multiple of 16
        QVERIFY_EXCEPTION_THROWN(vae("wan2.1")->decode(at::zeros({1, 48, 2, 4, 6})), ShapeError);
        std::ifstream in(test::wanFixture("models/wan2.1-t2v/vae/config.json"));
        nlohmann::json config = nlohmann::json::parse(in);
        config["attn_scales"] = {0.5};
        const auto path = std::filesystem::temp_directory_path() / ("framesmith-wan-vae-" + std::to_string(::getpid()) + ".json");
        std::ofstream(path) << config.dump();
        try {
            WanVaeConfig::fromFile(path.string());
            QFAIL("attn_scales [0.5] was accepted");
        } catch (const FileError& e) {
            QVERIFY2(std::string(e.what()).find("attn_scales") != std::string::npos, e.what());
        }
        std::filesystem::remove(path);
    }
};

FRAMESMITH_TEST_GUILESS_MAIN(TestWanVae)

} // namespace tst_WanVae
#include "tst_WanVae.moc"
