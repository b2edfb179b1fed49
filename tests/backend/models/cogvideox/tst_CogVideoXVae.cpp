// Parity of the CogVideoX VAE with the reference goldens (golden/vae/*), plus tiling, slicing,
// cancellation, progress and bf16 behaviour.
#include "framesmith/Error.h"
#include "io/SafetensorsReader.h"
#include "models/cogvideox/vae/CogVideoXVae.h"
#include "support/TensorParity.h"
#include "support/TestPaths.h"
#include "support/TestRegistry.h"

#include <ATen/ATen.h>
#include <ATen/CPUGeneratorImpl.h>
#include <ATen/Parallel.h>
#include <nlohmann/json.hpp>

#include <QtTest/QtTest>

#include <regex>

namespace tst_CogVideoXVae {

using namespace framesmith;

namespace {

constexpr double kAtol = 1e-4; // fixture README: VAE outputs, rtol 1e-4

SafetensorsReader golden(const std::string& name)
{
    return SafetensorsReader(test::cogvideoxFixture("golden/vae/" + name + ".safetensors"));
}

nlohmann::json goldenMeta(const SafetensorsReader& reader)
{
    return nlohmann::json::parse(reader.metadata().at("json"));
}

VaeOptions tiledOptions(const nlohmann::json& meta)
{
    const auto& t = meta.at("tiling");
    VaeOptions o;
    o.tiling = true;
    o.tileSampleMinHeight = t.at("tile_sample_min_height").get<int>();
    o.tileSampleMinWidth = t.at("tile_sample_min_width").get<int>();
    o.tileOverlapHeight = t.at("tile_overlap_factor_height").get<double>();
    o.tileOverlapWidth = t.at("tile_overlap_factor_width").get<double>();
    return o;
}

// max |a - b| / max |b|: the bf16 measure (one number per output, relative to its range).
double relativeMaxError(const at::Tensor& port, const at::Tensor& reference)
{
    at::Tensor a = port.to(at::kFloat), b = reference.to(at::kFloat);
    return (a - b).abs().max().item<double>() / b.abs().max().item<double>();
}

} // namespace

class TestCogVideoXVae : public QObject {
    Q_OBJECT

private:
    std::shared_ptr<CogVideoXVae> m_vae;

private Q_SLOTS:
    void initTestCase()
    {
        at::set_num_threads(2);
        m_vae = CogVideoXVae::load(test::cogvideoxFixture("models/tiny-2b/vae"), at::kFloat, at::kCPU);
        QCOMPARE(m_vae->config().latentChannels, std::int64_t{8});
        QVERIFY(std::abs(m_vae->config().scalingFactor - 1.15258426) < 1e-12);
        QVERIFY(!m_vae->config().invertScaleLatents);
    }

    void frameBatchesFollowTheReference()
    {
        using Batches = std::vector<std::pair<std::int64_t, std::int64_t>>;
        QCOMPARE(CogVideoXVae::frameBatches(5, 2), (Batches{{0, 3}, {3, 5}}));
        QCOMPARE(CogVideoXVae::frameBatches(13, 2), (Batches{{0, 3}, {3, 5}, {5, 7}, {7, 9}, {9, 11}, {11, 13}}));
        QCOMPARE(CogVideoXVae::frameBatches(4, 2), (Batches{{0, 2}, {2, 4}}));
        QCOMPARE(CogVideoXVae::frameBatches(1, 2), (Batches{{0, 1}}));
        QCOMPARE(CogVideoXVae::frameBatches(17, 8), (Batches{{0, 9}, {9, 17}}));
        QCOMPARE(CogVideoXVae::frameBatches(5, 8), (Batches{{0, 5}}));
    }

    void encodeMatchesGolden()
    {
        auto g = golden("encode");
        LatentDistribution dist = m_vae->encode(g.view("video"), VaeOptions());
        FRAMESMITH_EXPECT_PARITY("latent_dist.mean", dist.mean, g.view("latent_dist.mean"), kAtol);
        FRAMESMITH_EXPECT_PARITY("latent_dist.logvar", dist.logvar, g.view("latent_dist.logvar"), kAtol);
        FRAMESMITH_EXPECT_PARITY("latent_dist.std", dist.std(), g.view("latent_dist.std"), kAtol);
        at::Tensor sample = dist.mean + dist.std() * g.view("sample_noise");
        FRAMESMITH_EXPECT_PARITY("latent_sample", sample, g.view("latent_sample"), kAtol);
    }

