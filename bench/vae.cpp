// bench_vae WORKLOAD [--runs N] [--threads T] [--dtype f32|bf16] [--config VAE_CONFIG_JSON] [--window-mib M]
//           [--input B,C,F,H,W]  (another input shape, e.g. the demo generation's latents 1,16,3,16,24)
//           [--block-cache 0|1]  (HostBlockCache, on as in every generation; 0 for glibc's malloc alone)
// WORKLOAD: decode | decode-tiled | encode — the tests/fixtures/cogvideox-mid VAE workloads
// (real VAE config, seeded weights and inputs as that README defines). One workload per process:
// prints median/min/max seconds, GFLOP/s, RSS after load, peak RSS and activation = peak - after load.
#include "ProcessRss.h"
#include "framesmith/OpenBlasKernel.h"
#include "io/WeightLoader.h"
#include "io/WeightSource.h"
#include "memory/host/HostBlockCache.h"
#include "models/cogvideox/vae/CogVideoXVae.h"

#include <ATen/ATen.h>
#include <ATen/CPUGeneratorImpl.h>
#include <ATen/Parallel.h>

#include <malloc.h>
#include <sys/resource.h>
#include <time.h>

#include <algorithm>
#include <chrono>
#include <cmath>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <string>
#include <vector>

using namespace framesmith;
using framesmith::bench::resetPeakRss;
using framesmith::bench::statusKiB;

namespace {


double processCpuSeconds()
{
    timespec t{};
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &t);
    return static_cast<double>(t.tv_sec) + 1e-9 * static_cast<double>(t.tv_nsec);
}


// cogvideox-mid README: one generator seeded 0, parameters in sorted name order, randn then
// scaled: >= 2-D / sqrt(fan_in); 1-D "...weight" 1 + 0.1 z; other 1-D 0.1 z.
void fillSeededWeights(CogVideoXVae& vae, at::ScalarType dtype)
{
    auto slots = vae.parameters();
    std::sort(slots.begin(), slots.end(), [](const auto& a, const auto& b) { return a.name < b.name; });
    at::Generator gen = at::make_generator<at::CPUGeneratorImpl>(0);
    for (auto& slot : slots) {
        at::Tensor z = at::randn(slot.shape, gen);
        if (slot.shape.size() >= 2)
            z = z / std::sqrt(static_cast<double>(z.numel() / slot.shape[0]));
        else if (slot.name.size() >= 6 && slot.name.compare(slot.name.size() - 6, 6, "weight") == 0)
            z = 1 + 0.1 * z;
        else
            z = 0.1 * z;
        *slot.tensor = z.to(dtype);
    }
}

struct Workload {
    std::vector<std::int64_t> input;
    double gflop;
    bool encode, tiled;
};

std::vector<std::int64_t> parseShape(const std::string& text) // "1,16,3,16,24"
{
    std::vector<std::int64_t> shape;
    std::size_t start = 0;
    while (start <= text.size()) {
        const std::size_t comma = std::min(text.find(',', start), text.size());
        shape.push_back(std::stoll(text.substr(start, comma - start)));
        start = comma + 1;
    }
    return shape;
}

int usage()
{
    std::cerr << "usage: bench_vae decode|decode-tiled|encode [--runs N] [--threads T] [--dtype f32|bf16]"
                 " [--config PATH] [--window-mib M] [--input B,C,F,H,W] [--weights SAFETENSORS_OR_DIR]"
                 " [--flush-denormals 0|1] [--block-cache 0|1]\n";
    return 2;
}

} // namespace

