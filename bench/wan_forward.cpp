// The port's side of bench/wan-vs-reference.sh: one Wan transformer forward or one Wan VAE decode on
// the CPU, on a model folder and inputs written by bench/wan_ref_bench.py (`make`): config.json +
// safetensors as diffusers saves them, inputs.safetensors (latent, and for the transformer
// encoder_hidden_states and timestep), reference_output.safetensors (diffusers' output).
//   bench_wan_forward transformer|vae-decode --model DIR [--runs 3] [--threads 2]
// One warm-up call, then RUNS timed calls. Prints one line:
//   median_s M min A max B activation_MiB X after_load_MiB L blas CORE max_abs_diff D ref_max_abs R
// activation = the RSS peak over the calls (VmHWM reset after loading) minus the RSS after loading;
// max_abs_diff is the output against the reference's (the same computation is being timed).
#include "ProcessRss.h"
#include "framesmith/OpenBlasKernel.h"
#include "io/WeightSource.h"
#include "memory/host/HostBlockCache.h"
#include "models/wan/transformer/WanTransformer3DModel.h"
#include "models/wan/vae/WanVae.h"

#include <ATen/ATen.h>
#include <ATen/Parallel.h>

#include <malloc.h>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <functional>
#include <stdexcept>
#include <string>
#include <vector>

using namespace framesmith;
using framesmith::bench::resetPeakRss;
using framesmith::bench::statusKiB;

namespace {



int usage()
{
    std::fprintf(stderr, "usage: bench_wan_forward transformer|vae-decode --model DIR [--runs N] [--threads T]\n");
    return 2;
}

} // namespace

int main(int argc, char** argv)
{
    // As the app and the CLI do: the OpenBLAS kernel this CPU can run, not a generic fallback.
    OpenBlasKernel::restartWithBetterKernel(argv);
    if (argc < 2)
        return usage();
    const std::string kind = argv[1];
    std::string model;
    int runs = 3, threads = 2;
    for (int i = 2; i + 1 < argc; i += 2) {
        const std::string flag = argv[i], value = argv[i + 1];
        if (flag == "--model") model = value;
        else if (flag == "--runs") runs = std::stoi(value);
        else if (flag == "--threads") threads = std::stoi(value);
        else return usage();
    }
    if (model.empty() || (kind != "transformer" && kind != "vae-decode") || runs < 1)
        return usage();
    try {
        HostBlockCache::install(); // as every generation has it
        at::set_num_threads(threads);
        c10::InferenceMode inference;
        const c10::Device cpu(c10::kCPU);
        const WeightSource inputs = WeightSource::open(model + "/inputs.safetensors");
        std::function<at::Tensor()> call;
        std::shared_ptr<Module> keep;
        if (kind == "transformer") {
            auto transformer = WanTransformer3DModel::load(model, at::kFloat, cpu);
            WanTransformerInputs in;
            in.hiddenStates = inputs.load("latent", at::kFloat, cpu);
            in.timestep = inputs.load("timestep", at::kFloat, cpu);
            in.encoderHiddenStates = inputs.load("encoder_hidden_states", at::kFloat, cpu);
            call = [transformer, in] { return transformer->forward(in); };
            keep = transformer;
        } else {
            auto vae = WanVae::load(model, at::kFloat, cpu);
            const at::Tensor z = inputs.load("latent", at::kFloat, cpu);
            call = [vae, z] { return vae->decode(z); };
            keep = vae;
        }
        // Freed heap pages (loading temporaries) handed back first, so that "after load" is what is live.
        malloc_trim(0);
        const long afterLoad = statusKiB("VmRSS");
        resetPeakRss();
        at::Tensor out = call(); // warm-up
        std::vector<double> seconds;
        for (int run = 0; run < runs; ++run) {
            const auto start = std::chrono::steady_clock::now();
            out = call();
            seconds.push_back(std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count());
        }
        const long peak = statusKiB("VmHWM");
        std::sort(seconds.begin(), seconds.end());
        double diff = -1, refMax = -1;
        const std::string refPath = model + "/reference_output.safetensors";
        if (std::filesystem::exists(refPath)) {
            const at::Tensor ref = WeightSource::open(refPath).load("output", at::kFloat, cpu);
            if (ref.sizes() != out.sizes())
                throw std::runtime_error(c10::str("output shape ", out.sizes(), " differs from the reference's ",
                                                   ref.sizes()));
            diff = (out - ref).abs().max().item<double>();
            refMax = ref.abs().max().item<double>();
        }
        std::printf("median_s %.3f min %.3f max %.3f activation_MiB %.0f after_load_MiB %.0f blas %s "
                    "max_abs_diff %.3g ref_max_abs %.3g\n",
                    seconds[seconds.size() / 2], seconds.front(), seconds.back(), (peak - afterLoad) / 1024.0,
                    afterLoad / 1024.0, OpenBlasKernel::active().c_str(), diff, refMax);
    } catch (const std::exception& e) {
        std::fprintf(stderr, "bench_wan_forward: %s\n", e.what());
        return 1;
    }
    return 0;
}
