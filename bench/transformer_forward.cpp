// One CogVideoX transformer forward (a CFG step, batch 2) on the cogvideox-mid workloads
// (tests/fixtures/cogvideox-mid/README.md): real 2b / 5b widths, 2 blocks, seeded random weights.
// Reports median/min/max of N timed calls after one warm-up, achieved GFLOP/s against a 2048^3
// fp32 matmul measured in the same process, and RSS (after load, peak, activation peak).
//   bench_transformer_forward --workload 2b|5b [--fixtures DIR] [--runs 3] [--budget-mb 256]
//                             [--storage native|int8|fp8] [--attention auto|fused|chunked]
// --storage int8|fp8 stores the blocks' matrices narrowed (memory/QuantizedWeight) and widens each
// block around its run, as the fp8-weights / int8-weights strategies do. --attention forces a path
// (bench/libtorch-versions.sh times both on libtorch 2.x); auto is what the engine takes.
#include "framesmith/OpenBlasKernel.h"
#include "memory/placement/ModuleWeightTransport.h"
#include "models/cogvideox/transformer/CogVideoXTransformer3D.h"

#include <ATen/ATen.h>
#include <ATen/CPUGeneratorImpl.h>
#include <ATen/Parallel.h>

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <string>
#include <sys/resource.h>
#include <vector>

using namespace framesmith;

namespace {

double seconds(std::chrono::steady_clock::time_point a)
{
    return std::chrono::duration<double>(std::chrono::steady_clock::now() - a).count();
}

// VmRSS / VmHWM from /proc/self/status, in MiB.
double procStatusMiB(const std::string& key)
{
    std::ifstream in("/proc/self/status");
    std::string line;
    while (std::getline(in, line))
        if (line.rfind(key + ":", 0) == 0)
            return std::atof(line.c_str() + key.size() + 1) / 1024.0;
    return -1;
}

void resetPeakRss()
{
    std::ofstream("/proc/self/clear_refs") << "5"; // resets VmHWM to the current RSS
}

// README "Weights": sorted names, one randn per tensor from Generator(0), scaled by kind.
void fillWeights(CogVideoXTransformer3D& model)
{
    auto gen = at::make_generator<at::CPUGeneratorImpl>(0);
    auto slots = model.parameters();
    std::sort(slots.begin(), slots.end(), [](const auto& a, const auto& b) { return a.name < b.name; });
    for (auto& slot : slots) {
        at::Tensor t = at::randn(slot.shape, gen);
        if (slot.shape.size() >= 2)
            t.div_(std::sqrt(static_cast<double>(t.numel() / slot.shape[0])));
        else if (slot.name.size() >= 6 && slot.name.compare(slot.name.size() - 6, 6, "weight") == 0)
            t.mul_(0.1).add_(1.0);
        else
            t.mul_(0.1);
        *slot.tensor = t;
    }
}

// User + system CPU seconds of this process (less sensitive than wall time to a shared machine).
double cpuSeconds()
{
    rusage u{};
    getrusage(RUSAGE_SELF, &u);
    return u.ru_utime.tv_sec + u.ru_utime.tv_usec * 1e-6 + u.ru_stime.tv_sec + u.ru_stime.tv_usec * 1e-6;
}

// Returns wall GFLOP/s (median of 10); cpuRate receives GFLOP per CPU second over the 10 calls.
double matmulGflops(double& cpuRate)
{
    at::Tensor a = at::randn({2048, 2048}), b = at::randn({2048, 2048});
    at::mm(a, b);
    std::vector<double> times;
    const double cpu0 = cpuSeconds();
    for (int i = 0; i < 10; ++i) {
        auto t0 = std::chrono::steady_clock::now();
        at::mm(a, b);
        times.push_back(seconds(t0));
    }
    cpuRate = 10 * 2.0 * 2048.0 * 2048.0 * 2048.0 / (cpuSeconds() - cpu0) / 1e9;
    std::sort(times.begin(), times.end());
    return 2.0 * 2048.0 * 2048.0 * 2048.0 / times[5] / 1e9;
}

std::string flag(int argc, char** argv, const std::string& name, const std::string& fallback)
{
    for (int i = 1; i + 1 < argc; ++i)
        if (argv[i] == name)
            return argv[i + 1];
    return fallback;
}

} // namespace

