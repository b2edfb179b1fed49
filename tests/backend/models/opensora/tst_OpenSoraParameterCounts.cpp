// Parameter counts from the configs alone: the full-size OpenSoraVAE_V1_2 and T5-v1.1-XXL equal
// full-size-configs/param_counts.json, and the tiny fixture models equal their checkpoints.
#include "support/TestPaths.h"

#include "io/WeightSource.h"
#include "models/opensora/planning/OpenSoraParameterCounts.h"
#include "support/TestRegistry.h"

#include <nlohmann/json.hpp>

#include <QTest>

#include <fstream>

namespace tst_OpenSoraParameterCounts {

using framesmith::OpenSoraParameterCounts;

namespace {

std::string fixture(const std::string& relative)
{
    return framesmith::test::fixturesDir() + "/opensora/" + relative;
}

nlohmann::json paramCounts()
{
    std::ifstream in(fixture("full-size-configs/param_counts.json"));
    return nlohmann::json::parse(in).at("models");
}

framesmith::OpenSoraVaeConfig vaeConfig(const std::string& root)
{
    return framesmith::OpenSoraVaeConfig::fromFiles(
        fixture(root + "/hpcai-tech/OpenSora-VAE-v1.2/config.json"),
        fixture(root + "/PixArt-alpha/pixart_sigma_sdxlvae_T5_diffusers/vae/config.json"));
}

std::int64_t checkpointElements(const std::string& folder)
{
    const auto source = framesmith::WeightSource::open(folder);
    std::int64_t total = 0;
    for (const auto& name : source.names()) {
        std::int64_t n = 1;
        for (auto d : source.find(name)->shape)
            n *= d;
        total += n;
    }
    return total;
}

} // namespace

class tst_OpenSoraParameterCounts : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void fullSizeVaeMatchesParamCounts()
    {
        const auto expected = paramCounts().at("opensora_vae_v1_2");
        const auto counts = OpenSoraParameterCounts::vae(vaeConfig("full-size-configs"));
        QCOMPARE(counts.spatial, expected.at("spatial_sdxl_vae_elements").get<std::int64_t>());
        QCOMPARE(counts.temporal, expected.at("temporal_vae_elements").get<std::int64_t>());
        QCOMPARE(counts.buffers, std::int64_t(8));
        QCOMPARE(counts.total(), expected.at("state_dict_elements").get<std::int64_t>());
    }

    void fullSizeT5MatchesParamCounts()
    {
        const auto expected = paramCounts().at("t5_v1_1_xxl_encoder");
        const auto config = framesmith::T5Config::fromFile(fixture("full-size-configs/DeepFloyd/t5-v1_1-xxl/config.json"));
        const auto counts = OpenSoraParameterCounts::t5(config);
        QCOMPARE(counts.layers, expected.at("num_layers").get<std::int64_t>());
        QCOMPARE(counts.perLayer, expected.at("per_layer_elements").get<std::int64_t>());
        QCOMPARE(counts.total(), expected.at("state_dict_elements").get<std::int64_t>());
    }

    void tinyModelsMatchTheirCheckpoints()
    {
        QCOMPARE(OpenSoraParameterCounts::vae(vaeConfig("models")).total(),
                 checkpointElements(fixture("models/hpcai-tech/OpenSora-VAE-v1.2")));
        const auto t5 = framesmith::T5Config::fromFile(fixture("models/DeepFloyd/t5-v1_1-xxl/config.json"));
        QCOMPARE(OpenSoraParameterCounts::t5(t5).total(), checkpointElements(fixture("models/DeepFloyd/t5-v1_1-xxl")));
    }
};

FRAMESMITH_TEST_GUILESS_MAIN(tst_OpenSoraParameterCounts)

} // namespace tst_OpenSoraParameterCounts
#include "tst_OpenSoraParameterCounts.moc"