    void sampleDrawsLikeTorchGenerator()
    {
        auto g = golden("encode");
        std::smatch match;
        const std::string call = goldenMeta(g).at("call").get<std::string>();
        QVERIFY(std::regex_search(call, match, std::regex("manual_seed\\((\\d+)\\)")));
        LatentDistribution dist{g.view("latent_dist.mean"), g.view("latent_dist.logvar")};
        at::Generator gen = at::make_generator<at::CPUGeneratorImpl>(std::stoull(match[1].str()));
        FRAMESMITH_EXPECT_PARITY("latent_sample (generator)", dist.sample(gen), g.view("latent_sample"), 1e-6);
    }

    void decodeMatchesGolden()
    {
        auto g = golden("decode");
        at::Tensor video = m_vae->decode(g.view("latents"), VaeOptions());
        FRAMESMITH_EXPECT_PARITY("video", video, g.view("video"), kAtol);
    }

    void tiledMatchesGolden()
    {
        auto g = golden("tiled");
        VaeOptions tiled = tiledOptions(goldenMeta(g));
        LatentDistribution dist = m_vae->encode(g.view("video"), tiled);
        FRAMESMITH_EXPECT_PARITY("tiled.latent_dist.mean", dist.mean, g.view("tiled.latent_dist.mean"), kAtol);
        FRAMESMITH_EXPECT_PARITY("tiled.latent_dist.logvar", dist.logvar, g.view("tiled.latent_dist.logvar"), kAtol);
        FRAMESMITH_EXPECT_PARITY("tiled.decoded", m_vae->decode(g.view("latents"), tiled), g.view("tiled.decoded"), kAtol);
        FRAMESMITH_EXPECT_PARITY("untiled.decoded", m_vae->decode(g.view("latents"), VaeOptions()),
                                 g.view("untiled.decoded"), kAtol);
        FRAMESMITH_EXPECT_PARITY("untiled.latent_dist.mean", m_vae->encode(g.view("video"), VaeOptions()).mean,
                                 g.view("untiled.latent_dist.mean"), kAtol);
    }

    void slicedMatchesGolden()
    {
        auto g = golden("sliced");
        VaeOptions sliced;
        sliced.slicing = true;
        LatentDistribution dist = m_vae->encode(g.view("video"), sliced);
        FRAMESMITH_EXPECT_PARITY("sliced.latent_dist.mean", dist.mean, g.view("sliced.latent_dist.mean"), kAtol);
        FRAMESMITH_EXPECT_PARITY("sliced.latent_dist.logvar", dist.logvar, g.view("sliced.latent_dist.logvar"), kAtol);
        FRAMESMITH_EXPECT_PARITY("sliced.decoded", m_vae->decode(g.view("latents"), sliced), g.view("sliced.decoded"), kAtol);
        FRAMESMITH_EXPECT_PARITY("batched.decoded", m_vae->decode(g.view("latents"), VaeOptions()),
                                 g.view("batched.decoded"), kAtol);
    }

    void frameWindowedConvolutionsMatchGolden()
    {
        // A 1-byte window budget makes every conv, upsampler and downsampler run one output
        // frame at a time (the path large videos take): results must not change.
        VaeOptions windowed;
        windowed.convWindowBytes = 1;
        auto enc = golden("encode");
        LatentDistribution dist = m_vae->encode(enc.view("video"), windowed);
        FRAMESMITH_EXPECT_PARITY("latent_dist.mean", dist.mean, enc.view("latent_dist.mean"), kAtol);
        FRAMESMITH_EXPECT_PARITY("latent_dist.logvar", dist.logvar, enc.view("latent_dist.logvar"), kAtol);
        auto dec = golden("decode");
        FRAMESMITH_EXPECT_PARITY("video", m_vae->decode(dec.view("latents"), windowed), dec.view("video"), kAtol);
        auto tiled = golden("tiled");
        VaeOptions tiledWindowed = tiledOptions(goldenMeta(tiled));
        tiledWindowed.convWindowBytes = 1;
        FRAMESMITH_EXPECT_PARITY("tiled.decoded", m_vae->decode(tiled.view("latents"), tiledWindowed),
                                 tiled.view("tiled.decoded"), kAtol);
        auto sliced = golden("sliced");
        FRAMESMITH_EXPECT_PARITY("batched.decoded", m_vae->decode(sliced.view("latents"), windowed),
                                 sliced.view("batched.decoded"), kAtol);
    }

