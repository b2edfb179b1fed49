// bench_planner_accuracy [--fixtures DIR] (run from the source root; DIR: tests/fixtures): the
// memory planner's working-memory estimates against the host peaks CpuAllocationTracker measures,
// for the heavy workloads tst_MemoryPlannerAccuracy no longer runs (that test timed out on a loaded
// 2-core machine): T5 d_model 1024, the 5b-mid transformer forward, the real VAE decoding 17 frames
// untiled and tiled. Prints one row per workload with the residual and whether it is inside the
// planner's band; exits 1 when one is not. Figures go to docs/benchmarks.md, "Memory planner accuracy".
#include "core/ChunkedAttention.h"
#include "core/Module.h"
#include "memory/monitor/CpuAllocationTracker.h"
#include "models/cogvideox/planning/CogVideoXActivations.h"
#include "models/cogvideox/transformer/CogVideoXTransformer3D.h"
#include "models/cogvideox/vae/CogVideoXVae.h"
#include "text/T5Encoder.h"

#include <ATen/ATen.h>
#include <c10/core/InferenceMode.h>

#include <cstdio>
#include <cstring>
#include <string>

using namespace framesmith;

namespace {

void fillRandom(Module& module)
{
    at::manual_seed(0);
    for (ParameterSlot& slot : module.parameters())
        *slot.tensor = at::randn(slot.shape) * 0.05;
}

double mib(std::int64_t bytes) { return static_cast<double>(bytes) / (1 << 20); }

// Prints the row; true when predicted / measured lies in [lowest, highest].
bool report(const char* name, std::int64_t measured, std::int64_t predicted, double lowest, double highest)
{
    const double ratio = static_cast<double>(predicted) / static_cast<double>(measured);
    const bool inside = ratio >= lowest && ratio <= highest;
    std::printf("| %s | %.1f MiB | %.1f MiB | %+.0f %% | %s |\n", name, mib(measured), mib(predicted),
                100.0 * (ratio - 1.0), inside ? "inside" : "OUTSIDE the band");
    return inside;
}

bool textEncoder(int dModel, int dFf, int heads)
{
    T5Config t5;
    t5.dModel = dModel;
    t5.dFf = dFf;
    t5.numHeads = heads;
    t5.dKv = dModel / heads;
    t5.numLayers = 4;
    CogVideoXTransformerConfig transformer;
    transformer.textEmbedDim = dModel;
    T5Encoder encoder(t5);
    fillRandom(encoder);
    CpuAllocationTracker::resetPeak();
    const std::int64_t start = CpuAllocationTracker::currentBytes();
    at::Tensor embeddings = encoder.forward(at::randint(0, t5.vocabSize, {1, 226}, at::kLong));
    const std::int64_t measured = CpuAllocationTracker::peakBytes() - start;
    const std::int64_t predicted =
        CogVideoXActivations::textEncode(t5, transformer, ComputeDtype::Float32) - 226ll * dModel * 4;
    return report(("T5 d_model " + std::to_string(dModel)).c_str(), measured, predicted, 0.9, 1.1);
}

bool transformer(const std::string& fixtures, const std::string& name)
{
    const std::string full = fixtures + "/cogvideox/full-size-configs/cogvideox-" + name;
    CogVideoXTransformerConfig fullConfig = CogVideoXTransformerConfig::fromFile(full + "/transformer/config.json");
    fullConfig.numLayers = 2;
    const CogVideoXVaeConfig fullVae = CogVideoXVaeConfig::fromFile(full + "/vae/config.json");
    CogVideoXTransformer3D model(
        CogVideoXTransformerConfig::fromFile(fixtures + "/cogvideox-mid/transformer-" + name + "-mid/config.json"));
    fillRandom(model);
    GenerationRequest request;
    request.frameCount = 49;
    request.width = 192;
    request.height = 128;
    CpuAllocationTracker::resetPeak();
    const std::int64_t start = CpuAllocationTracker::currentBytes();
    at::manual_seed(1);
    at::Tensor out = model.forward(at::randn({2, 13, 16, 16, 24}), at::randn({2, 226, 4096}),
                                   at::full({2}, 999, at::kLong), model.rotaryEmbedding(128, 192, 13), std::nullopt);
    const std::int64_t measured = CpuAllocationTracker::peakBytes() - start;
    const AttentionPath attention =
        ChunkedAttention::hasFusedKernel(false) ? AttentionPath::Fused : AttentionPath::ChunkedMath;
    const std::int64_t predicted =
        CogVideoXActivations::denoise(fullConfig, fullVae, request, 2, ComputeDtype::Float32, attention);
    return report(("transformer " + name + "-mid").c_str(), measured, predicted, 0.9, 1.1);
}

bool vaeDecode(const std::string& fixtures, int frames, bool tiled)
{
    const auto transformer = CogVideoXTransformerConfig::fromFile(
        fixtures + "/cogvideox/full-size-configs/cogvideox-2b/transformer/config.json");
    const CogVideoXVaeConfig config = CogVideoXVaeConfig::fromFile(fixtures + "/cogvideox-mid/vae/config.json");
    CogVideoXVae model(config);
    fillRandom(model);
    VaeOptions options;
    options.tiling = tiled;
    options.tileSampleMinHeight = 32;
    options.tileSampleMinWidth = 48;
    options.tileOverlapHeight = 1.0 / 4.0;
    options.tileOverlapWidth = 1.0 / 3.0;
    MemoryPreset preset;
    preset.dtype = ComputeDtype::Float32;
    preset.vaeTiling = tiled;
    preset.vaeTileHeight = 32;
    preset.vaeTileWidth = 48;
    GenerationRequest request;
    request.frameCount = frames;
    request.width = 96;
    request.height = 64;
    CpuAllocationTracker::resetPeak();
    const std::int64_t start = CpuAllocationTracker::currentBytes();
    at::manual_seed(1);
    at::Tensor decoded = model.decode(at::randn({1, 16, (frames - 1) / 4 + 1, 8, 12}), options);
    const std::int64_t measured = CpuAllocationTracker::peakBytes() - start;
    const std::int64_t predicted = CogVideoXActivations::vaeDecode(transformer, config, request, preset, true);
    const std::string name = "VAE decode, real, " + std::to_string(frames) + " frames" + (tiled ? ", tiles 32x48" : ", untiled");
    return report(name.c_str(), measured, predicted, 0.75, 1.25);
}

} // namespace

int main(int argc, char** argv)
{
    std::string fixtures = "tests/fixtures";
    for (int i = 1; i + 1 < argc; ++i)
        if (std::strcmp(argv[i], "--fixtures") == 0)
            fixtures = argv[i + 1];
    CpuAllocationTracker::install();
    c10::InferenceMode inference;
    std::printf("| workload | measured working memory | predicted | residual | band |\n|---|---|---|---|---|\n");
    bool ok = textEncoder(1024, 2816, 16);
    ok = transformer(fixtures, "5b") && ok;
    ok = vaeDecode(fixtures, 17, false) && ok;
    ok = vaeDecode(fixtures, 17, true) && ok;
    return ok ? 0 : 1;
}
