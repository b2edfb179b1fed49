// bench_wan_planner_accuracy [--fixtures DIR] (run from the source root; DIR: tests/fixtures): the
// Wan working-set models against the host peaks CpuAllocationTracker measures, fp32 on the CPU, for
// workloads heavier than tst_WanPlanningAccuracy runs: one TI2V-5B-width block with per-token
// timesteps, and the real-width Wan 2.1 and 2.2 VAEs (random weights) decoding and encoding 9 frames
// at 256 x 384 (the encode: a start image's channel-concatenated condition).
// Prints one Markdown row per workload; exits 1 when one lies outside the planner's band (-10 %, +25 %).
// Figures go to docs/benchmarks.md, "Wan: planned memory".
#include "core/ChunkedAttention.h"
#include "memory/monitor/CpuAllocationTracker.h"
#include "models/wan/planning/WanActivationModel.h"
#include "models/wan/planning/WanVaeWorkingSet.h"
#include "models/wan/transformer/WanTransformer3DModel.h"
#include "models/wan/vae/WanVae.h"

#include <ATen/ATen.h>
#include <c10/core/InferenceMode.h>

#include <cstdio>
#include <cstring>
#include <string>

using namespace framesmith;

namespace {

std::string g_configs = "tests/fixtures/wan/full-size-configs/Wan-AI/";

void fillRandom(Module& module)
{
    at::manual_seed(0);
    for (ParameterSlot& slot : module.parameters())
        *slot.tensor = at::randn(slot.shape) * 0.02;
}

double mib(std::int64_t bytes) { return static_cast<double>(bytes) / (1 << 20); }

bool report(const std::string& name, std::int64_t measured, std::int64_t predicted)
{
    const double ratio = static_cast<double>(predicted) / static_cast<double>(measured);
    const bool inside = ratio >= 0.90 && ratio <= 1.25;
    std::printf("| %s | %.1f MiB | %.1f MiB | %+.0f %% | %s |\n", name.c_str(), mib(measured), mib(predicted),
                100.0 * (ratio - 1), inside ? "inside" : "OUTSIDE");
    std::fflush(stdout);
    return inside;
}

template <class F>
std::int64_t measure(F&& run)
{
    CpuAllocationTracker::resetPeak();
    const std::int64_t start = CpuAllocationTracker::currentBytes();
    run();
    return CpuAllocationTracker::peakBytes() - start;
}

bool transformerBlock()
{
    WanTransformerConfig c = WanTransformerConfig::fromFile(g_configs + "Wan2.2-TI2V-5B-Diffusers/transformer/config.json");
    c.numLayers = 1;
    WanTransformer3DModel model(c);
    fillRandom(model);
    WanStepShape shape;
    shape.latentFrames = 5;
    shape.latentHeight = 32;
    shape.latentWidth = 48;
    shape.isPerTokenTimestep = true;
    WanTransformerInputs in;
    in.hiddenStates = at::randn({1, c.inChannels, 5, 32, 48});
    in.timestep = at::full({1, WanActivationModel::tokens(c, shape)}, 800.0);
    in.encoderHiddenStates = at::randn({1, 512, c.textDim}) * 0.3;
    at::Tensor out;
    const std::int64_t measured = measure([&] { out = model.forward(in); });
    const WanActivations a = WanActivationModel::estimate(c, shape, 4, ChunkedAttention::hasFusedKernel(false));
    return report("TI2V-5B widths (3072, FFN 14336), 1 block, per-token timesteps, 5 x 32 x 48 latents (1920 tokens)",
                  measured, a.peakBytes() - a.samplerBytes);
}

WanVaeWorkload cpuWorkload()
{
    WanVaeWorkload w;
    w.latentFrames = 3;
    w.height = 256;
    w.width = 384;
    w.fusedAttention = ChunkedAttention::hasFusedKernel(false);
    w.isCpu = true;
    return w;
}

bool vae(const char* repo, const char* label)
{
    WanVae model(WanVaeConfig::fromFile(g_configs + repo + "/vae/config.json"));
    fillRandom(model);
    const WanVaeConfig& c = model.config();
    const std::int64_t s = WanVaeWorkingSet::spatialCompression(c);
    const at::Tensor z = at::randn({1, c.zDim, 3, 256 / s, 384 / s});
    at::Tensor out;
    const std::int64_t measured = measure([&] { out = model.decode(z); });
    const WanVaeWorkload w = cpuWorkload();
    return report(std::string(label) + ", 9 frames 256 x 384, untiled", measured, WanVaeWorkingSet::decode(c, w).peakBytes);
}

bool vaeEncode(const char* repo, const char* label)
{
    WanVae model(WanVaeConfig::fromFile(g_configs + repo + "/vae/config.json"));
    fillRandom(model);
    const WanVaeConfig& c = model.config();
    const at::Tensor video = at::rand({1, 3, 9, 256, 384}) * 2 - 1;
    WanVaePosterior posterior;
    const std::int64_t measured = measure([&] { posterior = model.encode(video); });
    const WanVaeWorkload w = cpuWorkload();
    return report(std::string(label) + ", encode 9 frames 256 x 384", measured, WanVaeWorkingSet::encode(c, w).peakBytes);
}

} // namespace

int main(int argc, char** argv)
{
    for (int i = 1; i < argc; ++i)
        if (!std::strcmp(argv[i], "--fixtures") && i + 1 < argc)
            g_configs = std::string(argv[++i]) + "/wan/full-size-configs/Wan-AI/";
    CpuAllocationTracker::install();
    c10::InferenceMode inference;
    std::printf("| workload (random weights, fp32, CPU) | measured | predicted | residual | band |\n|---|---|---|---|---|\n");
    bool ok = transformerBlock();
    ok = vae("Wan2.1-T2V-14B-Diffusers", "Wan 2.1 VAE (real widths, base 96)") && ok;
    ok = vae("Wan2.2-TI2V-5B-Diffusers", "Wan 2.2 VAE (real widths, decoder base 256)") && ok;
    ok = vaeEncode("Wan2.1-T2V-14B-Diffusers", "Wan 2.1 VAE (real widths, base 96)") && ok;
    ok = vaeEncode("Wan2.2-TI2V-5B-Diffusers", "Wan 2.2 VAE (real widths, base 160)") && ok;
    return ok ? 0 : 1;
}