    void tiledDecodeOfSmallInputEqualsPlain()
    {
        // 4 x 4 latents fit one 48 x 40 pixel tile (6 x 5 latents): tiling must change nothing.
        auto g = golden("decode");
        VaeOptions tiled = tiledOptions(goldenMeta(golden("tiled")));
        at::Tensor plain = m_vae->decode(g.view("latents"), VaeOptions());
        at::Tensor viaTiling = m_vae->decode(g.view("latents"), tiled);
        QVERIFY(at::equal(plain, viaTiling));
    }

    void tiledOutputUsesSeveralTiles()
    {
        auto g = golden("tiled");
        VaeOptions tiled = tiledOptions(goldenMeta(g));
        int total = 0;
        tiled.progress = [&](int, int t) { total = t; };
        m_vae->decode(g.view("latents"), tiled);
        QCOMPARE(total, 2 * 3); // 2 x 3 tiles of one frame batch each (3 latent frames: (0, 1, 2))
    }

    void progressReportsEveryChunk()
    {
        auto g = golden("decode");
        std::vector<std::pair<int, int>> calls;
        VaeOptions o;
        o.progress = [&](int done, int total) { calls.emplace_back(done, total); };
        m_vae->decode(g.view("latents"), o); // 5 latent frames: batches (0,1,2), (3,4)
        QCOMPARE(calls, (std::vector<std::pair<int, int>>{{1, 2}, {2, 2}}));
    }

    void cancellationBetweenChunksThrows()
    {
        auto g = golden("decode");
        CancelToken token;
        VaeOptions o;
        o.cancel = &token;
        int chunks = 0;
        o.progress = [&](int done, int) {
            chunks = done;
            token.request(CancelMode::StopNow);
        };
        QVERIFY_THROWS_EXCEPTION(CancelledError, m_vae->decode(g.view("latents"), o));
        QCOMPARE(chunks, 1);
        token.reset();
        token.request(CancelMode::FinishStage); // "finish the stage" lets the decode finish
        o.progress = nullptr;
        QCOMPARE(m_vae->decode(g.view("latents"), o).size(2), std::int64_t{17});
    }

    void rejectsWrongLatentChannels()
    {
        at::Tensor wrong = at::zeros({1, 4, 2, 4, 4});
        QVERIFY_THROWS_EXCEPTION(ShapeError, m_vae->decode(wrong, VaeOptions()));
        QVERIFY_THROWS_EXCEPTION(ShapeError, m_vae->encode(at::zeros({1, 3, 1, 32}), VaeOptions()));
    }

    void bf16StaysCloseToFloat()
    {
        // Measure: max |bf16 - fp32| / max |fp32| per output <= 2e-2.
        auto vae16 = CogVideoXVae::load(test::cogvideoxFixture("models/tiny-2b/vae"), at::kBFloat16, at::kCPU);
        auto dec = golden("decode");
        at::Tensor video32 = m_vae->decode(dec.view("latents"), VaeOptions());
        at::Tensor video16 = vae16->decode(dec.view("latents"), VaeOptions());
        QCOMPARE(video16.scalar_type(), at::kBFloat16);
        const double decodeError = relativeMaxError(video16, video32);
        auto enc = golden("encode");
        LatentDistribution d32 = m_vae->encode(enc.view("video"), VaeOptions());
        LatentDistribution d16 = vae16->encode(enc.view("video"), VaeOptions());
        const double meanError = relativeMaxError(d16.mean, d32.mean);
        qInfo("bf16 vs fp32: decode %.3g, encode mean %.3g", decodeError, meanError);
        QVERIFY2(decodeError <= 2e-2, qPrintable(QString::number(decodeError)));
        QVERIFY2(meanError <= 2e-2, qPrintable(QString::number(meanError)));
    }
};

FRAMESMITH_TEST_GUILESS_MAIN(TestCogVideoXVae)

} // namespace tst_CogVideoXVae
#include "tst_CogVideoXVae.moc"
