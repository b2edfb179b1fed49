// The VAE working-set model against what a CPU run allocates (CpuAllocationTracker): a mid-size
// random-weight Open-Sora VAE decoded and encoded with and without small conv windows, predicted
// peak within the planner's band of the measured one; full-size figures behave as expected.
#include "support/TestPaths.h"

#include "memory/monitor/CpuAllocationTracker.h"
#include "models/opensora/vae/OpenSoraVae.h"
#include "models/opensora/planning/OpenSoraVaeWorkingSet.h"
#include "support/TestRegistry.h"

#include <ATen/ATen.h>
#include <ATen/CPUGeneratorImpl.h>
#include <ATen/core/grad_mode.h>

#include <QTest>

namespace tst_OpenSoraVaeWorkingSet {

using framesmith::CpuAllocationTracker;
using framesmith::OpenSoraVaeConfig;
using framesmith::OpenSoraVaeWorkingSet;
using framesmith::OpenSoraVaeWorkload;

namespace {

OpenSoraVaeConfig midConfig()
{
    auto c = OpenSoraVaeConfig::fromRepoJson(nlohmann::json::parse(R"({
        "micro_frame_size": 17, "shift": [0, 0, 0, 0], "scale": [1, 1, 1, 1],
        "vae_2d": {"type": "VideoAutoencoderKL", "micro_batch_size": 4},
        "vae_temporal": {"type": "VAE_Temporal_SD", "filters": 32, "num_res_blocks": 2, "num_groups": 8}})"), "mid");
    c.spatial = framesmith::OpenSoraSpatialVaeConfig::fromJson(nlohmann::json::parse(R"({
        "_class_name": "AutoencoderKL", "block_out_channels": [32, 64, 64, 64], "layers_per_block": 2,
        "norm_num_groups": 8, "latent_channels": 4})"), "mid");
    return c;
}

double mib(std::int64_t bytes) { return static_cast<double>(bytes) / (1 << 20); }

} // namespace

class tst_OpenSoraVaeWorkingSet : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void initTestCase() { CpuAllocationTracker::install(); }

    void peakIsPredicted_data()
    {
        QTest::addColumn<bool>("isDecode");
        QTest::addColumn<qint64>("windowBytes");
        QTest::newRow("decode, whole convs") << true << qint64(32) * (1 << 20);
        QTest::newRow("decode, 128 KiB windows") << true << qint64(128) * 1024;
        QTest::newRow("encode, whole convs") << false << qint64(32) * (1 << 20);
        QTest::newRow("encode, 128 KiB windows") << false << qint64(128) * 1024;
    }

    void peakIsPredicted()
    {
        QFETCH(bool, isDecode);
        QFETCH(qint64, windowBytes);
        at::NoGradGuard noGrad;
        const OpenSoraVaeConfig config = midConfig();
        framesmith::OpenSoraVae vae(config);
        at::manual_seed(3);
        for (auto& slot : vae.parameters())
            *slot.tensor = slot.name == "scale" ? at::ones(slot.shape) : at::randn(slot.shape) * 0.05;
        framesmith::OpenSoraVaeRun run;
        run.convWindowBytes = windowBytes;
        OpenSoraVaeWorkload w;
        w.frames = 20, w.height = 96, w.width = 128, w.isCpu = true, w.convWindowBytes = windowBytes;
        // The input counts: the planner holds the clip to encode (or the latents) in the working set.
        const std::int64_t before = CpuAllocationTracker::currentBytes();
        CpuAllocationTracker::resetPeak();
        const at::Tensor z = isDecode ? at::randn({1, 4, 6, 12, 16}) : at::Tensor();
        const at::Tensor video = isDecode ? at::Tensor() : at::rand({1, 3, 20, 96, 128}) * 2 - 1;
        at::Generator gen = at::make_generator<at::CPUGeneratorImpl>(1);
        if (isDecode)
            vae.decode(z, 20, run);
        else
            vae.encode(video, gen, run);
        const std::int64_t measured = CpuAllocationTracker::peakBytes() - before;
        const auto predicted = isDecode ? OpenSoraVaeWorkingSet::decode(config, w) : OpenSoraVaeWorkingSet::encode(config, w);
        qInfo("%s: measured %.1f MiB, predicted %.1f MiB (%+.0f %%, at the %s)", QTest::currentDataTag(), mib(measured),
              mib(predicted.peakBytes), 100.0 * (predicted.peakBytes - measured) / measured, predicted.peakStage.c_str());
        QVERIFY2(predicted.peakBytes >= measured * 0.8 && predicted.peakBytes <= measured * 1.25, "outside the band");
    }

    void fullSizeFiguresScaleAsExpected()
    {
        const auto config = OpenSoraVaeConfig::fromFiles(
            framesmith::test::fixturesDir() + "/opensora/full-size-configs/hpcai-tech/OpenSora-VAE-v1.2/config.json",
            framesmith::test::fixturesDir()
                + "/opensora/full-size-configs/PixArt-alpha/pixart_sigma_sdxlvae_T5_diffusers/vae/config.json");
        OpenSoraVaeWorkload w;
        w.frames = 51, w.height = 240, w.width = 426, w.elementBytes = 2;
        const auto small = OpenSoraVaeWorkingSet::decode(config, w);
        w.frames = 102, w.height = 720, w.width = 1280;
        const auto large = OpenSoraVaeWorkingSet::decode(config, w);
        qInfo("bf16 decode on a GPU: 240p 51 frames %.0f MiB (%s), 720p 102 frames %.0f MiB (%s)", mib(small.peakBytes),
              small.peakStage.c_str(), mib(large.peakBytes), large.peakStage.c_str());
        QCOMPARE(large.outputBytes, std::int64_t(1) * 3 * 102 * 720 * 1280 * 2);
        QVERIFY(large.peakBytes > large.outputBytes && large.peakBytes < large.outputBytes + (std::int64_t(4) << 30));
        QVERIFY(small.peakBytes < large.peakBytes);
        // Smaller windows never cost memory.
        w.convWindowBytes = 4 << 20;
        QVERIFY(OpenSoraVaeWorkingSet::decode(config, w).peakBytes <= large.peakBytes);
    }
};

FRAMESMITH_TEST_GUILESS_MAIN(tst_OpenSoraVaeWorkingSet)

} // namespace tst_OpenSoraVaeWorkingSet
#include "tst_OpenSoraVaeWorkingSet.moc"