int main(int argc, char** argv)
{
    // As the app and the CLI do: the OpenBLAS kernel this CPU can run, not a generic fallback.
    framesmith::OpenBlasKernel::restartWithBetterKernel(argv);
    if (argc < 2)
        return usage();
    const std::string name = argv[1];
    int runs = 3, threads = 2;
    long long windowMiB = 8;
    std::string weightsPath; // a VAE folder's safetensors instead of the seeded weights
    bool flushDenormals = false;
    bool blockCache = true; // as every generation has it (HostBlockCache)
    std::vector<std::int64_t> inputShape;
    at::ScalarType dtype = at::kFloat;
    // Default: the fixture, found from the repository root, the build folder or this source file.
    const std::string fixture = "tests/fixtures/cogvideox-mid/vae/config.json";
    const std::string source = __FILE__;
    std::string configPath = fixture;
    for (const std::string& candidate : {fixture, "../" + fixture, source.substr(0, source.rfind("bench/")) + fixture})
        if (std::filesystem::exists(candidate)) {
            configPath = candidate;
            break;
        }
    for (int i = 2; i + 1 < argc; i += 2) {
        const std::string flag = argv[i], value = argv[i + 1];
        if (flag == "--runs") runs = std::stoi(value);
        else if (flag == "--threads") threads = std::stoi(value);
        else if (flag == "--dtype") dtype = value == "bf16" ? at::kBFloat16 : at::kFloat;
        else if (flag == "--config") configPath = value;
        else if (flag == "--window-mib") windowMiB = std::stoll(value);
        else if (flag == "--input") inputShape = parseShape(value);
        else if (flag == "--weights") weightsPath = value;
        else if (flag == "--flush-denormals") flushDenormals = value == "1";
        else if (flag == "--block-cache") blockCache = value == "1";
        else return usage();
    }
    if (blockCache)
        framesmith::HostBlockCache::install();
    Workload w;
    if (name == "decode") w = {{1, 16, 5, 8, 12}, 1955.7, false, false};
    else if (name == "decode-tiled") w = {{1, 16, 5, 8, 12}, 3259.5, false, true};
    else if (name == "encode") w = {{1, 3, 17, 64, 96}, 939.4, true, false};
    else return usage();
    if (!inputShape.empty()) {
        if (inputShape.size() != 5)
            return usage();
        w.input = inputShape;
        w.gflop = 0; // only known for the README's workloads
    }

    at::set_num_threads(threads);
    c10::InferenceMode inference;
    auto config = CogVideoXVaeConfig::fromFile(configPath);
    CogVideoXVae vae(config);
    if (weightsPath.empty())
        fillSeededWeights(vae, dtype);
    else
        loadWeights(vae, WeightSource::open(weightsPath), dtype, c10::Device(c10::kCPU), "");
    at::globalContext().setFlushDenormal(flushDenormals);
    at::Generator inputGen = at::make_generator<at::CPUGeneratorImpl>(1);
    at::Tensor input = at::randn(w.input, inputGen).to(dtype);
    VaeOptions options;
    options.convWindowBytes = windowMiB << 20;
    if (w.tiled) { // README (b): 32 x 48 tiles, overlaps 1/4 and 1/3 -> 3 x 3 tiles
        options.tiling = true;
        options.tileSampleMinHeight = 32;
        options.tileSampleMinWidth = 48;
        options.tileOverlapHeight = 1.0 / 4.0;
        options.tileOverlapWidth = 1.0 / 3.0;
    }
    // Hand freed heap pages (weight-filling temporaries) back first, so "after load" is what
    // is live and every activation byte shows up in the peak.
    malloc_trim(0);
    const long afterLoad = statusKiB("VmRSS");
    resetPeakRss();
    std::vector<double> seconds, cpuSeconds;
    std::vector<std::int64_t> outShape;
    for (int run = 0; run <= runs; ++run) { // run 0 is the warm-up
        const double cpuStart = processCpuSeconds();
        auto start = std::chrono::steady_clock::now();
        at::Tensor out = w.encode ? vae.encode(input, options).mean : vae.decode(input, options);
        auto stop = std::chrono::steady_clock::now();
        outShape = out.sizes().vec();
        if (run > 0 || runs == 0) { // --runs 0: report the warm-up alone
            seconds.push_back(std::chrono::duration<double>(stop - start).count());
            cpuSeconds.push_back(processCpuSeconds() - cpuStart);
        }
    }
    const long peak = statusKiB("VmHWM");
    rusage usage{};
    getrusage(RUSAGE_SELF, &usage);
    std::sort(seconds.begin(), seconds.end());
    std::sort(cpuSeconds.begin(), cpuSeconds.end());
    const double median = seconds[seconds.size() / 2];
    std::cout << "workload " << name << " window_mib " << windowMiB << " dtype " << (dtype == at::kFloat ? "f32" : "bf16") << " threads " << threads
              << " output [";
    for (std::size_t i = 0; i < outShape.size(); ++i)
        std::cout << (i ? ", " : "") << outShape[i];
    std::cout << "]\n";
    std::cout << "time_s median " << median << " min " << seconds.front() << " max " << seconds.back() << " (runs "
              << runs << ")\n";
    // CPU time (all threads): steadier than wall time on a shared machine.
    std::cout << "cpu_s median " << cpuSeconds[cpuSeconds.size() / 2] << " min " << cpuSeconds.front() << "\n";
    std::cout << "gflops " << w.gflop / median << "\n";
    std::cout << "rss_after_load_MiB " << afterLoad / 1024.0 << "\npeak_rss_MiB " << peak / 1024.0
              << "\nactivation_MiB " << (peak - afterLoad) / 1024.0 << "\nru_maxrss_MiB " << usage.ru_maxrss / 1024.0
              << "\nopenblas_kernel " << framesmith::OpenBlasKernel::active() << "\n";
    return 0;
}