int main(int argc, char** argv)
{
    // As the app and the CLI do: the OpenBLAS kernel this CPU can run, not a generic fallback.
    framesmith::OpenBlasKernel::restartWithBetterKernel(argv);
    at::set_num_threads(2);
    c10::InferenceMode inferenceMode;
    const std::string workload = flag(argc, argv, "--workload", "2b");
    const std::string fixtures = flag(argc, argv, "--fixtures", "tests/fixtures/cogvideox-mid");
    const int runs = std::stoi(flag(argc, argv, "--runs", "3"));
    const double gflop = workload == "5b" ? 1455.7 : 596.8; // README FLOP counts
    try {
        AttentionOptions options; // a bad --attention is refused before the weights are made
        options.kernel = ChunkedAttention::parseKernel(flag(argc, argv, "--attention", "auto"), "--attention");
        options.scoreBudgetBytes = std::stoll(flag(argc, argv, "--budget-mb", "256")) << 20;
        double machineCpuRate = 0;
        const double machine = matmulGflops(machineCpuRate);
        auto config = CogVideoXTransformerConfig::fromFile(fixtures + "/transformer-" + workload + "-mid/config.json");
        auto model = std::make_shared<CogVideoXTransformer3D>(config);
        fillWeights(*model);
        model->setAttentionOptions(options);
        const std::string storageName = flag(argc, argv, "--storage", "native");
        const WeightStorage storage = storageName == "int8" ? WeightStorage::Int8
                                      : storageName == "fp8" ? WeightStorage::Float8
                                                             : WeightStorage::Native;
        ModuleWeightTransport transport;
        transport.setBlockModulePrefix("transformer.transformer_blocks.");
        std::int64_t blockBytes = 0;
        for (std::size_t i = 0; i < model->transformerBlocks().size(); ++i) {
            transport.bindBlock(static_cast<int>(i), model->transformerBlocks()[i]);
            transport.quantizeBlock(static_cast<int>(i), storage);
            blockBytes += transport.boundBytes("transformer.transformer_blocks." + std::to_string(i));
        }
        model->setBlockCallback([&transport](int block, bool before) {
            if (before)
                transport.widenBlock(block, "cpu");
            else
                transport.narrowBlock(block);
        });
        auto gen = at::make_generator<at::CPUGeneratorImpl>(1);
        at::Tensor hidden = at::randn({2, 13, 16, 16, 24}, gen);
        at::Tensor text = at::randn({2, 226, 4096}, gen);
        at::Tensor timestep = at::full({2}, 999, at::kLong);
        auto rope = model->rotaryEmbedding(128, 192, 13);
        const double afterLoad = procStatusMiB("VmRSS");
        resetPeakRss();

        model->forward(hidden, text, timestep, rope, std::nullopt); // warm-up
        std::vector<double> times;
        const double cpu0 = cpuSeconds();
        for (int i = 0; i < runs; ++i) {
            auto t0 = std::chrono::steady_clock::now();
            at::Tensor out = model->forward(hidden, text, timestep, rope, std::nullopt);
            times.push_back(seconds(t0));
        }
        const double cpuPerCall = (cpuSeconds() - cpu0) / runs;
        std::sort(times.begin(), times.end());
        const double median = times[times.size() / 2];
        const double peakWindow = procStatusMiB("VmHWM");
        rusage usage{};
        getrusage(RUSAGE_SELF, &usage);
        std::printf("workload transformer-%s: median %.3f s (min %.3f, max %.3f, %d runs) | %.1f GFLOP/s achieved "
                    "= %.2f x the 2048^3 matmul (%.1f GFLOP/s) | RSS after load %.0f MiB, activation peak %.0f MiB, "
                    "process peak %.0f MiB | attention %s, score budget %lld MiB | %.1f CPU s per call = %.2f x the matmul's GFLOP per CPU second"
                    " | blocks stored %s: %.1f MiB | openblas kernel %s\n",
                    workload.c_str(), median, times.front(), times.back(), runs, gflop / median,
                    gflop / median / machine, machine, afterLoad, peakWindow - afterLoad, usage.ru_maxrss / 1024.0,
                    ChunkedAttention::usesFusedKernel(hidden, options) ? "fused SDPA" : "chunked math",
                    static_cast<long long>(options.scoreBudgetBytes >> 20), cpuPerCall,
                    gflop / cpuPerCall / machineCpuRate, weightStorageName(storage), blockBytes / 1048576.0,
                    framesmith::OpenBlasKernel::active().c_str());
    } catch (const std::exception& e) {
        std::fprintf(stderr, "bench_transformer_forward: %s\n", e.what());
        return 1;
    }
    return 0;
}
